import { type FormSpec, formSchema } from '../form-spec.js';
import type { CodedChoice, CodedResult } from '../types.js';

/**
 * The Tuberculosis programme's data, declared once: the presumptive-TB
 * request form (WHO/NTBLCP), the result vocabularies of its tests, and the
 * rules that read those results. Its catalogue (catalogue.ts) takes the
 * vocabularies; the server serves them with the form's choices at
 * `GET /api/tb_form_lookup/`. Labels are English; the web translates by
 * value. No I/O.
 */

/** A coded value and its English label. */

type Values<C extends readonly CodedChoice[]> = C[number]['value'];

// --- The request form ----------------------------------------------------------------------------------

export const TB_FORM_CHOICES = {
  patient_category: [
    { value: 'new', label: 'New' },
    { value: 'relapse', label: 'Relapse' },
    { value: 'treatment_after_failure', label: 'Treatment after failure' },
    { value: 'treatment_after_loss_to_follow_up', label: 'Treatment after loss to follow-up' },
    { value: 'other_previously_treated', label: 'Other previously treated' },
    { value: 'unknown', label: 'Unknown' },
  ],
  reason_for_examination: [
    { value: 'diagnosis', label: 'Diagnosis' },
    { value: 'follow_up', label: 'Follow-up of treatment' },
  ],
  hiv_status: [
    { value: 'positive', label: 'Positive' },
    { value: 'negative', label: 'Negative' },
    { value: 'unknown', label: 'Unknown' },
  ],
  /** SPEC: Initial / Follow-Up / Repeat. */
  test_status: [
    { value: 'initial', label: 'Initial' },
    { value: 'follow_up', label: 'Follow-Up' },
    { value: 'repeat', label: 'Repeat' },
  ],
  specimen: [
    { value: 'sputum_spot', label: 'Sputum (spot)' },
    { value: 'sputum_early_morning', label: 'Sputum (early morning)' },
    { value: 'gastric_aspirate', label: 'Gastric aspirate' },
    { value: 'csf', label: 'Cerebrospinal fluid' },
    { value: 'stool', label: 'Stool' },
    { value: 'lymph_node_aspirate', label: 'Lymph node aspirate' },
    { value: 'other', label: 'Other (specify)' },
  ],
  visual_appearance: [
    { value: 'muco_purulent', label: 'Muco-purulent' },
    { value: 'blood_stained', label: 'Blood-stained' },
    { value: 'salivary', label: 'Salivary' },
  ],
} as const satisfies Record<string, readonly CodedChoice[]>;

export type TbFormChoiceField = keyof typeof TB_FORM_CHOICES;
export type TbPatientCategory = Values<(typeof TB_FORM_CHOICES)['patient_category']>;
export type TbSpecimen = Values<(typeof TB_FORM_CHOICES)['specimen']>;

/** The month of treatment a follow-up examination is made in (month 0: at the start of treatment). */
export const TB_TREATMENT_MONTHS = { min: 0, max: 36 } as const;

/** The seeded sample type (by name, seed/reference-lists.ts) each specimen is registered as; `other` is chosen by hand. */
export const TB_SPECIMEN_SAMPLE_TYPES: Record<TbSpecimen, string | null> = {
  sputum_spot: 'Sputum',
  sputum_early_morning: 'Sputum',
  gastric_aspirate: 'Gastric aspirate',
  csf: 'Cerebrospinal fluid',
  stool: 'Stool',
  lymph_node_aspirate: 'Lymph node aspirate',
  other: null,
};

/** Form fields that are also client identifiers: field → identifier type (by name, seed/reference-lists.ts). */
export const TB_FORM_IDENTIFIER_TYPES = {
  lga_tb_number: 'LGA TB number',
  drtb_register_number: 'DR register number',
} as const;

/**
 * The WHO/NTBLCP presumptive-TB request form, declared like every other
 * programme's (form-spec.ts): the month of treatment is asked (and required)
 * for a follow-up examination only, the specimen is named when it is "other";
 * the form's own words for those two rules are declared with them.
 */
