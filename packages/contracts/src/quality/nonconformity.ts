import { z } from 'zod';
import { dbId } from '../input.js';
import type { Role } from '../roles.js';

/**
 * Non-conformity reports (ISO 15189 §7.5; DOMAIN "Non-conformities"): any
 * staff member reports an event, a supervisor classifies it, plans and
 * reviews actions, and closes it once an action proved effective.
 */

export const NCR_SEVERITIES = ['critical', 'major', 'minor'] as const;
export type NcrSeverity = (typeof NCR_SEVERITIES)[number];

/** reported → investigating → action_planned → closed. */
export const NCR_STATES = ['reported', 'investigating', 'action_planned', 'closed'] as const;
export type NcrState = (typeof NCR_STATES)[number];

export const NCR_CATEGORIES = ['general', 'order', 'sample', 'analysis', 'post_analytical'] as const;
export type NcrCategory = (typeof NCR_CATEGORIES)[number];

/** The event types (after OpenELIS's non-conforming event types), each under the category it usually belongs to. */
export const NCR_TYPES = {
  sample_collection_error: 'sample',
  labelling_error: 'sample',
  transport: 'sample',
  storage: 'sample',
  sample_quality: 'sample',
  patient_identification_mismatch: 'order',
  incomplete_request: 'order',
  wrong_test_ordered: 'order',
  equipment_malfunction: 'analysis',
  reagent: 'analysis',
  qc_failure: 'analysis',
  calibration: 'analysis',
  contamination: 'analysis',
  procedure_not_followed: 'analysis',
  transcription_error: 'post_analytical',
  critical_value_not_reported: 'post_analytical',
  report_delay: 'post_analytical',
  result_amended: 'post_analytical',
  training: 'general',
  resources: 'general',
  safety_incident: 'general',
  complaint: 'general',
  other: 'general',
} as const satisfies Record<string, NcrCategory>;
export type NcrType = keyof typeof NCR_TYPES;
export const NCR_TYPE_KEYS = Object.keys(NCR_TYPES) as NcrType[];

/** The twelve quality-system essentials (WHO LQMS). */
export const NCR_QSES = [
  'facilities_safety',
  'organisation',
  'personnel',
  'equipment',
  'purchasing_inventory',
  'process_control',
  'information_management',
  'documents_records',
  'occurrence_management',
  'assessment',
  'process_improvement',
  'customer_service',
] as const;
export type NcrQse = (typeof NCR_QSES)[number];

export const NCR_ACTION_KINDS = ['immediate', 'corrective', 'preventive'] as const;
export type NcrActionKind = (typeof NCR_ACTION_KINDS)[number];

/** Where a report came from: written by hand, or raised pre-filled from an event the system saw. */
export const NCR_SOURCES = ['manual', 'sample_rejected', 'referral_rejected', 'qc_rejected', 'result_amended'] as const;
export type NcrSource = (typeof NCR_SOURCES)[number];

/** Roles that classify, plan and review actions and close reports (in any programme of the facility). */
export const NCR_MANAGER_ROLES: readonly Role[] = ['Admin', 'Manager', 'Supervisor'];

/** Risk = consequence (1–3) × likelihood of recurrence (1–3): 1–2 low, 3–4 medium, 6–9 high. */
export function ncrRisk(consequence: number | null | undefined, likelihood: number | null | undefined): number | null {
  return consequence && likelihood ? consequence * likelihood : null;
}
export function ncrRiskLevel(risk: number | null): 'low' | 'medium' | 'high' | null {
  if (risk == null) return null;
  return risk >= 6 ? 'high' : risk >= 3 ? 'medium' : 'low';
}

