import { z } from 'zod';
import { CATALOGUE, catalogueTest } from './programmes/catalogue.js';
import { EID_PCR } from './programmes/eid/eid.js';
import { PH_POSITIVE_RESULTS } from './programmes/ph/ph.js';
import { diseaseTestsOf, liveEnum, PRIORITY_DISEASES } from './programmes/priority.js';
// The registry fills PH_POSITIVE_RESULTS and the priority diseases from the programmes' definitions: it must have run first.
import { programFamily } from './programmes/registry.js';
import { RIF_RESISTANT } from './programmes/tb/tb.js';
import { VL_CODES } from './programmes/vl/vl.js';
import { WITHHELD } from './small-counts.js';

/**
 * Dashboards and reports for health officials (SPEC §2 tier dashboards, §3
 * dashboard query): aggregates only, read from the daily rows the database
 * keeps per facility, programme, test, method, result class and day
 * (migration 0018). A federal user sees the nation, a state user their state,
 * an LGA user their LGA; facility staff see their facility.
 *
 * Which tests count for which disease is data, here (docs/decisions.md
 * explains the choices): a disease's `tested` tests are its denominator (one
 * released result each), its `positive` values its cases.
 */

/** The result class a test's current state falls in (the aggregates' key). */
export const RESULT_CLASSES = [
  'pending', // ordered, in the laboratory or in review: the backlog
  'rejected', // the sample or the test was rejected
  'cancelled', // closed without a result (a panel member that did not apply)
  'positive', // a released value that found the disease (the `positive` values below)
  'negative', // a released coded value that did not
  'invalid', // a released run that gave no answer (invalid, error, inconclusive, indeterminate, equivocal)
  'undetectable', // viral load: target not detected or below the detection limit
  'suppressed', // viral load: detected, at or below the suppression cut-off
  'unsuppressed', // viral load: above it
  'value', // a released number with no class (a glucose, a haemoglobin)
] as const;
export type ResultClass = (typeof RESULT_CLASSES)[number];

/** Coded values that are a failed run, for every test (their class is `invalid`). */
export const INVALID_RESULT_VALUES = ['INVALID', 'ERROR', 'NO RESULT', 'INCONCLUSIVE', 'INDETERMINATE', 'EQUIVOCAL', 'RIF RESISTANCE INDETERMINATE'] as const;

/** Coded values that found what the test looks for, for every test (an HBsAg or a screening HIV test REACTIVE): class `positive`. */
export const GENERIC_POSITIVE_VALUES = ['POSITIVE', 'REACTIVE', 'DETECTED'] as const;

// The priority diseases (PRIORITY_DISEASES, DISEASE_TESTS, TIER_DISEASES) come from the programmes' definitions
// (`priorityDisease`, programmes/priority.ts).

/** A priority disease's key (`lassa`): one of PRIORITY_DISEASES. */
export type PriorityDisease = string;
/** A disease with a dashboard of its own at each tier: one of TIER_DISEASES. */
export type TierDisease = string;

/** A schema of a priority disease's key, accepting a disease registered after it is made. */
const priorityDisease = (params?: Parameters<typeof z.enum>[1]) => liveEnum(() => PRIORITY_DISEASES, params);

/** TB's rifampicin-resistance members (Xpert, Ultra, LPA, DST) and their resistant value: RR-TB on the TB dashboards. */
export const RR_TB_TESTS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(Object.entries(RIF_RESISTANT).map(([code, v]) => [code, [v]]));
/** The EID PCR and the viral load (copies/mL) for the HIV dashboards. */
export const HIV_EID_TEST = EID_PCR;
export const HIV_VL_TEST = VL_CODES.RNA;

/**
 * The programmes whose samples are referred for a disease's tests (its dashboard's referral panel): those of its
 * tests, with the viral load beside HIV, outside General (which refers nothing). Malaria's tests are General's: none.
 */
export function referralProgrammesOf(disease: PriorityDisease): string[] {
  const d = diseaseTestsOf(disease);
  const codes = [...d.tested, ...Object.keys(d.positive), ...(disease === 'hiv' ? [HIV_VL_TEST] : [])];
  const programmes = new Set(codes.map((c) => catalogueTest(c)?.program).filter((p): p is string => p != null));
  return [...programmes].filter((p) => programFamily(p) !== 'general').sort();
}

/**
 * The tests with a qualitative reading: those that can say positive (a disease's or a programme's declared
 * positives, or a generic positive value among their codes). Only they have positives, negatives and a
 * positivity on a dashboard; a number (a haemoglobin) or a coded value that finds nothing (a genotype, a blood
 * group) is counted as a test, never as a negative.
 */
export function qualitativeTestCodes(): string[] {
  const positive = new Set(resultClassRules().map((r) => r.code));
  const generic: readonly string[] = GENERIC_POSITIVE_VALUES;
  return CATALOGUE.filter((t) => positive.has(t.code) || t.positive?.length || (t.result === 'coded' && t.codes?.some((c) => generic.includes(c)))).map(
    (t) => t.code,
  );
}

