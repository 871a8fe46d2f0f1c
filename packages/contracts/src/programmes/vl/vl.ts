import { z } from 'zod';
import { ABOVE, BELOW, groupDigits, readWireValue, TARGET_NOT_DETECTED } from '../censored.js';
import type { FormSpec } from '../form-spec.js';
import type { CodedChoice } from '../types.js';

/**
 * The HIV viral-load programme's data, declared once: the request form (ART
 * history, regimen and line, pregnancy and breastfeeding, reason, last
 * result), the tests' codes, the classification of a result (WHO 2023
 * categories and Nigeria's reporting bands, with configurable cut-offs), and
 * the log10 member computed from the copies. No I/O.
 */

export const VL_CODES = {
  /** The panel ordered: copies/mL and its log10. */
  PANEL: 'VL-HIV',
  RNA: 'VL-HIV-RNA',
  LOG: 'VL-HIV-LOG',
} as const;

// --- The request form ----------------------------------------------------------------------------------

/**
 * Regimens in use in Nigeria's national ART guidelines, adults and children
 * (first, second and third line); a regimen not listed is "other" with its
 * name. The list is data: a programme change adds a line here.
 */
export const VL_REGIMENS = [
  { value: 'TDF_3TC_DTG', label: 'TDF/3TC/DTG' },
  { value: 'TDF_3TC_EFV', label: 'TDF/3TC/EFV' },
  { value: 'TDF_FTC_EFV', label: 'TDF/FTC/EFV' },
  { value: 'TAF_3TC_DTG', label: 'TAF/3TC/DTG' },
  { value: 'ABC_3TC_DTG', label: 'ABC/3TC/DTG' },
  { value: 'AZT_3TC_DTG', label: 'AZT/3TC/DTG' },
  { value: 'AZT_3TC_NVP', label: 'AZT/3TC/NVP' },
  { value: 'AZT_3TC_EFV', label: 'AZT/3TC/EFV' },
  { value: 'ABC_3TC_EFV', label: 'ABC/3TC/EFV' },
  { value: 'ABC_3TC_LPVR', label: 'ABC/3TC/LPV/r' },
  { value: 'AZT_3TC_LPVR', label: 'AZT/3TC/LPV/r' },
  { value: 'TDF_3TC_LPVR', label: 'TDF/3TC/LPV/r' },
  { value: 'AZT_3TC_ATVR', label: 'AZT/3TC/ATV/r' },
  { value: 'TDF_3TC_ATVR', label: 'TDF/3TC/ATV/r' },
  { value: 'DRVR_DTG_TDF_3TC', label: 'DRV/r + DTG + TDF/3TC' },
  { value: 'DRVR_DTG_AZT_3TC', label: 'DRV/r + DTG + AZT/3TC' },
  { value: 'other', label: 'Other (specify)' },
] as const satisfies readonly CodedChoice[];

export const VL_LINES = [
  { value: 'first', label: 'First line' },
  { value: 'second', label: 'Second line' },
  { value: 'third', label: 'Third line' },
] as const satisfies readonly CodedChoice[];

/** The repeat asked for after an unsuppressed result (the follow-on request). */
export const VL_REPEAT_REASON = 'repeat_after_eac';

export const VL_REASONS = [
  { value: 'routine', label: 'Routine monitoring' },
  { value: 'baseline', label: 'Baseline' },
  { value: 'six_months_after_start', label: '6 months after ART start' },
  { value: 'twelve_months_after_start', label: '12 months after ART start' },
  { value: 'suspected_failure', label: 'Suspected treatment failure' },
  { value: VL_REPEAT_REASON, label: 'Repeat after enhanced adherence counselling' },
  { value: 'first_anc', label: 'First ANC visit (PMTCT)' },
  { value: 'repeat_other', label: 'Repeat (other reason)' },
] as const satisfies readonly CodedChoice[];

export const VL_FORM_CHOICES = { regimen: VL_REGIMENS, regimen_line: VL_LINES, reason: VL_REASONS } as const;

/** Form fields that are also client identifiers: field → identifier type (by name, seed/reference-lists.ts). */
export const VL_FORM_IDENTIFIER_TYPES = { art_number: 'ART number' } as const;

/** Most copies/mL a last result may give. */
export const VL_MAX_COPIES = 100_000_000;

/**
 * The viral-load request. Pregnancy and breastfeeding are asked of every
 * client and optional (the form does not know the client's sex); the
 * dashboard counts them among female clients only.
 */