const text = (max: number) => z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`);
const required = (max: number) => text(max).min(1, 'This field may not be blank.');
const isoDate = z.iso.date("Invalid date format, Accepted format 'YYYY-MM-DD'");
const scale = z.number().int('A valid integer is required.').min(1, 'Choose 1, 2 or 3.').max(3, 'Choose 1, 2 or 3.');

export const ncrCreateBody = z.object({
  title: required(200),
  /** The day it happened: never after today in Africa/Lagos (the server's check, a 400 on this field). */
  event_date: isoDate,
  description: required(4000),
  immediate_action: text(2000).default(''),
  suspected_cause: text(2000).default(''),
  section: dbId().nullable().default(null),
  severity: z.enum(NCR_SEVERITIES, { error: `Choose one of: ${NCR_SEVERITIES.join(', ')}.` }),
  /** Samples by id; each may name some of its tests (test-order ids) or none (the whole sample). */
  samples: z
    .array(z.object({ sample: dbId(), tests: z.array(dbId()).max(50).default([]) }))
    .max(100, 'Ensure this field has no more than 100 elements.')
    .default([]),
  source: z.enum(NCR_SOURCES).default('manual'),
  /**
   * The record the event came from, when raised from one: the rejected sample's id, the rejected QC run's id, the
   * amending result's id. The event must have happened (else a 400 on this field); a `manual` report names none.
   */
  source_ref: z.number().int().positive().max(2_147_483_647).nullable().default(null),
  /** A suggested type, when the event already says what it was (a QC failure, an amended result). */
  type: z
    .enum(NCR_TYPE_KEYS as [NcrType, ...NcrType[]])
    .nullable()
    .default(null),
});
export type NcrCreateBody = z.input<typeof ncrCreateBody>;

/**
 * What the reporter may still correct while the report is only reported, and a manager at any open state: only the
 * fields sent (without the create's defaults, which would blank the immediate action, the suspected cause and the
 * section of every correction that does not send them).
 */
export const ncrUpdateBody = ncrCreateBody
  .pick({ title: true, event_date: true, description: true, severity: true })
  .extend({ immediate_action: text(2000), suspected_cause: text(2000), section: dbId().nullable() })
  .partial();

/** Classification at investigation (moves a reported report to investigating). */
export const ncrClassifyBody = z.object({
  category: z.enum(NCR_CATEGORIES, { error: `Choose one of: ${NCR_CATEGORIES.join(', ')}.` }),
  type: z.enum(NCR_TYPE_KEYS as [NcrType, ...NcrType[]], { error: 'Choose the type of non-conformity.' }),
  qse: z.enum(NCR_QSES, { error: 'Choose the quality-system essential.' }),
  consequence: scale,
  likelihood: scale,
  root_cause: text(4000).default(''),
});

export const ncrActionBody = z.object({
  kind: z.enum(NCR_ACTION_KINDS, { error: `Choose one of: ${NCR_ACTION_KINDS.join(', ')}.` }),
  description: required(2000),
  /** The facility user responsible for it. */
  responsible: dbId({ error: 'This field is required.' }),
  due_date: isoDate,
});

/** Record an action done (completion date) and, at review, whether it proved effective. */
export const ncrActionUpdateBody = z.object({
  completed_on: isoDate.nullable().optional(),
  effective: z.boolean().nullable().optional(),
  review_note: text(2000).optional(),
});

export const ncrCloseBody = z.object({
  /** The effectiveness check: what was verified, and how. */
  effectiveness_check: required(2000),
  /** The closer re-enters their password: the closing is signed. */
  password: z.string().min(1, 'This field may not be blank.').max(200),
});

export const ncrListQuery = z.object({
  state: z.enum(NCR_STATES).optional(),
  severity: z.enum(NCR_SEVERITIES).optional(),
  type: z.enum(NCR_TYPE_KEYS as [NcrType, ...NcrType[]]).optional(),
  section: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** Reports whose event date lies in the period. */
  start_date: isoDate.optional(),
  end_date: isoDate.optional(),
  /** Lab number or title words. */
  search: z.string().trim().max(100).optional(),
  /** Only reports with an open action past its due date. */
  overdue: z.enum(['0', '1']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type NcrListQuery = z.input<typeof ncrListQuery>;

export const ncrItem = z.object({
  id: z.number(),
  number: z.string(),
  title: z.string(),
  event_date: z.string(),
  reported_at: z.string(),
  reported_by: z.string(),
  section: z.number().nullable(),
  section_name: z.string().nullable(),
  severity: z.enum(NCR_SEVERITIES),
  state: z.enum(NCR_STATES),
  category: z.enum(NCR_CATEGORIES).nullable(),
  type: z.string().nullable(),
  risk: z.number().nullable(),
  source: z.enum(NCR_SOURCES),
  lab_numbers: z.array(z.string()),
  /** Open actions past their due date. */
  overdue_actions: z.number(),
  closed_at: z.string().nullable(),
});
export type NcrItem = z.infer<typeof ncrItem>;

export const ncrAction = z.object({
  id: z.number(),
  kind: z.enum(NCR_ACTION_KINDS),
  description: z.string(),
  responsible: z.number(),
  responsible_name: z.string(),
  due_date: z.string(),
  completed_on: z.string().nullable(),
  effective: z.boolean().nullable(),
  review_note: z.string(),
  reviewed_by: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  overdue: z.boolean(),
  created_at: z.string(),
});
export type NcrAction = z.infer<typeof ncrAction>;

/**
 * What a history entry changed, one field at a time, as codes (a category, a type, an essential, a risk, a date, a
 * person's name, the fields edited): the page names the field and words the value in the reader's language with the
 * form's own labels. `signed` is true on a closing: the closer signed it with their password.
 */
export const NCR_CHANGE_FIELDS = [
  'number',
  'severity',
  'source',
  'fields',
  'category',
  'type',
  'qse',
  'risk',
  'action',
  'kind',
  'due_date',
  'responsible',
  'completed_on',
  'effective',
  'review_note',
  'signed',
] as const;
export type NcrChangeField = (typeof NCR_CHANGE_FIELDS)[number];
export const ncrChange = z.object({
  field: z.enum(NCR_CHANGE_FIELDS),
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]),
});
export type NcrChange = z.infer<typeof ncrChange>;

export const ncrEvent = z.object({
  at: z.string(),
  by: z.string(),
  action: z.string(),
  from_state: z.string().nullable(),
  to_state: z.string().nullable(),
  changes: z.array(ncrChange),
});

export const ncrDetail = ncrItem.extend({
  description: z.string(),
  immediate_action: z.string(),
  suspected_cause: z.string(),
  root_cause: z.string(),
  qse: z.enum(NCR_QSES).nullable(),
  consequence: z.number().nullable(),
  likelihood: z.number().nullable(),
  source_ref: z.number().nullable(),
  samples: z.array(z.object({ id: z.number(), barcode: z.string(), program: z.string(), tests: z.array(z.object({ id: z.number(), name: z.string() })) })),
  actions: z.array(ncrAction),
  history: z.array(ncrEvent),
  classified_by: z.string().nullable(),
  classified_at: z.string().nullable(),
  effectiveness_check: z.string(),
  closed_by: z.string().nullable(),
  /** What the caller may do with it now. */
  can: z.object({ edit: z.boolean(), classify: z.boolean(), act: z.boolean(), close: z.boolean() }),
});
export type NcrDetail = z.infer<typeof ncrDetail>;

/**
 * A pre-filled report for an event the system knows of (the form opens with it; nothing is saved until sent): a 400 on
 * `ref` for a record that is not the caller's to name, a 404 when the event did not happen (a sample not rejected, a
 * QC run not rejected, a result that amends none).
 */
export const ncrDraftQuery = z.object({
  source: z.enum(NCR_SOURCES.filter((s) => s !== 'manual') as [NcrSource, ...NcrSource[]]),
  ref: z.coerce.number().int().positive().max(2_147_483_647),
});
export const ncrDraft = ncrCreateBody.extend({ lab_numbers: z.array(z.string()) });
export type NcrDraft = z.infer<typeof ncrDraft>;

/** The monthly summary: counts by type and by severity, opened and closed, and the median days to close. */
export const ncrSummaryQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Enter a month as 'YYYY-MM'."),
  format: z.enum(['json', 'csv', 'xlsx'], { error: 'Choose one of: json, csv, xlsx.' }).optional(),
  /** The super admin only: one facility, or every facility. */
  facility: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const ncrSummary = z.object({
  month: z.string(),
  facility_name: z.string().nullable(),
  reported: z.number(),
  closed: z.number(),
  open: z.number(),
  overdue_actions: z.number(),
  median_days_to_close: z.number().nullable(),
  by_type: z.array(z.object({ type: z.string().nullable(), count: z.number() })),
  by_severity: z.array(z.object({ severity: z.enum(NCR_SEVERITIES), count: z.number() })),
  by_state: z.array(z.object({ state: z.enum(NCR_STATES), count: z.number() })),
});
export type NcrSummary = z.infer<typeof ncrSummary>;

/** The summary as one table (CSV, Excel): a group (total, type, severity, state), the item, and its count. */
export const NCR_SUMMARY_COLUMNS = ['group', 'item', 'count'] as const;
export function ncrSummaryRows(summary: NcrSummary): { group: string; item: string; count: number | null }[] {
  return [
    { group: 'total', item: 'reported', count: summary.reported },
    { group: 'total', item: 'closed', count: summary.closed },
    { group: 'total', item: 'open', count: summary.open },
    { group: 'total', item: 'overdue_actions', count: summary.overdue_actions },
    { group: 'total', item: 'median_days_to_close', count: summary.median_days_to_close },
    ...summary.by_type.map((r) => ({ group: 'type', item: r.type ?? 'unclassified', count: r.count })),
    ...summary.by_severity.map((r) => ({ group: 'severity', item: r.severity, count: r.count })),
    ...summary.by_state.map((r) => ({ group: 'state', item: r.state, count: r.count })),
  ];
}