export const TB_FORM_SPEC: FormSpec = {
  namespace: 'tb',
  sections: [
    { key: 'request', title: 'Request' },
    { key: 'specimen', title: 'Specimen' },
  ],
  fields: [
    {
      name: 'patient_category',
      label: 'Patient category',
      section: 'request',
      kind: 'choice',
      choices: TB_FORM_CHOICES.patient_category,
      display: 'select',
      required: true,
    },
    {
      name: 'reason_for_examination',
      label: 'Reason for examination',
      section: 'request',
      kind: 'choice',
      choices: TB_FORM_CHOICES.reason_for_examination,
      display: 'radio',
      required: true,
    },
    {
      name: 'treatment_month',
      label: 'Month of treatment',
      section: 'request',
      kind: 'number',
      min: TB_TREATMENT_MONTHS.min,
      max: TB_TREATMENT_MONTHS.max,
      integer: true,
      required: true,
      when: { field: 'reason_for_examination', in: ['follow_up'] },
      hint: `Month ${TB_TREATMENT_MONTHS.min} is the start of treatment; up to ${TB_TREATMENT_MONTHS.max}.`,
      messages: {
        required: 'This field is required for a follow-up examination.',
        notAsked: 'Give the treatment month only for a follow-up examination.',
      },
    },
    { name: 'hiv_status', label: 'HIV status', section: 'request', kind: 'choice', choices: TB_FORM_CHOICES.hiv_status, display: 'radio', required: true },
    { name: 'test_status', label: 'Test status', section: 'request', kind: 'choice', choices: TB_FORM_CHOICES.test_status, display: 'radio', required: true },
    { name: 'presumptive_drtb', label: 'Presumptive DR-TB', section: 'request', kind: 'boolean', display: 'checkbox', default: false },
    { name: 'lga_tb_number', label: 'LGA TB number', section: 'request', kind: 'text', max: 50, default: '' },
    { name: 'drtb_register_number', label: 'DR-TB register number', section: 'request', kind: 'text', max: 50, default: '' },
    { name: 'specimen', label: 'Specimen', section: 'specimen', kind: 'choice', choices: TB_FORM_CHOICES.specimen, display: 'select', required: true },
    {
      name: 'specimen_other',
      label: 'Other specimen',
      section: 'specimen',
      kind: 'text',
      max: 100,
      default: '',
      required: true,
      when: { field: 'specimen', in: ['other'] },
      messages: { required: 'Name the specimen.', notAsked: 'Name a specimen only when the specimen is "other".' },
    },
    {
      name: 'visual_appearance',
      label: 'Visual appearance',
      section: 'specimen',
      kind: 'choice',
      choices: TB_FORM_CHOICES.visual_appearance,
      display: 'select',
    },
  ],
};

/** The presumptive-TB request form's schema (the server's check of an order's `form`, and the order page's). */
export const tbRequestForm = formSchema(TB_FORM_SPEC);

/** What a client sends as a Tuberculosis order's `form`. */
export type TbRequestFormInput = {
  patient_category: TbPatientCategory;
  reason_for_examination: Values<(typeof TB_FORM_CHOICES)['reason_for_examination']>;
  treatment_month?: number | null;
  presumptive_drtb?: boolean;
  hiv_status: Values<(typeof TB_FORM_CHOICES)['hiv_status']>;
  lga_tb_number?: string;
  drtb_register_number?: string;
  test_status: Values<(typeof TB_FORM_CHOICES)['test_status']>;
  specimen: TbSpecimen;
  specimen_other?: string;
  visual_appearance?: Values<(typeof TB_FORM_CHOICES)['visual_appearance']> | null;
};

// --- The tests and their result vocabularies ------------------------------------------------------------

/**
 * The catalogue codes of the TB tests. A test that reports several values is
 * a panel (orderable) of member tests, each with its own vocabulary.
 */