export const VL_FORM_SPEC: FormSpec = {
  namespace: 'vl',
  sections: [
    { key: 'art', title: 'Antiretroviral therapy' },
    { key: 'status', title: 'Pregnancy and breastfeeding' },
    { key: 'request', title: 'Request' },
  ],
  fields: [
    { name: 'art_number', label: 'ART number', section: 'art', kind: 'text', max: 50, required: true, hint: 'Also kept as the client’s identifier.' },
    { name: 'art_start_date', label: 'ART start date', section: 'art', kind: 'date', required: true },
    { name: 'regimen', label: 'Current regimen', section: 'art', kind: 'choice', choices: VL_REGIMENS, display: 'select', required: true },
    { name: 'regimen_other', label: 'Regimen (other)', section: 'art', kind: 'text', max: 100, required: true, when: { field: 'regimen', in: ['other'] } },
    { name: 'regimen_line', label: 'Regimen line', section: 'art', kind: 'choice', choices: VL_LINES, display: 'radio', required: true },
    { name: 'regimen_start_date', label: 'Current regimen start date', section: 'art', kind: 'date' },
    { name: 'pregnant', label: 'Pregnant', section: 'status', kind: 'boolean', hint: 'Female clients only.' },
    { name: 'breastfeeding', label: 'Breastfeeding', section: 'status', kind: 'boolean', hint: 'Female clients only.' },
    { name: 'reason', label: 'Reason for the test', section: 'request', kind: 'choice', choices: VL_REASONS, display: 'select', required: true },
    {
      name: 'last_vl_result',
      label: 'Last viral load',
      section: 'request',
      kind: 'number',
      min: 0,
      max: VL_MAX_COPIES,
      integer: true,
      unit: 'copies/mL',
      hint: '0 when the target was not detected.',
    },
    { name: 'last_vl_date', label: 'Date of the last viral load', section: 'request', kind: 'date' },
  ],
};

// --- Classification ---------------------------------------------------------------------------------------

/**
 * The cut-offs a result is classified by. `suppressed_max`: the most copies/mL
 * still suppressed (WHO 2023: 1,000). `bands`: the boundaries of the reporting
 * bands, ascending (Nigeria: 20, 200, 1,000 → < 20, 20–199, 200–999, ≥ 1,000).
 */
export interface VlCutoffs {
  suppressed_max: number;
  bands: number[];
}

export const VL_DEFAULT_CUTOFFS: VlCutoffs = { suppressed_max: 1000, bands: [20, 200, 1000] };

/** The cut-offs as configuration gives them (checked). */
export const vlCutoffsSchema = z
  .object({
    suppressed_max: z.number().positive().max(VL_MAX_COPIES),
    bands: z.array(z.number().positive().max(VL_MAX_COPIES)).min(1).max(10),
  })
  .strict()
  .refine((c) => c.bands.every((b, i) => i === 0 || b > c.bands[i - 1]!), { message: 'The band boundaries must be ascending.', path: ['bands'] });

let active: VlCutoffs = VL_DEFAULT_CUTOFFS;

/** The cut-offs in force (the server sets them from its configuration at start; the web from the server's). */
export const vlCutoffs = (): VlCutoffs => active;

/** Put cut-offs in force (checked; a bad set is refused with the reason). */
export function setVlCutoffs(cutoffs: VlCutoffs): void {
  active = vlCutoffsSchema.parse(cutoffs);
}

export type VlCategory = 'undetectable' | 'suppressed' | 'unsuppressed';

export interface VlClassification {
  category: VlCategory;
  /** Index of the reporting band, 0 = the lowest. */
  band: number;
}

/** The band of a value, by boundaries: below the first → 0, … at or above the last → bands.length. */
const bandOfNumber = (n: number, bands: readonly number[]) => bands.filter((b) => n >= b).length;

/**
 * The classification of a copies/mL result (the wire value: a number, "< n",
 * "> n" or "TARGET NOT DETECTED"), or null when it is none of these.
 * Undetectable: target not detected, or below the limit ("< n"), or 0.
 * Suppressed: detected, at most `suppressed_max`. Unsuppressed: above it
 * ("> n" at or above it too). The band of "< n" is the highest band a value
 * below n could fall in (the limit read as an upper bound: "< 40" is 20–199,
 * "< 20" is < 20); target not detected is the lowest band.
 */
export function vlClassify(value: number | string | null | undefined, cutoffs: VlCutoffs = active): VlClassification | null {
  const read = readWireValue(value);
  if (!read) return null;
  const { bands, suppressed_max } = cutoffs;
  if (read.qualifier === TARGET_NOT_DETECTED) return { category: 'undetectable', band: 0 };
  const n = read.numeric!;
  if (read.qualifier === BELOW) return { category: 'undetectable', band: bands.filter((b) => b < n).length };
  if (read.qualifier === ABOVE) return { category: n >= suppressed_max ? 'unsuppressed' : 'suppressed', band: bandOfNumber(n, bands) };
  if (n <= 0) return { category: 'undetectable', band: 0 };
  return { category: n > suppressed_max ? 'unsuppressed' : 'suppressed', band: bandOfNumber(n, bands) };
}

