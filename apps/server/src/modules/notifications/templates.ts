import { NOTIFY_LANGUAGES, type NotifyLanguage } from '@nlims/contracts';

/**
 * The messages' words in the web app's six languages. Kept short: an SMS of
 * 160 characters should hold the "ready" message whole. `{lab}` is the
 * laboratory number, `{facility}` the facility's name, `{values}` the test
 * names and values (only where the programme's setting allows them).
 */
interface Words {
  readySubject: string;
  ready: string;
  readyValues: string;
  amendedSubject: string;
  amended: string;
  amendedValues: string;
  criticalSubject: string;
  critical: string;
}

const WORDS: Record<NotifyLanguage, Words> = {
  en: {
    readySubject: 'Results ready: {lab}',
    ready: 'Results for laboratory number {lab} are ready at {facility}.',
    readyValues: 'Results for laboratory number {lab} at {facility}: {values}',
    amendedSubject: 'Results amended: {lab}',
    amended: 'Results for laboratory number {lab} have been amended. The corrected report is ready at {facility}.',
    amendedValues: 'Amended results for laboratory number {lab} at {facility}: {values}',
    criticalSubject: 'CRITICAL result: {lab}',
    critical: 'CRITICAL result for laboratory number {lab} at {facility}: {values}. Please act and confirm with the laboratory.',
  },
  fr: {
    readySubject: 'Résultats disponibles : {lab}',
    ready: 'Les résultats du numéro de laboratoire {lab} sont disponibles à {facility}.',
    readyValues: 'Résultats du numéro de laboratoire {lab} à {facility} : {values}',
    amendedSubject: 'Résultats corrigés : {lab}',
    amended: 'Les résultats du numéro de laboratoire {lab} ont été corrigés. Le compte rendu corrigé est disponible à {facility}.',
    amendedValues: 'Résultats corrigés du numéro de laboratoire {lab} à {facility} : {values}',
    criticalSubject: 'Résultat CRITIQUE : {lab}',
    critical: 'Résultat CRITIQUE pour le numéro de laboratoire {lab} à {facility} : {values}. Agissez et confirmez avec le laboratoire.',
  },
  es: {
    readySubject: 'Resultados listos: {lab}',
    ready: 'Los resultados del número de laboratorio {lab} están listos en {facility}.',
    readyValues: 'Resultados del número de laboratorio {lab} en {facility}: {values}',
    amendedSubject: 'Resultados corregidos: {lab}',
    amended: 'Los resultados del número de laboratorio {lab} se han corregido. El informe corregido está listo en {facility}.',
    amendedValues: 'Resultados corregidos del número de laboratorio {lab} en {facility}: {values}',
    criticalSubject: 'Resultado CRÍTICO: {lab}',
    critical: 'Resultado CRÍTICO del número de laboratorio {lab} en {facility}: {values}. Actúe y confirme con el laboratorio.',
  },
  it: {
    readySubject: 'Risultati pronti: {lab}',
    ready: 'I risultati del numero di laboratorio {lab} sono pronti presso {facility}.',
    readyValues: 'Risultati del numero di laboratorio {lab} presso {facility}: {values}',
    amendedSubject: 'Risultati rettificati: {lab}',
    amended: 'I risultati del numero di laboratorio {lab} sono stati rettificati. Il referto corretto è pronto presso {facility}.',
    amendedValues: 'Risultati rettificati del numero di laboratorio {lab} presso {facility}: {values}',
    criticalSubject: 'Risultato CRITICO: {lab}',
    critical: 'Risultato CRITICO per il numero di laboratorio {lab} presso {facility}: {values}. Intervenire e confermare con il laboratorio.',
  },
  ar: {
    readySubject: 'النتائج جاهزة: {lab}',
    ready: 'نتائج رقم المختبر {lab} جاهزة في {facility}.',
    readyValues: 'نتائج رقم المختبر {lab} في {facility}: {values}',
    amendedSubject: 'تم تعديل النتائج: {lab}',
    amended: 'تم تعديل نتائج رقم المختبر {lab}. التقرير المصحح جاهز في {facility}.',
    amendedValues: 'النتائج المعدلة لرقم المختبر {lab} في {facility}: {values}',
    criticalSubject: 'نتيجة حرجة: {lab}',
    critical: 'نتيجة حرجة لرقم المختبر {lab} في {facility}: {values}. يرجى التصرف والتأكيد مع المختبر.',
  },
  zh: {
    readySubject: '结果已出：{lab}',
    ready: '实验室编号 {lab} 的结果已在 {facility} 出具。',
    readyValues: '实验室编号 {lab} 在 {facility} 的结果：{values}',
    amendedSubject: '结果已更正：{lab}',
    amended: '实验室编号 {lab} 的结果已更正，更正后的报告已在 {facility} 出具。',
    amendedValues: '实验室编号 {lab} 在 {facility} 的更正结果：{values}',
    criticalSubject: '危急值结果：{lab}',
    critical: '实验室编号 {lab} 在 {facility} 的危急值结果：{values}。请立即处理并与实验室确认。',
  },
};

export const languageOf = (value: string | null | undefined): NotifyLanguage =>
  (NOTIFY_LANGUAGES as readonly string[]).includes(value ?? '') ? (value as NotifyLanguage) : 'en';

const fill = (template: string, vars: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');

export type MessageKind = 'ready' | 'amended' | 'critical';

/** A message's subject and body; `values` is left out of the body unless given. */
export function composeMessage(kind: MessageKind, language: string, vars: { lab: string; facility: string; values?: string | null }) {
  const w = WORDS[languageOf(language)];
  const withValues = vars.values != null && vars.values !== '';
  const v = { lab: vars.lab, facility: vars.facility, values: vars.values ?? '' };
  if (kind === 'critical') return { subject: fill(w.criticalSubject, v), body: fill(w.critical, v) };
  if (kind === 'amended') return { subject: fill(w.amendedSubject, v), body: fill(withValues ? w.amendedValues : w.amended, v) };
  return { subject: fill(w.readySubject, v), body: fill(withValues ? w.readyValues : w.ready, v) };
}