export const TB_CODES = {
  /** Smear microscopy: a coded grade and, for a scanty smear, the count of AFB seen. */
  ZN: 'TB-ZN',
  ZN_GRADE: 'TB-ZN-GRADE',
  ZN_COUNT: 'TB-ZN-COUNT',
  LED: 'TB-LED',
  LED_GRADE: 'TB-LED-GRADE',
  LED_COUNT: 'TB-LED-COUNT',
  XPERT: 'TB-XPERT',
  XPERT_MTB: 'TB-XPERT-MTB',
  XPERT_RIF: 'TB-XPERT-RIF',
  ULTRA: 'TB-ULTRA',
  ULTRA_MTB: 'TB-ULTRA-MTB',
  ULTRA_RIF: 'TB-ULTRA-RIF',
  LAMP: 'TB-LAMP',
  LAM: 'TB-LAM',
  /** Line probe assay, first line (GenoType MTBDRplus). */
  LPA1: 'TB-LPA1',
  LPA1_MTBC: 'TB-LPA1-MTBC',
  LPA1_RIF: 'TB-LPA1-RIF',
  LPA1_INH_KATG: 'TB-LPA1-INH-KATG',
  LPA1_INH_INHA: 'TB-LPA1-INH-INHA',
  /** Line probe assay, second line (GenoType MTBDRsl). */
  LPA2: 'TB-LPA2',
  LPA2_MTBC: 'TB-LPA2-MTBC',
  LPA2_FQ: 'TB-LPA2-FQ',
  LPA2_SLI: 'TB-LPA2-SLI',
  /** Liquid culture (MGIT). */
  CULTURE: 'TB-CULTURE',
  CULTURE_RESULT: 'TB-CULTURE-RESULT',
  CULTURE_DAYS: 'TB-CULTURE-DAYS',
  /** Solid culture (Löwenstein–Jensen). */
  CULTURE_LJ: 'TB-CULTURE-LJ',
  CULTURE_LJ_RESULT: 'TB-CULTURE-LJ-RESULT',
  CULTURE_LJ_DAYS: 'TB-CULTURE-LJ-DAYS',
  /** Phenotypic drug susceptibility testing, first line (MGIT). */
  DST1: 'TB-DST1',
  DST1_RIF: 'TB-DST1-RIF',
  DST1_INH: 'TB-DST1-INH',
  DST1_EMB: 'TB-DST1-EMB',
  DST1_PZA: 'TB-DST1-PZA',
} as const;
export type TbCode = (typeof TB_CODES)[keyof typeof TB_CODES];
const C = TB_CODES;

/** AFB smear grade (IUATLD/WHO); a scanty smear also records its count in the count member. */
export const AFB_GRADES = [
  { value: 'NEGATIVE', label: 'Negative (no AFB seen)' },
  { value: 'SCANTY', label: 'Scanty (record the count)' },
  { value: '1+', label: '1+' },
  { value: '2+', label: '2+' },
  { value: '3+', label: '3+' },
] as const satisfies readonly CodedChoice[];