/** Every (test code, value, class) the aggregates classify by value; the database is seeded with them. */
export function resultClassRules(): { code: string; value: string; result_class: ResultClass }[] {
  const rules = new Map<string, { code: string; value: string; result_class: ResultClass }>();
  const add = (code: string, value: string, result_class: ResultClass) => rules.set(`${code}\u0000${value}`, { code, value, result_class });
  for (const d of PRIORITY_DISEASES) for (const [code, values] of Object.entries(diseaseTestsOf(d).positive)) for (const v of values) add(code, v, 'positive');
  for (const [code, values] of Object.entries(PH_POSITIVE_RESULTS)) for (const v of values.values) add(code, v, 'positive');
  for (const [code, values] of Object.entries(RR_TB_TESTS)) for (const v of values) add(code, v, 'positive');
  return [...rules.values()];
}

/** The tier a user works at (user_location 1–3); 4 ("other") and facility staff have none. */
export const TIER_LEVEL_NAMES = { 1: 'federal', 2: 'state', 3: 'lga' } as const;
export type TierLevelName = (typeof TIER_LEVEL_NAMES)[keyof typeof TIER_LEVEL_NAMES];

/** How long a dashboard looks back when no dates are given: the last 90 days, today included (Africa/Lagos). */
export const TIER_DEFAULT_DAYS = 90;
export {
  type CountNode,
  groupLeaks,
  type Hidden,
  protectCounts,
  type ShownCount,
  SMALL_NUMBER_LIMIT,
  SUPPRESSED_LABEL,
  shownCount,
  WITHHELD,
} from './small-counts.js';

export const TIER_PERIODICITIES = ['daily', 'weekly', 'monthly', 'quarterly'] as const;
export type TierPeriodicity = (typeof TIER_PERIODICITIES)[number];

/** The tables of a dashboard that can be exported (`format=csv|xlsx&table=`). */
export const TIER_TABLES = ['tiles', 'by_area', 'series', 'by_test', 'latest_positives', 'by_state'] as const;
export type TierTable = (typeof TIER_TABLES)[number];

const count = z.number().int();
/** A count of cases: null where it is 1–4 in a cell below state level (shown "< 5"). */
const cases = z.number().int().nullable();
/** A count that may be hidden: null where it is 1–4 ("< 5"), "withheld" where it would let such a count be worked out. */
const guarded = z.union([z.number().int(), z.literal(WITHHELD)]).nullable();
/** positive / (positive + negative) × 100, one decimal; null without a valid result or where the cases are suppressed. */
const percent = z.number().nullable();
/** Average days, one decimal; null without any. */
const days = z.number().nullable();
/** Average minutes, whole; null without any (a leg shorter than a day reads in hours or minutes). */
const minutes = z.number().int().nullable();

/** The area whose figures these are: the nation, a state, an LGA or a facility. */
export const tierAreaSchema = z.object({
  level: z.enum(['nation', 'state', 'lga', 'facility']),
  id: z.number().nullable(),
  name: z.string(),
});
export type TierArea = z.infer<typeof tierAreaSchema>;

const figures = {
  tests: count,
  /** Tests with a qualitative reading (positive or negative): the positivity's base; 0 for a test read as a number. */
  with_reading: count,
  positives: guarded,
  negatives: guarded,
  invalid: count,
  positivity_percent: percent,
};

export const priorityTile = z.object({
  disease: priorityDisease(),
  ...figures,
  previous: z.object(figures),
  /** Positivity against the previous period of the same length: up, down, flat, or null when either has no test with a reading. */
  trend: z.enum(['up', 'down', 'flat']).nullable(),
});
export type PriorityTile = z.infer<typeof priorityTile>;

type TrendFigures = { tests: number; with_reading: number; positivity_percent: number | null };
/**
 * Positivity against the previous period. No trend without a base on both sides: a period without a test with
 * a reading (nothing tested, or nothing tested before) has no arrow, nor a hidden positivity.
 */
export function positivityTrend(now: TrendFigures, before: TrendFigures): 'up' | 'down' | 'flat' | null {
  if (!now.with_reading || !before.with_reading || now.positivity_percent == null || before.positivity_percent == null) return null;
  return now.positivity_percent > before.positivity_percent ? 'up' : now.positivity_percent < before.positivity_percent ? 'down' : 'flat';
}

export const stateFigures = z.object({ state: z.number(), state_name: z.string(), disease: priorityDisease(), ...figures });

