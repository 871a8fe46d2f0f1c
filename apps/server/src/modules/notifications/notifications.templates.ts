import { NOTIFY_LANGUAGES, type NotifyLanguage } from '@nlims/contracts';
import { catalogue } from '@nlims/i18n';

/**
 * The messages' words are in the product's one catalogue (packages/i18n, namespace `messages`), in the web app's six
 * languages. Kept short: an SMS of 160 characters should hold the "ready" message whole. `{{lab}}` is the
 * laboratory number, `{{facility}}` the facility's name, `{{values}}` the test names and values (only where the
 * programme's setting allows them).
 */
const wordsOf = (language: NotifyLanguage) => catalogue(language, 'messages');

export const languageOf = (value: string | null | undefined): NotifyLanguage =>
  (NOTIFY_LANGUAGES as readonly string[]).includes(value ?? '') ? (value as NotifyLanguage) : 'en';

/** One message's words filled in; a word missing from the catalogue is an error, never an empty message. */
function fill(language: NotifyLanguage, key: string, vars: Record<string, string>): string {
  const template = wordsOf(language)[key];
  if (template === undefined) throw new Error(`The catalogue has no message ${language}/messages:${key}.`);
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => vars[k] ?? '');
}

export type MessageKind = 'ready' | 'amended' | 'critical';

/** A message's subject and body; `values` is left out of the body unless given. */
export function composeMessage(kind: MessageKind, language: string, vars: { lab: string; facility: string; values?: string | null }) {
  const lang = languageOf(language);
  const withValues = vars.values != null && vars.values !== '';
  const v = { lab: vars.lab, facility: vars.facility, values: vars.values ?? '' };
  // The critical message always carries its values; the others only where the programme allows them.
  const body = kind === 'critical' ? 'body' : withValues ? 'bodyValues' : 'body';
  return { subject: fill(lang, `${kind}.subject`, v), body: fill(lang, `${kind}.${body}`, v) };
}