const XPERT_RUN_OUTCOMES = [
  { value: 'MTB NOT DETECTED', label: 'MTB not detected' },
  { value: 'INVALID', label: 'Invalid' },
  { value: 'ERROR', label: 'Error (the error code goes in the comment)' },
  { value: 'NO RESULT', label: 'No result' },
] as const satisfies readonly CodedChoice[];
const MTB_DETECTED_LEVELS = [
  { value: 'MTB DETECTED HIGH', label: 'MTB detected, high' },
  { value: 'MTB DETECTED MEDIUM', label: 'MTB detected, medium' },
  { value: 'MTB DETECTED LOW', label: 'MTB detected, low' },
  { value: 'MTB DETECTED VERY LOW', label: 'MTB detected, very low' },
] as const satisfies readonly CodedChoice[];
/** Xpert MTB/RIF, MTB member. */
export const XPERT_MTB_RESULTS = [...MTB_DETECTED_LEVELS, ...XPERT_RUN_OUTCOMES] as const satisfies readonly CodedChoice[];
/** Xpert MTB/RIF Ultra, MTB member: adds trace (always RIF indeterminate). */
export const ULTRA_MTB_RESULTS = [
  ...MTB_DETECTED_LEVELS,
  { value: 'MTB DETECTED TRACE', label: 'MTB detected, trace (rifampicin resistance indeterminate)' },
  ...XPERT_RUN_OUTCOMES,
] as const satisfies readonly CodedChoice[];
/** Xpert and Ultra, RIF member (given only when MTB is detected). */
export const XPERT_RIF_RESULTS = [
  { value: 'RIF RESISTANCE DETECTED', label: 'Rifampicin resistance detected' },
  { value: 'RIF RESISTANCE NOT DETECTED', label: 'Rifampicin resistance not detected' },
  { value: 'RIF RESISTANCE INDETERMINATE', label: 'Rifampicin resistance indeterminate' },
] as const satisfies readonly CodedChoice[];
/** Line probe assay: whether M. tuberculosis complex was detected (the assay's TUB band), or the strip is invalid. */
export const LPA_MTBC_RESULTS = [
  { value: 'MTBC DETECTED', label: 'MTB complex detected' },
  { value: 'MTBC NOT DETECTED', label: 'MTB complex not detected' },
  { value: 'INVALID', label: 'Invalid' },
] as const satisfies readonly CodedChoice[];
/** Line probe assay, one drug (given only when MTBC is detected). */
export const LPA_DRUG_RESULTS = [
  { value: 'RESISTANT', label: 'Resistant' },
  { value: 'SUSCEPTIBLE', label: 'Susceptible' },
  { value: 'INDETERMINATE', label: 'Indeterminate' },
] as const satisfies readonly CodedChoice[];
/** Culture (MGIT or LJ). */
export const CULTURE_RESULTS = [
  { value: 'MTB COMPLEX ISOLATED', label: 'MTB complex isolated' },
  { value: 'NEGATIVE', label: 'Negative (no growth)' },
  { value: 'CONTAMINATED', label: 'Contaminated' },
  { value: 'NTM ISOLATED', label: 'Non-tuberculous mycobacteria isolated' },
] as const satisfies readonly CodedChoice[];
/** Phenotypic DST, one drug: susceptible or resistant at the critical concentration. */
export const DST_RESULTS = [
  { value: 'S', label: 'Susceptible' },
  { value: 'R', label: 'Resistant' },
] as const satisfies readonly CodedChoice[];
const LAMP_RESULTS = [
  { value: 'MTB DETECTED', label: 'MTB detected' },
  { value: 'MTB NOT DETECTED', label: 'MTB not detected' },
  { value: 'INVALID', label: 'Invalid' },
] as const satisfies readonly CodedChoice[];
const LAM_RESULTS = [
  { value: 'POSITIVE', label: 'Positive' },
  { value: 'NEGATIVE', label: 'Negative' },
  { value: 'INVALID', label: 'Invalid' },
] as const satisfies readonly CodedChoice[];

/** The vocabulary of every coded TB test, by catalogue code (panels and numeric members have none). */
export const TB_RESULT_VOCABULARIES: Readonly<Record<string, readonly CodedChoice[]>> = {
  [C.ZN_GRADE]: AFB_GRADES,
  [C.LED_GRADE]: AFB_GRADES,
  [C.XPERT_MTB]: XPERT_MTB_RESULTS,
  [C.XPERT_RIF]: XPERT_RIF_RESULTS,
  [C.ULTRA_MTB]: ULTRA_MTB_RESULTS,
  [C.ULTRA_RIF]: XPERT_RIF_RESULTS,
  [C.LAMP]: LAMP_RESULTS,
  [C.LAM]: LAM_RESULTS,
  [C.LPA1_MTBC]: LPA_MTBC_RESULTS,
  [C.LPA1_RIF]: LPA_DRUG_RESULTS,
  [C.LPA1_INH_KATG]: LPA_DRUG_RESULTS,
  [C.LPA1_INH_INHA]: LPA_DRUG_RESULTS,
  [C.LPA2_MTBC]: LPA_MTBC_RESULTS,
  [C.LPA2_FQ]: LPA_DRUG_RESULTS,
  [C.LPA2_SLI]: LPA_DRUG_RESULTS,
  [C.CULTURE_RESULT]: CULTURE_RESULTS,
  [C.CULTURE_LJ_RESULT]: CULTURE_RESULTS,
  [C.DST1_RIF]: DST_RESULTS,
  [C.DST1_INH]: DST_RESULTS,
  [C.DST1_EMB]: DST_RESULTS,
  [C.DST1_PZA]: DST_RESULTS,
};

