import { type FormSpec, formLines } from '../form-spec.js';
import type { CodedChoice, CodedResult as TbResult, FollowOn, RequestContext } from '../types.js';

/**
 * Early infant diagnosis (EID): HIV-1 DNA PCR on a dried blood spot of an
 * HIV-exposed infant. Declared once here: the request form (the infant is the
 * order's client — name, sex and date of birth come from the client record),
 * the result vocabulary of the PCR, the flag a detected result raises, the
 * report's headline, the confirmatory request a detected PCR asks for, the
 * age bands of the dashboard and the DBS rejection reasons. No I/O.
 */

/** The catalogue code of the EID test. */
export const EID_PCR = 'EID-DNA-PCR';

/** The sample type (code, seed/reference-lists.ts) an EID sample is collected as by default. */
export const EID_DEFAULT_SAMPLE_TYPE = 'DBS';

/** HIV-1 DNA PCR results (qualitative); failed: the run gave no result (the error goes in the comment). */
export const EID_RESULTS = [
  { value: 'DETECTED', label: 'HIV-1 DNA detected' },
  { value: 'NOT DETECTED', label: 'HIV-1 DNA not detected' },
  { value: 'INDETERMINATE', label: 'Indeterminate' },
  { value: 'INVALID', label: 'Invalid' },
  { value: 'FAILED', label: 'Failed (no result)' },
] as const satisfies readonly CodedChoice[];

export type EidResult = (typeof EID_RESULTS)[number]['value'];
export const EID_RESULT_CODES: readonly EidResult[] = EID_RESULTS.map((c) => c.value);
/** Results that settle nothing: the infant needs a new sample. */
export const EID_NO_RESULT: readonly EidResult[] = ['INDETERMINATE', 'INVALID', 'FAILED'];

/** The flag a detected PCR raises on the result (and the report and the dashboard count). */
export const EID_FLAG = 'HIV DETECTED';

export const EID_HEADLINE = 'HIV-1 DNA DETECTED: start antiretroviral treatment; confirm with a second sample';

/** The identifier type (by name, seed/reference-lists.ts) the exposed-infant number is kept as on the client. */
export const EID_IDENTIFIER_TYPE = 'HIV-exposed infant number';

export const EID_CHOICES = {
  entry_point: [
    { value: 'pmtct', label: 'PMTCT' },
    { value: 'immunisation', label: 'Immunisation clinic' },
    { value: 'paediatric_ward', label: 'Paediatric ward' },
    { value: 'nutrition', label: 'Nutrition' },
    { value: 'outpatient', label: 'Outpatient' },
    { value: 'outreach', label: 'Outreach' },
    { value: 'other', label: 'Other' },
  ],
  pcr_sequence: [
    { value: 'first', label: '1st PCR (at 6 weeks)' },
    { value: 'second', label: '2nd PCR' },
    { value: 'third', label: '3rd PCR' },
    { value: 'confirmatory', label: 'Confirmatory PCR' },
    { value: 'after_breastfeeding', label: 'After cessation of breastfeeding' },
  ],
  reason: [
    { value: 'routine', label: 'Routine testing of an exposed infant' },
    { value: 'symptomatic', label: 'Infant unwell or with signs of HIV' },
    { value: 'confirm_positive', label: 'Confirm a positive result' },
    { value: 'repeat', label: 'Repeat after an indeterminate, invalid or failed result' },
    { value: 'after_breastfeeding', label: '6 weeks after breastfeeding stopped' },
    { value: 'other', label: 'Other' },
  ],
  infant_prophylaxis: [
    { value: 'nvp', label: 'NVP' },
    { value: 'azt', label: 'AZT' },
    { value: 'nvp_azt', label: 'NVP + AZT' },
    { value: 'none', label: 'None' },
    { value: 'unknown', label: 'Unknown' },
  ],
  feeding: [
    { value: 'exclusive_breastfeeding', label: 'Exclusive breastfeeding' },
    { value: 'replacement', label: 'Replacement feeding' },
    { value: 'mixed', label: 'Mixed feeding' },
    { value: 'stopped', label: 'Breastfeeding stopped' },
  ],
  mother_hiv_status: [
    { value: 'positive', label: 'Positive' },
    { value: 'negative', label: 'Negative' },
    { value: 'unknown', label: 'Unknown' },
  ],
  mother_on_art: [
    { value: 'yes', label: 'Yes' },
    { value: 'no', label: 'No' },
    { value: 'unknown', label: 'Unknown' },
  ],
} as const satisfies Record<string, readonly CodedChoice[]>;

