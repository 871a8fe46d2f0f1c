import { z } from 'zod';
import { defineTiles } from '../tiles.js';

/**
 * The viral-load programme's dashboard (`GET facility_vl_dashboard/`): over
 * the VL samples registered in the period, the released copies/mL results
 * classified by the cut-offs in force (programmes/vl.ts), suppression by
 * sex, age band, regimen line, pregnancy, breastfeeding and state, coverage,
 * turnaround from collection to release, and Nigeria's reporting bands.
 */

/** How long the dashboard looks back when no dates are given: the last 30 days, today included (Africa/Lagos). */
export const VL_DASHBOARD_DEFAULT_DAYS = 30;

/** The age bands suppression is reported by (years at registration of the sample). */
export const VL_AGE_BANDS = ['0-14', '15-19', '20-24', '25-29', '30-34', '35-39', '40-44', '45-49', '50+'] as const;

/** The breakdowns of suppression. */
export const VL_DIMENSIONS = ['sex', 'age_band', 'regimen_line', 'pregnant', 'breastfeeding', 'state'] as const;
export type VlDimension = (typeof VL_DIMENSIONS)[number];

const count = z.number().int();
const percent = z.number().nullable();

/** Released copies results of one group, classified; `key` is a stored value ('' when not recorded). */
export const vlGroup = z.object({
  key: z.string(),
  /** Samples registered in the period in this group. */
  samples: count,
  released: count,
  undetectable: count,
  suppressed: count,
  unsuppressed: count,
  /** (undetectable + suppressed) / released. */
  suppression_percent: percent,
});
export type VlGroup = z.infer<typeof vlGroup>;

export const vlCutoffsReply = z.object({
  suppressed_max: z.number(),
  bands: z.array(z.number()),
  /** "< 20", "20–199", "200–999", "≥ 1,000". */
  band_labels: z.array(z.string()),
});
export type VlCutoffsReply = z.infer<typeof vlCutoffsReply>;

export const vlDashboardReply = z.object({
  /** The facility counted; null: every facility (the super admin). */
  facility: z.number().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  cutoffs: vlCutoffsReply,
  totals: vlGroup.extend({
    rejected: count,
    /** Clients with a VL sample registered in the period. */
    clients: count,
    /** Of those, clients with a released result on one of those samples. */
    clients_with_result: count,
    /** clients_with_result / clients. */
    coverage_percent: percent,
    /** Unsuppressed results whose repeat request has not been made yet. */
    awaiting_repeat: count,
  }),
  /** Released results per reporting band, lowest first. */
  bands: z.array(z.object({ band: count, label: z.string(), count })),
  by: z.object(Object.fromEntries(VL_DIMENSIONS.map((d) => [d, z.array(vlGroup)])) as Record<VlDimension, z.ZodArray<typeof vlGroup>>),
  /** Hours, medians over released results: collection → reception, reception → release, collection → release. */
  turnaround: z.object({
    released: count,
    collection_to_reception_hours: z.number().nullable(),
    reception_to_release_hours: z.number().nullable(),
    collection_to_release_hours: z.number().nullable(),
    /** Released by the test's due time. */
    within_percent: percent,
  }),
});
export type VlDashboard = z.infer<typeof vlDashboardReply>;

/** The viral-load dashboard's headline figures. */
export const VL_TILES = defineTiles<VlDashboard>([
  { key: 'samples', icon: 'samples', value: 'totals.samples', note: { released: 'totals.released', rejected: 'totals.rejected' } },
  {
    key: 'suppression',
    icon: 'positivity',
    value: 'totals.suppression_percent',
    unit: 'percent',
    note: { suppressed: { sum: ['totals.undetectable', 'totals.suppressed'] }, released: 'totals.released' },
  },
  { key: 'unsuppressed', icon: 'positive', value: 'totals.unsuppressed', note: { awaiting: 'totals.awaiting_repeat' }, alert: 'positive' },
  {
    key: 'coverage',
    icon: 'coverage',
    value: 'totals.coverage_percent',
    unit: 'percent',
    note: { withResult: 'totals.clients_with_result', clients: 'totals.clients' },
  },
  {
    key: 'turnaround',
    icon: 'turnaround',
    value: 'turnaround.collection_to_release_hours',
    unit: 'hours',
    note: { released: 'turnaround.released', within: { percent: 'turnaround.within_percent' } },
  },
]);