/** The codes (values) a coded TB test may take, as the catalogue stores them. */
export const tbResultCodes = (testCode: string): string[] => (TB_RESULT_VOCABULARIES[testCode] ?? []).map((c) => c.value);

/** The English label of a TB result value; the value itself when the vocabulary does not know it. */
export const tbResultLabel = (testCode: string, value: string): string => TB_RESULT_VOCABULARIES[testCode]?.find((c) => c.value === value)?.label ?? value;

// --- Interpretation ---------------------------------------------------------------------------------------

/** One result of a sample: the test's catalogue code and its value (null or '' when not entered). */
export type TbResult = CodedResult;

/** Rifampicin-resistant TB, or multidrug-resistant TB (resistant to at least rifampicin and isoniazid). */
export type TbFlag = 'RR-TB' | 'MDR-TB';

export const RIF_RESISTANT: Readonly<Record<string, string>> = {
  [C.XPERT_RIF]: 'RIF RESISTANCE DETECTED',
  [C.ULTRA_RIF]: 'RIF RESISTANCE DETECTED',
  [C.LPA1_RIF]: 'RESISTANT',
  [C.DST1_RIF]: 'R',
};
const INH_RESISTANT: Readonly<Record<string, string>> = {
  [C.LPA1_INH_KATG]: 'RESISTANT',
  [C.LPA1_INH_INHA]: 'RESISTANT',
  [C.DST1_INH]: 'R',
};
/** The assay whose isoniazid members can make a rifampicin result multidrug-resistant: LPA with LPA, DST with DST. */
const SAME_ASSAY: Readonly<Record<string, readonly string[]>> = {
  [C.LPA1_RIF]: [C.LPA1_INH_KATG, C.LPA1_INH_INHA],
  [C.LPA1_INH_KATG]: [C.LPA1_RIF],
  [C.LPA1_INH_INHA]: [C.LPA1_RIF],
  [C.DST1_RIF]: [C.DST1_INH],
  [C.DST1_INH]: [C.DST1_RIF],
};

const text = (value: TbResult['value']) => (value == null ? '' : String(value).trim());
const has = (results: readonly TbResult[], code: string, value: string) => results.some((r) => r.code === code && text(r.value) === value);

/**
 * The flag of one coded result: `RR-TB` when it shows rifampicin resistance
 * (Xpert or Ultra RIF member "RIF RESISTANCE DETECTED", LPA rpoB resistant,
 * DST rifampicin R); `MDR-TB` when the same assay on the sample (`sample`: the
 * sample's other results) also shows isoniazid resistance — LPA katG or inhA
 * resistant beside LPA rpoB resistant, DST isoniazid R beside rifampicin R;
 * null otherwise (isoniazid resistance alone is not flagged).
 */
export function interpretationFlag(testCode: string, value: TbResult['value'], sample: readonly TbResult[] = []): TbFlag | null {
  const v = text(value);
  const rif = RIF_RESISTANT[testCode] === v;
  const inh = INH_RESISTANT[testCode] === v;
  if (!rif && !inh) return null;
  const partners = SAME_ASSAY[testCode] ?? [];
  const partnerResistant = partners.some((code) => has(sample, code, (rif ? INH_RESISTANT : RIF_RESISTANT)[code]!));
  if (partnerResistant) return 'MDR-TB';
  return rif ? 'RR-TB' : null;
}

