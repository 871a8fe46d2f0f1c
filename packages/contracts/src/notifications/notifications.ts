import { z } from 'zod';
import { dbId } from '../input.js';
import { catalogueTest } from '../programmes/catalogue.js';
import { programDefinition } from '../programmes/registry.js';

/** The languages a client may be written to in: the web app's languages. */
export const NOTIFY_LANGUAGES = ['en', 'ar', 'es', 'fr', 'it', 'zh'] as const;
export type NotifyLanguage = (typeof NOTIFY_LANGUAGES)[number];

/** What a message about a programme's results may say: only that they are ready and where, or the values too. */
export const NOTIFICATION_CONTENTS = ['ready', 'value'] as const;
export type NotificationContent = (typeof NOTIFICATION_CONTENTS)[number];

export const NOTIFICATION_EVENTS = ['result_ready', 'result_amended', 'critical_value'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
export const NOTIFICATION_CHANNELS = ['sms', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const RECIPIENT_KINDS = ['clinician', 'client'] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];

/** An outbox row's life: queued → sending → sent → delivered, or failed (with the reason) after the last attempt. */
export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** What a programme's routine messages say unless a facility decides otherwise: its definition's `messages` (HIV programmes: only that a result is ready). */
export function defaultNotificationContent(program: string): NotificationContent {
  return programDefinition(program)?.messages ?? 'value';
}

/**
 * A test whose value never goes in a routine message, whatever its programme's setting (its catalogue entry says
 * `hiddenInMessages`: the General programme's HIV rapid tests), so the sample's message says only that results are
 * ready. A programme whose every value tells a status says so for all its tests with `messages: 'ready'` instead,
 * which a facility may change.
 */
export function hidesValueOf(_program: string, testCode: string): boolean {
  return catalogueTest(testCode)?.hiddenInMessages === true;
}

export const outboxListQuery = z.object({
  status: z.enum(OUTBOX_STATUSES).optional(),
  /** Lab number or address. */
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type OutboxListQuery = z.infer<typeof outboxListQuery>;

/**
 * Why part of an outbox row is not shown: `results` — the caller may not read this programme's results, so the
 * recipient is masked and the subject and body are left out; `programme` — the caller holds no role in the programme,
 * so its lab number and sample are left out too.
 */
export const OUTBOX_HIDDEN = ['results', 'programme'] as const;
export type OutboxHidden = (typeof OUTBOX_HIDDEN)[number];

export const outboxItem = z.object({
  id: z.number(),
  event: z.enum(NOTIFICATION_EVENTS),
  recipient_kind: z.enum(RECIPIENT_KINDS),
  channel: z.enum(NOTIFICATION_CHANNELS),
  /** The phone number or e-mail address, masked (`+234•••••1234`, `a•••@example.org`) when `hidden`. */
  address: z.string(),
  language: z.string(),
  /** Null when `hidden`. */
  subject: z.string().nullable(),
  /** Null when `hidden`. */
  body: z.string().nullable(),
  hidden: z.enum(OUTBOX_HIDDEN).nullable(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  last_error: z.string(),
  /** Queued and waiting for the order's invoice to be paid (a client's message with values while the report is held). */
  held: z.boolean(),
  /** That invoice's number; null when not held, or when the programme is hidden. */
  held_invoice: z.string().nullable(),
  program: z.string().nullable(),
  lab_number: z.string().nullable(),
  sample: z.number().nullable(),
  created_at: z.string(),
  next_attempt_at: z.string(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type OutboxItem = z.infer<typeof outboxItem>;

export const outboxPage = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(outboxItem),
  /** Channels with a provider configured; a message on another channel stays queued. */
  providers: z.object({ sms: z.boolean(), email: z.boolean() }),
});
export type OutboxPage = z.infer<typeof outboxPage>;

export const notificationSettingItem = z.object({
  program: z.number(),
  program_name: z.string(),
  content: z.enum(NOTIFICATION_CONTENTS),
  notify_clinician: z.boolean(),
  notify_client: z.boolean(),
  /** No row kept: the programme's default. */
  is_default: z.boolean(),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type NotificationSettingItem = z.infer<typeof notificationSettingItem>;

export const notificationSettingBody = z.object({
  program: dbId({ error: 'This field is required.' }),
  content: z.enum(NOTIFICATION_CONTENTS, { error: 'Choose ready or value.' }),
  notify_clinician: z.boolean().default(true),
  notify_client: z.boolean().default(true),
});
export type NotificationSettingBody = z.infer<typeof notificationSettingBody>;

export const criticalAlertItem = z.object({
  id: z.number(),
  sample: z.number(),
  lab_number: z.string(),
  result: z.number(),
  test: z.string(),
  /** Null when `value_hidden`. */
  value: z.string().nullable(),
  /** The caller may not read this programme's results (the facility's administrator): no value, and `notified_to` masked. */
  value_hidden: z.boolean(),
  flag: z.string(),
  notified_to: z.string(),
  notified_at: z.string().nullable(),
  /** The clinician's message: its outbox status (queued, sent, delivered, failed), null without a contact. */
  message_status: z.enum(OUTBOX_STATUSES).nullable(),
  acknowledged_by: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  recorded_by: z.string().nullable(),
  created_at: z.string(),
});
export type CriticalAlertItem = z.infer<typeof criticalAlertItem>;

export const criticalAlertQuery = z.object({
  sample: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  open: z.enum(['0', '1']).optional(),
});

/** The laboratory records who took the critical value and that it was read back. */
export const criticalAckBody = z.object({
  acknowledged_by: z.string().trim().min(1, 'This field may not be blank.').max(150),
  read_back: z.literal(true, { error: 'The value must be read back before the acknowledgement is recorded.' }),
});
export type CriticalAckBody = z.infer<typeof criticalAckBody>;

/** An SMS gateway's delivery report (the shared token in the X-Gateway-Token header). */
export const deliveryReportBody = z.object({
  reference: z.string().trim().min(1).max(200),
  status: z.enum(['delivered', 'failed']),
  error: z.string().trim().max(500).default(''),
});
export type DeliveryReportBody = z.infer<typeof deliveryReportBody>;
