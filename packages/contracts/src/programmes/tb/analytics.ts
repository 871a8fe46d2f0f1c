import { z } from 'zod';
import { defineTiles } from '../tiles.js';
import { TB_CODES as C } from './tb.js';

/**
 * The Tuberculosis programme's analytics (SPEC §7): the facility dashboard
 * (`GET facility_tb_dashboard/`) and the TB report (`GET tb_report/`, JSON
 * paged or CSV). A TB test that reports several values is a panel of member
 * tests (programmes/tb.ts); the analytics count a panel once, by its key
 * member — the value that says whether TB was found (Xpert MTB detection,
 * the smear grade, the culture result…) — and show the other members beside it.
 */

/** Each TB panel's key member: the test whose value counts the panel on the dashboard and heads its report row. */
export const TB_KEY_MEMBERS: Readonly<Record<string, string>> = {
  [C.ZN]: C.ZN_GRADE,
  [C.LED]: C.LED_GRADE,
  [C.XPERT]: C.XPERT_MTB,
  [C.ULTRA]: C.ULTRA_MTB,
  [C.LPA1]: C.LPA1_MTBC,
  [C.LPA2]: C.LPA2_MTBC,
  [C.CULTURE]: C.CULTURE_RESULT,
  [C.CULTURE_LJ]: C.CULTURE_LJ_RESULT,
  [C.DST1]: C.DST1_RIF,
};

/** The catalogue codes counted as "a TB test": the panels' key members (stand-alone tests such as LAMP and LAM count as themselves). */
export const TB_KEY_MEMBER_CODES: readonly string[] = Object.values(TB_KEY_MEMBERS);

/** The series' periods: the dashboard filter's periodicity look-up (`dashboard_filter/`). */
export const TB_PERIODICITIES = ['daily', 'weekly', 'monthly', 'quarterly', 'yearly'] as const;
export type TbPeriodicity = (typeof TB_PERIODICITIES)[number];

/** How long the dashboard looks back when no dates are given: the last 30 days, today included (Africa/Lagos). */
export const TB_DASHBOARD_DEFAULT_DAYS = 30;

const count = z.number().int();
const percent = z.number().nullable();

/** One value of a test type's key member among released results, with its English label. */
const tbResultCount = z.object({ value: z.string(), label: z.string(), count, mtb_detected: z.boolean() });

/** `GET facility_tb_dashboard/`. Every figure but `backlog` is over the samples registered in the period. */
export const tbDashboardReply = z.object({
  /** The caller's facility; null for the super admin, whose figures span every facility. */
  facility: z.number().nullable(),
  /** The period the figures cover (inclusive, Africa/Lagos) and the series' step. */
  start_date: z.string(),
  end_date: z.string(),
  periodicity: z.enum(TB_PERIODICITIES),
  totals: z.object({
    samples: count,
    /** TB tests (a panel once), rejected included, cancelled left out. */
    tests: count,
    rejected: count,
    /** Tests with a released (approved) result. */
    released: count,
    /** Released results that found TB (`mtbDetected`). */
    mtb_detected: count,
    /** mtb_detected / released × 100, one decimal; null with nothing released. */
    positivity_percent: percent,
  }),
  /** Per test type (the panel, or a stand-alone test): the same counts and its key member's released values. */
  by_test_type: z.array(
    z.object({
      test_type: z.number(),
      code: z.string(),
      name: z.string(),
      tests: count,
      rejected: count,
      released: count,
      mtb_detected: count,
      positivity_percent: percent,
      results: z.array(tbResultCount),
    }),
  ),
  /** Released results flagged RR-TB or MDR-TB (or, before the flag is set, a released "RIF RESISTANCE DETECTED"). */
  rr_tb: z.object({
    /** Requests (orders) with at least one such result: a patient counted once however many assays agree. */
    count,
    /** Of which MDR-TB. */
    mdr_tb: count,
    /** The flagged results themselves. */
    results: count,
  }),
  /** Released tests: median hours from reception to approval, and how many were approved by their due time. */
  turnaround: z.object({ approved: count, within: count, within_percent: percent, median_hours: z.number().nullable() }),
  /** Open TB tests by status now, whatever the period (a backlog is a state, not a flow). */
  backlog: z.array(z.object({ test_order_status: z.number(), count })),
  /** Per period (`YYYY-MM-DD`, the period's first day), empty periods included. */
  series: z.array(z.object({ period: z.string(), samples: count, tests: count, released: count, mtb_detected: count })),
});
export type TbDashboard = z.infer<typeof tbDashboardReply>;

/** The TB dashboard's headline figures. */
export const TB_TILES = defineTiles<TbDashboard>([
  { key: 'samples', icon: 'samples', value: 'totals.samples' },
  { key: 'tests', icon: 'tests', value: 'totals.tests', note: { released: 'totals.released', rejected: 'totals.rejected' } },
  {
    key: 'positivity',
    icon: 'positivity',
    value: 'totals.positivity_percent',
    unit: 'percent',
    note: { detected: 'totals.mtb_detected', released: 'totals.released' },
  },
  { key: 'rrTb', icon: 'warning', value: 'rr_tb.count', note: { mdr: 'rr_tb.mdr_tb' }, alert: 'always' },
  { key: 'medianTat', icon: 'turnaround', value: 'turnaround.median_hours', unit: 'hours', note: { approved: 'turnaround.approved' } },
  {
    key: 'withinDue',
    icon: 'due',
    value: 'turnaround.within_percent',
    unit: 'percent',
    note: { within: 'turnaround.within', approved: 'turnaround.approved' },
  },
]);

const when = z.date().or(z.string()).nullable();

/** A row of the TB report: one TB test (a panel once, by its key member) with its current result and the request form's fields. */
export const tbReportRow = z.object({
  facility: z.string(),
  lab_number: z.string(),
  barcode: z.string(),
  client_name: z.string(),
  sex: z.string(),
  date_of_birth: z.string().nullable(),
  /** Whole years at the date of the order. */
  age_years: z.number().nullable(),
  lga_tb_number: z.string().nullable(),
  patient_category: z.string().nullable(),
  reason_for_examination: z.string().nullable(),
  treatment_month: z.number().nullable(),
  hiv_status: z.string().nullable(),
  test_status: z.string().nullable(),
  specimen: z.string().nullable(),
  presumptive_drtb: z.boolean().nullable(),
  sample_type: z.string().nullable(),
  test: z.string(),
  test_order_status: z.number(),
  /** The key member's current value (null before a result is entered). */
  result: z.string().nullable(),
  /** The panel's other members with a value: "name: value; …". */
  other_results: z.string().nullable(),
  /** RR-TB or MDR-TB from the panel's current results (the flag, or "RIF RESISTANCE DETECTED"); null otherwise. */
  rr_tb_flag: z.string().nullable(),
  ordered_at: z.date().or(z.string()),
  collected_at: when,
  received_at: when,
  approved_at: when,
  /** Hours from reception to approval, one decimal. */
  tat_hours: z.number().nullable(),
});
export type TbReportRow = z.infer<typeof tbReportRow>;

/** The CSV's columns, in order: the JSON row's fields. */
export const TB_REPORT_COLUMNS = Object.keys(tbReportRow.shape) as (keyof TbReportRow)[];

export const tbReportPage = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  page: z.number(),
  results: z.array(tbReportRow),
});