/** The EID request form (namespace `eid`): the `form` of an EID order. */
export const EID_FORM: FormSpec = {
  namespace: 'eid',
  sections: [
    { key: 'request', title: 'Infant and request' },
    { key: 'feeding', title: 'Prophylaxis and feeding' },
    { key: 'mother', title: 'Mother' },
  ],
  fields: [
    {
      name: 'exposed_infant_number',
      label: 'Exposed-infant number',
      section: 'request',
      kind: 'text',
      max: 40,
      hint: 'The HEI register number, once the infant is enrolled; kept as an identifier of the infant.',
    },
    { name: 'entry_point', label: 'Entry point', section: 'request', kind: 'choice', choices: EID_CHOICES.entry_point, required: true, display: 'select' },
    {
      name: 'entry_point_other',
      label: 'Other entry point',
      section: 'request',
      kind: 'text',
      max: 100,
      required: true,
      when: { field: 'entry_point', in: ['other'] },
    },
    { name: 'pcr_sequence', label: 'PCR', section: 'request', kind: 'choice', choices: EID_CHOICES.pcr_sequence, required: true, display: 'select' },
    { name: 'reason', label: 'Reason for the test', section: 'request', kind: 'choice', choices: EID_CHOICES.reason, required: true, display: 'select' },
    {
      name: 'infant_prophylaxis',
      label: 'Infant ARV prophylaxis',
      section: 'feeding',
      kind: 'choice',
      choices: EID_CHOICES.infant_prophylaxis,
      required: true,
      display: 'radio',
    },
    { name: 'feeding', label: 'Feeding', section: 'feeding', kind: 'choice', choices: EID_CHOICES.feeding, required: true, display: 'select' },
    {
      name: 'breastfeeding_stopped_on',
      label: 'Breastfeeding stopped on',
      section: 'feeding',
      kind: 'date',
      required: true,
      when: { field: 'feeding', in: ['stopped'] },
    },
    { name: 'mother_name', label: "Mother's name", section: 'mother', kind: 'text', max: 100 },
    { name: 'mother_id', label: "Mother's ID (ANC or ART number)", section: 'mother', kind: 'text', max: 50 },
    {
      name: 'mother_hiv_status',
      label: "Mother's HIV status",
      section: 'mother',
      kind: 'choice',
      choices: EID_CHOICES.mother_hiv_status,
      required: true,
      display: 'radio',
    },
    {
      name: 'mother_on_art',
      label: 'Mother on ART',
      section: 'mother',
      kind: 'choice',
      choices: EID_CHOICES.mother_on_art,
      required: true,
      display: 'radio',
      when: { field: 'mother_hiv_status', in: ['positive'] },
    },
    {
      name: 'mother_regimen',
      label: "Mother's ART regimen",
      section: 'mother',
      kind: 'text',
      max: 60,
      when: { field: 'mother_on_art', in: ['yes'] },
      hint: 'For example TDF/3TC/DTG.',
    },
    {
      name: 'mother_last_vl',
      label: "Mother's last viral load",
      section: 'mother',
      kind: 'number',
      min: 0,
      max: 100_000_000,
      integer: true,
      unit: 'copies/mL',
      when: { field: 'mother_hiv_status', in: ['positive'] },
    },
    {
      name: 'mother_last_vl_date',
      label: "Date of the mother's last viral load",
      section: 'mother',
      kind: 'date',
      when: { field: 'mother_hiv_status', in: ['positive'] },
    },
  ],
};

/** Form fields that are also the infant's identifiers. */
export const EID_IDENTIFIER_FIELDS = { exposed_infant_number: EID_IDENTIFIER_TYPE } as const;

const text = (v: TbResult['value']) => (v == null ? '' : String(v).trim());

/** A detected PCR raises HIV DETECTED. */
export const eidFlag = (testCode: string, value: TbResult['value']): string | null => (testCode === EID_PCR && text(value) === 'DETECTED' ? EID_FLAG : null);

/** The report's banner when a result of the sample is flagged HIV DETECTED. */
export const eidHeadline = (flags: readonly string[]): string | null => (flags.includes(EID_FLAG) ? EID_HEADLINE : null);

/**
 * What a sample's PCR asks for next, as a new request of the same infant:
 * a detected PCR that is not itself the confirmatory one → the confirmatory
 * PCR on a second sample; an indeterminate, invalid or failed run → the same
 * PCR repeated on a new sample. Nothing otherwise (a detected confirmatory
 * PCR confirms the diagnosis).
 */
