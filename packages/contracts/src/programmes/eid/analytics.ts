import { z } from 'zod';
import { defineTiles } from '../tiles.js';
import { EID_AGE_BANDS } from './eid.js';

/**
 * The EID dashboard (`GET facility_eid_dashboard/`, SPEC §7 parameters
 * start_date / end_date): over the EID samples registered in the period
 * (Africa/Lagos days, by default the last 30 including today), the PCR tests
 * and their positivity by the infant's age band at collection, entry point,
 * PCR sequence and the facility's state; the tests by lifecycle status; the
 * rejections by reason; turnaround from collection to release; and the
 * released HIV-1 DNA detected results whose confirmatory request is not yet
 * made (the infant must start treatment and be confirmed).
 */

/** How long the dashboard looks back when no dates are given, today included. */
export const EID_DASHBOARD_DEFAULT_DAYS = 30;

const count = z.number().int();
/** detected / (detected + not detected) × 100, one decimal: positivity over valid results; null without any. */
const percent = z.number().nullable();

const figures = {
  tests: count,
  /** Tests with a released (approved) result. */
  released: count,
  detected: count,
  not_detected: count,
  /** Released indeterminate, invalid or failed runs: the infant needs a new sample. */
  no_result: count,
  positivity_percent: percent,
};

export const eidDashboardReply = z.object({
  /** The caller's facility; null for the super admin, whose figures span every facility. */
  facility: z.number().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  totals: z.object({ samples: count, rejected: count, ...figures }),
  by_age_band: z.array(z.object({ band: z.enum(EID_AGE_BANDS), ...figures })),
  /** By the request form's entry point (`null`: not given). */
  by_entry_point: z.array(z.object({ entry_point: z.string().nullable(), ...figures })),
  by_pcr_sequence: z.array(z.object({ pcr_sequence: z.string().nullable(), ...figures })),
  /** By the state of the testing facility (one row for a facility's user). */
  by_state: z.array(z.object({ state: z.string(), ...figures })),
  /** The tests by their status now (SPEC §4 codes). */
  by_status: z.array(z.object({ test_order_status: count, count })),
  /** Rejected samples by reason. */
  rejections: z.array(z.object({ reason: z.string(), code: z.string(), count })),
  /** Collection to release (approval) of the released tests, in days: median and 90th percentile; with its two segments' medians. */
  turnaround: z.object({
    released: count,
    median_days: z.number().nullable(),
    p90_days: z.number().nullable(),
    collection_to_receipt_median_days: z.number().nullable(),
    receipt_to_release_median_days: z.number().nullable(),
  }),
  /** Released HIV-1 DNA detected results on a PCR other than the confirmatory one, with no confirmatory request made yet. */
  awaiting_confirmation: z.object({
    count,
    /** The oldest first, at most 50. */
    samples: z.array(
      z.object({
        id: z.number(),
        barcode: z.string(),
        lab_number: z.string(),
        client: z.number(),
        client_name: z.string(),
        exposed_infant_number: z.string().nullable(),
        pcr_sequence: z.string().nullable(),
        age_weeks: z.number().nullable(),
        released_at: z.string(),
      }),
    ),
  }),
});
export type EidDashboard = z.infer<typeof eidDashboardReply>;

/** The EID dashboard's headline figures. */
export const EID_TILES = defineTiles<EidDashboard>([
  { key: 'samples', icon: 'samples', value: 'totals.samples' },
  { key: 'tests', icon: 'tests', value: 'totals.tests', note: { released: 'totals.released', rejected: 'totals.rejected' } },
  {
    key: 'positivity',
    icon: 'positivity',
    value: 'totals.positivity_percent',
    unit: 'percent',
    note: { detected: 'totals.detected', valid: { sum: ['totals.detected', 'totals.not_detected'] } },
  },
  { key: 'detected', icon: 'positive', value: 'totals.detected', note: { noResult: 'totals.no_result' }, alert: 'positive' },
  { key: 'awaiting', icon: 'warning', value: 'awaiting_confirmation.count', alert: 'positive' },
  { key: 'turnaround', icon: 'turnaround', value: 'turnaround.median_days', unit: 'days', note: { released: 'turnaround.released' } },
]);