/** The strongest flag among a sample's results (MDR-TB over RR-TB), or null. */
export function sampleFlag(results: readonly TbResult[]): TbFlag | null {
  let flag: TbFlag | null = null;
  for (const r of results) {
    const f = interpretationFlag(r.code, r.value, results);
    if (f === 'MDR-TB') return f;
    flag = f ?? flag;
  }
  return flag;
}

/**
 * The tests the national diagnostic algorithm orders next, on a new sample,
 * when Xpert MTB/RIF or Ultra shows rifampicin resistance: first- and
 * second-line LPA, culture (MGIT) and first-line DST. Empty otherwise.
 */
export function followOnTests(results: readonly TbResult[]): TbCode[] {
  const rr = has(results, C.XPERT_RIF, 'RIF RESISTANCE DETECTED') || has(results, C.ULTRA_RIF, 'RIF RESISTANCE DETECTED');
  return rr ? [C.LPA1, C.LPA2, C.CULTURE, C.DST1] : [];
}

export const MTB_POSITIVE: Readonly<Record<string, readonly string[]>> = {
  [C.ZN_GRADE]: ['SCANTY', '1+', '2+', '3+'],
  [C.LED_GRADE]: ['SCANTY', '1+', '2+', '3+'],
  [C.XPERT_MTB]: MTB_DETECTED_LEVELS.map((c) => c.value),
  [C.ULTRA_MTB]: [...MTB_DETECTED_LEVELS.map((c) => c.value), 'MTB DETECTED TRACE'],
  [C.LAMP]: ['MTB DETECTED'],
  [C.LAM]: ['POSITIVE'],
  [C.LPA1_MTBC]: ['MTBC DETECTED'],
  [C.LPA2_MTBC]: ['MTBC DETECTED'],
  [C.CULTURE_RESULT]: ['MTB COMPLEX ISOLATED'],
  [C.CULTURE_LJ_RESULT]: ['MTB COMPLEX ISOLATED'],
};

/**
 * Did this result find TB (for positivity on the dashboard)? AFB seen on a
 * smear (scanty to 3+), MTB detected by Xpert, Ultra (trace included) or
 * LAMP, a positive urine LAM, MTBC on a line probe assay, MTB complex
 * isolated in culture. NTM isolated is not TB; rifampicin resistance
 * members say nothing about detection.
 */
export function mtbDetected(testCode: string, value: TbResult['value']): boolean {
  return MTB_POSITIVE[testCode]?.includes(text(value)) ?? false;
}

/** Did any of a sample's results find TB? */
export const anyMtbDetected = (results: readonly TbResult[]): boolean => results.some((r) => mtbDetected(r.code, r.value));

/** Why a result asks for the test to be repeated on a new specimen. */
export type TbRetestReason = 'trace' | 'rif_indeterminate' | 'run_failed';

const RUN_FAILED = ['INVALID', 'ERROR', 'NO RESULT'];

/**
 * Whether a result needs a retest, and why: an Ultra "MTB DETECTED TRACE"
 * (rifampicin resistance is always indeterminate on a trace: repeat Ultra on a
 * new specimen), a RIF-indeterminate Xpert or Ultra, or a failed run (invalid,
 * error, no result) of Xpert, Ultra or a line probe assay.
 */
export function retestReason(testCode: string, value: TbResult['value']): TbRetestReason | null {
  const v = text(value);
  if (testCode === C.ULTRA_MTB && v === 'MTB DETECTED TRACE') return 'trace';
  if ((testCode === C.XPERT_RIF || testCode === C.ULTRA_RIF) && v === 'RIF RESISTANCE INDETERMINATE') return 'rif_indeterminate';
  if ((testCode === C.XPERT_MTB || testCode === C.ULTRA_MTB) && RUN_FAILED.includes(v)) return 'run_failed';
  if ((testCode === C.LPA1_MTBC || testCode === C.LPA2_MTBC) && v === 'INVALID') return 'run_failed';
  return null;
}

/**
 * Members that take a value only when a sibling says so: member → the sibling
 * it depends on and the sibling values that open it. Every other member is
 * always filled.
 */
