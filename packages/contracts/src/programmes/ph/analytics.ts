import { z } from 'zod';
import { defineTiles } from '../tiles.js';

/**
 * The public-health programmes' analytics and notification list:
 * `facility_general_program_dashboard/`, `general_program_report/` (the line
 * list a state epidemiologist sends up: one row per case with its EPID
 * number) and `public_health_notify/` (positive results of notifiable
 * diseases not yet notified, and the "mark notified" action).
 */

const count = z.number().int();
const percent = z.number().nullable();

export const phDashboardReply = z.object({
  /** The caller's facility; null for the super admin (every facility). */
  facility: z.number().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  /** The programme asked for, or null (every public-health programme the caller reads). */
  program: z.string().nullable(),
  /** Days up to a fortnight, weeks beyond. */
  periodicity: z.enum(['daily', 'weekly']),
  totals: z.object({
    samples: count,
    tests: count,
    released: count,
    positive: count,
    positivity_percent: percent,
    rejected_samples: count,
    to_notify: count,
  }),
  by_disease: z.array(
    z.object({
      program: z.string(),
      samples: count,
      tests: count,
      released: count,
      positive: count,
      positivity_percent: percent,
      rejected_samples: count,
    }),
  ),
  /** By the client's LGA of residence (null: not recorded). */
  by_lga: z.array(z.object({ lga: z.string().nullable(), state: z.string().nullable(), tests: count, positive: count })),
  series: z.array(z.object({ period: z.string(), tests: count, released: count, positive: count })),
  rejection_reasons: z.array(z.object({ reason: z.string(), count })),
  turnaround: z.object({ approved: count, within: count, within_percent: percent, median_hours: z.number().nullable() }),
});
export type PhDashboard = z.infer<typeof phDashboardReply>;

/** The public-health dashboard's headline figures (the page adds the positives still to notify, with the way to their list). */
export const PH_TILES = defineTiles<PhDashboard>([
  { key: 'samples', icon: 'samples', value: 'totals.samples' },
  { key: 'tests', icon: 'tests', value: 'totals.tests', note: { released: 'totals.released' } },
  {
    key: 'positivity',
    icon: 'positivity',
    value: 'totals.positivity_percent',
    unit: 'percent',
    note: { positive: 'totals.positive', released: 'totals.released' },
  },
  { key: 'rejected', icon: 'rejected', value: 'totals.rejected_samples' },
  {
    key: 'medianTat',
    icon: 'turnaround',
    value: 'turnaround.median_hours',
    unit: 'hours',
    note: { within: { percent: 'turnaround.within_percent' }, approved: 'turnaround.approved' },
  },
]);

/** One case (one test of a sample, a PCR panel once by its result member) of the line list. */
export const phReportRow = z.object({
  epid_number: z.string().nullable(),
  disease: z.string(),
  facility: z.string(),
  lab_number: z.string(),
  barcode: z.string(),
  client_name: z.string(),
  sex: z.string(),
  age_years: z.number().nullable(),
  state_of_residence: z.string().nullable(),
  lga_of_residence: z.string().nullable(),
  date_of_onset: z.string().nullable(),
  vaccinated: z.string().nullable(),
  travelled: z.string().nullable(),
  contact_with_case: z.string().nullable(),
  hospitalised: z.string().nullable(),
  outcome: z.string().nullable(),
  specimen: z.string().nullable(),
  sample_type: z.string().nullable(),
  test: z.string(),
  result: z.string().nullable(),
  other_results: z.string().nullable(),
  positive: z.boolean(),
  flag: z.string().nullable(),
  status: z.number(),
  ordered_at: z.union([z.string(), z.date()]),
  collected_at: z.union([z.string(), z.date()]).nullable(),
  received_at: z.union([z.string(), z.date()]).nullable(),
  approved_at: z.union([z.string(), z.date()]).nullable(),
  notified_at: z.union([z.string(), z.date()]).nullable(),
  /**
   * The EID and viral-load line lists: the programme's request-form answers
   * as printed (label, answer), in the form's order. Absent for the
   * public-health programmes, whose case answers are the columns above.
   */
  request: z.array(z.tuple([z.string(), z.string()])).optional(),
});
export type PhReportRow = z.infer<typeof phReportRow>;
/** The public-health export's columns: every field of the row but the EID/VL request answers. */
export const PH_REPORT_COLUMNS = (Object.keys(phReportRow.shape) as (keyof PhReportRow)[]).filter((k) => k !== 'request') as Exclude<
  keyof PhReportRow,
  'request'
>[];
/** The fields of the public-health case form the EID and viral-load line lists leave out of their exports (always empty there). */
export const PH_CASE_COLUMNS = [
  'epid_number',
  'state_of_residence',
  'lga_of_residence',
  'date_of_onset',
  'vaccinated',
  'travelled',
  'contact_with_case',
  'hospitalised',
  'outcome',
  'specimen',
  'positive',
  'notified_at',
] as const satisfies readonly (keyof PhReportRow)[];

export const phReportPage = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  page: z.number(),
  results: z.array(phReportRow),
});

/** One sample with a positive result of a notifiable disease, verified or released. */
export const phNotifyRow = z.object({
  id: z.number(),
  barcode: z.string(),
  lab_number: z.string(),
  program: z.string(),
  epid_number: z.string().nullable(),
  client_name: z.string(),
  sex: z.string(),
  age_years: z.number().nullable(),
  lga_of_residence: z.string().nullable(),
  flag: z.string(),
  results: z.string(),
  /** Released (approved) or only verified so far. */
  released: z.boolean(),
  approved_at: z.union([z.string(), z.date()]).nullable(),
  notified_at: z.union([z.string(), z.date()]).nullable(),
  notified_by: z.string().nullable(),
  notified_to: z.string().nullable(),
});
export type PhNotifyRow = z.infer<typeof phNotifyRow>;

export const phNotifyPage = z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(phNotifyRow) });

/** Who the case was notified to (e.g. the LGA DSNO) and a note. */
export const phNotifyBody = z
  .object({
    notified_to: z.string().trim().min(1, 'This field may not be blank.').max(200, 'Ensure this field has no more than 200 characters.'),
    note: z.string().trim().max(500, 'Ensure this field has no more than 500 characters.').default(''),
  })
  .strict();
export type PhNotifyBody = z.infer<typeof phNotifyBody>;