/** `GET global_dashboard/`: the priority diseases (every tier user's landing). */
export const globalDashboardReply = z.object({
  area: tierAreaSchema,
  start_date: z.string(),
  end_date: z.string(),
  previous_start_date: z.string(),
  previous_end_date: z.string(),
  tiles: z.array(priorityTile),
  /** Per state and disease (state level: never suppressed), for the map. */
  by_state: z.array(stateFigures),
  /** Positives of the last 7 days of the period by LGA of the testing facility, most first (counts, never names). */
  latest_positives: z.array(
    z.object({ lga: z.number(), lga_name: z.string(), state_name: z.string(), disease: priorityDisease(), positives: cases, tests: count }),
  ),
  latest_start_date: z.string(),
});
export type GlobalDashboard = z.infer<typeof globalDashboardReply>;

const areaRow = z.object({
  id: z.number(),
  name: z.string(),
  ...figures,
  rejected: count,
  /** Tests still in the laboratory (ordered, accepted, in review). */
  backlog: count,
});

/** `GET tier_general_program_dashboard/` (a disease or programme) and `tier_general_order_dashboard/` (General). */
export const tierDashboardReply = z.object({
  area: tierAreaSchema,
  disease: priorityDisease().nullable(),
  program: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  periodicity: z.enum(TIER_PERIODICITIES),
  totals: z.object({
    ...figures,
    /** Every test requested in the period, whatever its state (the rejection rate's denominator). */
    requested: count,
    rejected: count,
    rejection_percent: percent,
    backlog: count,
  }),
  /** Average days per leg of the released tests: collection → receipt → release, and collection → release. */
  turnaround: z.object({
    released: count,
    collection_to_receipt_days: days,
    receipt_to_release_days: days,
    collection_to_release_days: days,
    collection_to_receipt_minutes: minutes,
    receipt_to_release_minutes: minutes,
    collection_to_release_minutes: minutes,
  }),
  series: z.array(z.object({ period: z.string(), ...figures })),
  /** The level below the area: states (nation), LGAs (state) or facilities (LGA); below state level cases of 1–4 are null. */
  by_area_level: z.enum(['state', 'lga', 'facility']),
  by_area: z.array(areaRow),
  by_test: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), requested: count, ...figures, rejected: count, backlog: count })),
  /** HIV: the infants' PCR positivity and the viral-load suppression rate (released results). */
  hiv: z
    .object({
      eid_tests: count,
      eid_positives: cases,
      eid_positivity_percent: percent,
      vl_tests: count,
      vl_undetectable: count,
      vl_suppressed: count,
      vl_unsuppressed: count,
      vl_suppression_percent: percent,
    })
    .nullable(),
  /** TB: MTB positivity (as the totals) and rifampicin resistance among the released resistance results. */
  tb: z.object({ rif_tests: count, rr_tb: cases, rr_percent: percent }).nullable(),
});
export type TierDashboard = z.infer<typeof tierDashboardReply>;

/** One row of a tier user's report: a facility's aggregates per test (never a patient). */
export const tierReportRow = z.object({
  state: z.string(),
  lga: z.string(),
  facility: z.string(),
  facility_code: z.string(),
  program: z.string(),
  test_type: z.string(),
  requested: count,
  released: count,
  positives: cases,
  rejected: count,
  backlog: count,
});
export type TierReportRow = z.infer<typeof tierReportRow>;
export const tierReportPage = z.object({
  count,
  next: z.string().nullable(),
  previous: z.string().nullable(),
  aggregate: z.literal(true),
  results: z.array(tierReportRow),
});
export type TierReportPage = z.infer<typeof tierReportPage>;

const optionalId = (field: string) =>
  z.coerce
    .number({ error: `${field}: a number is required.` })
    .int(`${field}: a whole number is required.`)
    .min(1, `${field}: must be at least 1.`)
    .max(2_147_483_647, `${field}: too large.`)
    .optional();
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
  .optional();

/**
 * The dashboard query (SPEC §3): the area (states, lga, facility: narrowing the caller's own, never widening it),
 * the period, and what is counted (a disease, a programme, a test type, a method); `format` and `table` export one table.
 */
export const tierQuery = z.object({
  start_date: isoDate,
  end_date: isoDate,
  states: optionalId('states'),
  lga: optionalId('lga'),
  facility: optionalId('facility'),
  disease: priorityDisease({ error: () => `Choose one of: ${PRIORITY_DISEASES.join(', ')}.` }).optional(),
  program: z.string().trim().max(100).optional(),
  test_type: optionalId('test_type'),
  method: optionalId('method'),
  periodicity: z.enum(TIER_PERIODICITIES, { error: `Choose one of: ${TIER_PERIODICITIES.join(', ')}.` }).optional(),
  format: z.enum(['json', 'csv', 'xlsx'], { error: 'Choose one of: json, csv, xlsx.' }).optional(),
  table: z.enum(TIER_TABLES, { error: `Choose one of: ${TIER_TABLES.join(', ')}.` }).optional(),
});
export type TierQuery = z.infer<typeof tierQuery>;