const MEMBER_DEPENDS_ON: Readonly<Record<string, { on: string; when: readonly string[] }>> = {
  [C.ZN_COUNT]: { on: C.ZN_GRADE, when: ['SCANTY'] },
  [C.LED_COUNT]: { on: C.LED_GRADE, when: ['SCANTY'] },
  [C.XPERT_RIF]: { on: C.XPERT_MTB, when: MTB_POSITIVE[C.XPERT_MTB]! },
  [C.ULTRA_RIF]: { on: C.ULTRA_MTB, when: MTB_POSITIVE[C.ULTRA_MTB]! },
  [C.LPA1_RIF]: { on: C.LPA1_MTBC, when: ['MTBC DETECTED'] },
  [C.LPA1_INH_KATG]: { on: C.LPA1_MTBC, when: ['MTBC DETECTED'] },
  [C.LPA1_INH_INHA]: { on: C.LPA1_MTBC, when: ['MTBC DETECTED'] },
  [C.LPA2_FQ]: { on: C.LPA2_MTBC, when: ['MTBC DETECTED'] },
  [C.LPA2_SLI]: { on: C.LPA2_MTBC, when: ['MTBC DETECTED'] },
  [C.CULTURE_DAYS]: { on: C.CULTURE_RESULT, when: ['MTB COMPLEX ISOLATED', 'NTM ISOLATED'] },
  [C.CULTURE_LJ_DAYS]: { on: C.CULTURE_LJ_RESULT, when: ['MTB COMPLEX ISOLATED', 'NTM ISOLATED'] },
};

/** Does this panel member take a value, given its siblings' results? (A scanty count only for a scanty smear, RIF only when MTB is detected, …) */
export function memberApplies(testCode: string, sample: readonly TbResult[]): boolean {
  const rule = MEMBER_DEPENDS_ON[testCode];
  if (!rule) return true;
  const sibling = sample.find((r) => r.code === rule.on);
  return sibling != null && rule.when.includes(text(sibling.value));
}

/**
 * Is this member settled as not applying — its sibling has a result that does
 * not open it (RIF after MTB NOT DETECTED, a count after a NEGATIVE smear)?
 * Unlike `!memberApplies`, false while the sibling has no result yet.
 */
export function memberNotApplicable(testCode: string, sample: readonly TbResult[]): boolean {
  const rule = MEMBER_DEPENDS_ON[testCode];
  const sibling = rule && sample.find((r) => r.code === rule.on && r.value != null && r.value !== '');
  return sibling != null && sibling !== undefined && !rule!.when.includes(text(sibling.value));
}

/** A member whose value follows from a sibling: an Ultra trace is always "RIF RESISTANCE INDETERMINATE". */
export function impliedValue(testCode: string, sample: readonly TbResult[]): string | null {
  if (testCode === C.ULTRA_RIF && has(sample, C.ULTRA_MTB, 'MTB DETECTED TRACE')) return 'RIF RESISTANCE INDETERMINATE';
  return null;
}

/**
 * What is inconsistent in a sample's TB results, by test code: a value given
 * to a member that does not apply (a count on a smear that is not scanty, RIF
 * without MTB detected, days to positivity without growth, drugs without
 * MTBC), or a value other than the one implied (an Ultra trace with RIF not
 * indeterminate). Empty when the results agree.
 */
export function panelIssues(results: readonly TbResult[]): { code: string; message: string }[] {
  const issues: { code: string; message: string }[] = [];
  for (const r of results) {
    const v = text(r.value);
    if (!v) continue;
    const rule = MEMBER_DEPENDS_ON[r.code];
    if (rule && !memberApplies(r.code, results)) {
      issues.push({ code: r.code, message: `Leave this result blank unless ${rule.on} is ${rule.when.join(' or ')}.` });
      continue;
    }
    const implied = impliedValue(r.code, results);
    if (implied && implied !== v) issues.push({ code: r.code, message: `An MTB DETECTED TRACE result is always ${implied}.` });
  }
  return issues;
}