/** The reporting bands' labels: "< 20", "20–199", "200–999", "≥ 1,000". */
export function vlBandLabels(cutoffs: VlCutoffs = active): string[] {
  const b = cutoffs.bands;
  return [`< ${groupDigits(b[0]!)}`, ...b.slice(1).map((upper, i) => `${groupDigits(b[i]!)}–${groupDigits(upper - 1)}`), `≥ ${groupDigits(b.at(-1)!)}`];
}

/** A category in English, with its cut-off: "Suppressed (≤ 1,000 copies/mL)". */
export function vlCategoryLabel(category: VlCategory, cutoffs: VlCutoffs = active): string {
  const max = groupDigits(cutoffs.suppressed_max);
  if (category === 'undetectable') return 'Undetectable';
  return category === 'suppressed' ? `Suppressed (≤ ${max} copies/mL)` : `Unsuppressed (> ${max} copies/mL)`;
}

/** A copies/mL result's classification in English, for the report and the CSV: "Suppressed (≤ 1,000 copies/mL) · band 200–999". */
export function vlInterpretation(value: number | string | null | undefined, cutoffs: VlCutoffs = active): string | null {
  const c = vlClassify(value, cutoffs);
  return c ? `${vlCategoryLabel(c.category, cutoffs)} · band ${vlBandLabels(cutoffs)[c.band]}` : null;
}

/** The flag an unsuppressed copies/mL result carries; it raises the alert and the follow-on request. */
export const VL_UNSUPPRESSED = 'UNSUPPRESSED';

/** The flag of a VL result: UNSUPPRESSED on an unsuppressed copies/mL result, else none. */
export function vlFlag(testCode: string, value: number | string | null | undefined): string | null {
  return testCode === VL_CODES.RNA && vlClassify(value)?.category === 'unsuppressed' ? VL_UNSUPPRESSED : null;
}

// --- The log10 member --------------------------------------------------------------------------------------

/** log10 to two decimals. */
const log10 = (n: number) => Math.round(Math.log10(n) * 100) / 100;

/**
 * The log10 member from the copies: a number from a number, "< log10(n)" from
 * "< n", "> log10(n)" from "> n", and none (the member does not apply) for
 * target not detected or 0.
 */
export function vlLogValue(copies: number | string | null | undefined): number | string | null {
  const read = readWireValue(copies);
  if (!read || read.qualifier === TARGET_NOT_DETECTED || read.numeric == null || read.numeric <= 0) return null;
  const l = log10(read.numeric);
  return read.qualifier ? `${read.qualifier} ${l}` : l;
}

/** The log10 member does not apply once the copies say target not detected (or 0). */
export function vlMemberNotApplicable(testCode: string, sample: readonly { code: string; value: number | string | null }[]): boolean {
  if (testCode !== VL_CODES.LOG) return false;
  const copies = sample.find((r) => r.code === VL_CODES.RNA && r.value != null && r.value !== '');
  return copies != null && vlLogValue(copies.value) == null && readWireValue(copies.value) != null;
}

// --- Report --------------------------------------------------------------------------------------------------

/** The banner above an unsuppressed result on the report. */
export function vlHeadline(flags: readonly string[], cutoffs: VlCutoffs = active): string | null {
  return flags.includes(VL_UNSUPPRESSED)
    ? `UNSUPPRESSED VIRAL LOAD (> ${groupDigits(cutoffs.suppressed_max)} copies/mL): repeat after adherence counselling`
    : null;
}

/**
 * The repeat request an unsuppressed result asks for: the viral load again,
 * for the same client, with the same request form but the reason "repeat
 * after enhanced adherence counselling" and this result as the last one.
 */
export function vlFollowOn(
  sample: readonly { code: string; value: number | string | null }[],
  form: Readonly<Record<string, unknown>>,
): { codes: string[]; form: Record<string, unknown> } | null {
  const copies = sample.find((r) => r.code === VL_CODES.RNA);
  if (!copies || vlClassify(copies.value)?.category !== 'unsuppressed') return null;
  const read = readWireValue(copies.value);
  const last = read?.numeric != null ? Math.min(Math.round(read.numeric), VL_MAX_COPIES) : null;
  return { codes: [VL_CODES.PANEL], form: { ...form, reason: VL_REPEAT_REASON, last_vl_result: last, last_vl_date: null } };
}
