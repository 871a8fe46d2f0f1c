import { z } from 'zod';
import { dbId, idParam } from '../input.js';
import { WESTGARD_RULES } from './westgard.js';

/**
 * `qc_run/`: a run of internal quality control — one or more control levels
 * measured together on an instrument — entered by hand, evaluated on the
 * server with the Westgard rules against each material's earlier results.
 */

const required = 'This field is required.';

export const qcRunBody = z.object({
  /** The instrument (a machine setting of the facility), if the control ran on one. */
  machine: dbId().nullable().default(null),
  /** When the controls ran (default now); not in the future. */
  run_at: z.iso.datetime({ offset: true, error: 'Enter a date and time with its offset, e.g. 2026-11-26T08:30:00+01:00.' }).optional(),
  /** One result per control material (level), each once. */
  results: z
    .array(z.object({ material: dbId({ error: required }), value: z.number({ error: 'A number is required.' }).finite() }), { error: required })
    .min(1, 'Enter at least one control result.')
    .max(12, 'Ensure this field has no more than 12 elements.')
    .refine((rs) => new Set(rs.map((r) => r.material)).size === rs.length, 'Each control material once per run.'),
  comment: z.string().trim().max(500).default(''),
});
export type QcRunBody = z.input<typeof qcRunBody>;

const violation = z.object({ rule: z.enum(WESTGARD_RULES), severity: z.enum(['warning', 'reject']), points: z.array(z.number()) });
export const QC_VERDICTS = ['accepted', 'warning', 'rejected'] as const;

/** One control result as the Levey–Jennings chart draws it. */
export const qcResultItem = z.object({
  id: z.number(),
  run: z.number(),
  material: z.number(),
  value: z.number(),
  z: z.number(),
  violations: z.array(violation),
  run_at: z.string(),
});
export type QcResultItem = z.infer<typeof qcResultItem>;

export const qcRunReply = z.object({
  id: z.number(),
  machine: z.number().nullable(),
  run_at: z.string(),
  verdict: z.enum(QC_VERDICTS),
  entered_by: z.string(),
  comment: z.string(),
  results: z.array(qcResultItem),
});
export type QcRunReply = z.infer<typeof qcRunReply>;

/** `GET qc_result/?material=…`: a material's results over the last `days` (default 30) on `machine` (without it: the runs recorded without an instrument), oldest first, with its targets. */
export const qcChartQuery = z.object({
  material: idParam,
  machine: idParam.optional(),
  days: z.coerce
    .number()
    .int('A valid integer is required.')
    .min(1, 'Ensure this value is greater than or equal to 1.')
    .max(366, 'Ensure this value is less than or equal to 366.')
    .default(30),
});
export const qcChartReply = z.object({
  material: z.object({
    id: z.number(),
    name: z.string(),
    level: z.string(),
    lot_number: z.string(),
    target_mean: z.number(),
    target_sd: z.number(),
    unit: z.string(),
    /** Its mean and SD are still being established from its first results: no rule judges it yet. */
    establishing: z.boolean(),
  }),
  results: z.array(qcResultItem),
});
export type QcChartReply = z.infer<typeof qcChartReply>;

/** `GET qc_summary/?month=YYYY-MM`: each control material's month (Africa/Lagos) — n, mean, SD, CV and the rules fired. */
export const qcSummaryQuery = z.object({
  month: z.string({ error: required }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Invalid month format, Accepted format 'YYYY-MM'"),
  format: z.enum(['json', 'csv', 'xlsx'], { error: 'Choose one of: json, csv, xlsx.' }).optional(),
});
export const qcSummaryRow = z.object({
  material: z.number(),
  test_type: z.number(),
  test: z.string(),
  name: z.string(),
  level: z.string(),
  lot_number: z.string(),
  unit: z.string(),
  target_mean: z.number(),
  target_sd: z.number(),
  n: z.number(),
  mean: z.number().nullable(),
  sd: z.number().nullable(),
  cv: z.number().nullable(),
  warnings: z.number(),
  rejections: z.number(),
  rejected_runs: z.number(),
});
export type QcSummaryRow = z.infer<typeof qcSummaryRow>;
export const qcSummaryReply = z.object({ month: z.string(), rows: z.array(qcSummaryRow) });
export type QcSummaryReply = z.infer<typeof qcSummaryReply>;

/**
 * `qc_rules/`: the Westgard rules that judge a test's controls on one instrument (or on runs recorded without one):
 * each rule on or off, and its severity. Without a setting the defaults apply (DEFAULT_WESTGARD). Set by the
 * programme's supervisors.
 */
export const qcRulesQuery = z.object({ test_type: idParam, machine: idParam.optional() });
const ruleSetting = z.object({ enabled: z.boolean({ error: required }), severity: z.enum(['warning', 'reject'], { error: 'Choose warning or reject.' }) });
export const qcRulesBody = z.object({
  test_type: dbId({ error: required }),
  machine: dbId().nullable().default(null),
  rules: z.object(Object.fromEntries(WESTGARD_RULES.map((r) => [r, ruleSetting])) as Record<(typeof WESTGARD_RULES)[number], typeof ruleSetting>, {
    error: required,
  }),
});
export type QcRulesBody = z.input<typeof qcRulesBody>;
export const qcRulesReply = qcRulesBody.extend({
  machine: z.number().nullable(),
  /** The facility has set these rules (otherwise they are the defaults). */
  custom: z.boolean(),
});
export type QcRulesReply = z.infer<typeof qcRulesReply>;