export function eidFollowOn(sample: readonly TbResult[], form: Readonly<Record<string, unknown>>): FollowOn | null {
  const value = text(sample.find((r) => r.code === EID_PCR)?.value ?? null);
  if (value === 'DETECTED' && form.pcr_sequence !== 'confirmatory')
    return { codes: [EID_PCR], form: { ...form, pcr_sequence: 'confirmatory', reason: 'confirm_positive' } };
  if ((EID_NO_RESULT as readonly string[]).includes(value)) return { codes: [EID_PCR], form: { ...form, reason: 'repeat' } };
  return null;
}

// --- Age --------------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
/** A day (YYYY-MM-DD) as given, or the Lagos day (UTC+1) of an instant. */
const isoDay = (d: string | Date): string =>
  typeof d === 'string' && d.length <= 10 ? d : new Date(new Date(d).getTime() + 3_600_000).toISOString().slice(0, 10);

/** Completed weeks of life on a day (the collection date), from the date of birth; null without one or before birth. */
export function ageInWeeks(dateOfBirth: string | null | undefined, at: string | Date): number | null {
  if (!dateOfBirth) return null;
  const days = (Date.parse(`${isoDay(at)}T00:00:00Z`) - Date.parse(`${dateOfBirth.slice(0, 10)}T00:00:00Z`)) / DAY_MS;
  return Number.isFinite(days) && days >= 0 ? Math.floor(days / 7) : null;
}

/** The dashboard's age bands: up to 2 months, over 2 up to 12 months, over 12 months; unknown without a date of birth. */
export const EID_AGE_BANDS = ['le_2m', '2_12m', 'gt_12m', 'unknown'] as const;
export type EidAgeBand = (typeof EID_AGE_BANDS)[number];

const addMonths = (day: string, months: number): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
};

/** The age band on a day (as the dashboard's SQL counts it: the date of birth plus 2 or 12 calendar months). */
export function eidAgeBand(dateOfBirth: string | null | undefined, at: string | Date): EidAgeBand {
  if (!dateOfBirth) return 'unknown';
  const day = isoDay(at);
  const dob = dateOfBirth.slice(0, 10);
  if (day <= addMonths(dob, 2)) return 'le_2m';
  if (day <= addMonths(dob, 12)) return '2_12m';
  return 'gt_12m';
}

/** The EID request as the report prints it: the infant's age in weeks at collection, then the answered fields. */
export function eidRequestLines(form: Readonly<Record<string, unknown>>, context: RequestContext = {}): [string, string][] {
  const weeks = context.collectedAt ? ageInWeeks(context.dateOfBirth, context.collectedAt) : null;
  return [...(weeks == null ? [] : [['Age at collection', `${weeks} weeks`] as [string, string]]), ...formLines(EID_FORM, form)];
}

// --- Reception --------------------------------------------------------------------------------------------

/**
 * DBS rejection reasons (iBLIS, Uganda CPHL), seeded with the other rejection
 * reasons. Their code starts with the sample type's code and a dash (`DBS-`):
 * reception offers them first for a DBS sample or an EID sample, and not for
 * other samples (`rejectionReasonsFor`).
 */
export const DBS_REJECTION_REASONS: [reason: string, code: string][] = [
  ['DBS: insufficient spots (fewer than required, or not filling the circle)', 'DBS-INSUFFICIENT'],
  ['DBS: clotted or layered spots', 'DBS-CLOTTED'],
  ['DBS: spots not dry (wet or mouldy card)', 'DBS-WET'],
  ['DBS: expired card', 'DBS-EXPIRED'],
  ['DBS: haemolysed spots or serum rings', 'DBS-HAEMOLYSED'],
  ['DBS: no request form', 'DBS-NO-FORM'],
  ['DBS: card ID does not match the request form', 'DBS-MISMATCH'],
];

/** The sample-type code a rejection reason is tagged with (`DBS-WET` → `DBS`), or null for a reason of any sample. */
export const rejectionReasonTag = (code: string | null | undefined): string | null => {
  const m = /^([A-Z]{2,8})-/.exec(code ?? '');
  return m ? m[1]! : null;
};

/**
 * The rejection reasons reception offers for a sample: a reason tagged with a
 * sample type (`DBS-…`) only for a sample of that type — an EID sample counts
 * as DBS while its type is not set otherwise — and first; the others after.
 */
export function rejectionReasonsFor<R extends { code?: string | null }>(
  reasons: readonly R[],
  sample: { program: string; sampleTypeCode?: string | null },
): R[] {
  const type = sample.sampleTypeCode ?? (sample.program === 'EID' ? EID_DEFAULT_SAMPLE_TYPE : null);
  const tagged = reasons.filter((r) => rejectionReasonTag(r.code) != null && rejectionReasonTag(r.code) === type);
  const plain = reasons.filter((r) => rejectionReasonTag(r.code) == null);
  return [...tagged, ...plain];
}
