import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { facilities } from '../facilities/facilities.table.js';
import { programs } from '../programs/programs.table.js';
import { samples } from '../samples/samples.table.js';

/**
 * Every message the system sends (a result released, amended, a critical
 * value) is one row here first, written in the transaction that caused it;
 * a dispatcher sends it through the configured provider. `dedupe_key` makes
 * "nothing is sent twice" a constraint: the same event for the same
 * recipient and channel is one row, whatever retries or second clicks do.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: serial('id').primaryKey(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    programId: integer('program_id').references(() => programs.id),
    sampleId: integer('sample_id').references(() => samples.id),
    /** The result (results.id) the message is about, when it is about one. */
    resultId: integer('result_id'),
    /** result_ready | result_amended | critical_value */
    event: text('event').notNull(),
    /** clinician | client */
    recipientKind: text('recipient_kind').notNull(),
    /** sms | email */
    channel: text('channel').notNull(),
    /** The phone number (E.164) or e-mail address. */
    address: text('address').notNull(),
    /** The language the message was written in (en, fr, ar, …). */
    language: text('language').notNull().default('en'),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    /**
     * The body gives result values (not only that results are ready). A client's such message waits while the
     * order's invoice holds the report (notifications.payment-hold.ts).
     */
    carriesValues: boolean('carries_values').notNull().default(false),
    /** queued | sending | sent | delivered | failed */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error').notNull().default(''),
    /** The provider's own id for the message (SMTP message id, the gateway's id), for delivery reports. */
    providerId: text('provider_id'),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_outbox_dedupe_uq').on(t.dedupeKey),
    index('notification_outbox_due_idx').on(t.nextAttemptAt).where(sql`status = 'queued'`),
    index('notification_outbox_facility_idx').on(t.facilityId, t.createdAt),
    index('notification_outbox_sample_idx').on(t.sampleId),
    index('notification_outbox_provider_idx').on(t.providerId),
  ],
);

/**
 * What a facility's messages about one programme may say: `ready` (only that a
 * result is ready and where — the default for HIV programmes) or `value` (the
 * result itself). A missing row means the programme's default.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    id: serial('id').primaryKey(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
    /** ready | value */
    content: text('content').notNull(),
    /** Send to the requesting clinician / to the consenting client. */
    notifyClinician: boolean('notify_clinician').notNull().default(true),
    notifyClient: boolean('notify_client').notNull().default(true),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notification_settings_facility_program_uq').on(t.facilityId, t.programId)],
);

/**
 * A critical value (LL / HH) and its notification: when the clinician was
 * notified and how, and who acknowledged it and when (a read-back recorded
 * by the laboratory, or the clinician's own acknowledgement).
 */
export const criticalAlerts = pgTable(
  'critical_alerts',
  {
    id: serial('id').primaryKey(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    sampleId: integer('sample_id')
      .notNull()
      .references(() => samples.id),
    resultId: integer('result_id').notNull(),
    flag: text('flag').notNull(),
    notifiedTo: text('notified_to').notNull().default(''),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    acknowledgedBy: text('acknowledged_by'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    /** The user who recorded the acknowledgement. */
    recordedBy: integer('recorded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('critical_alerts_result_uq').on(t.resultId), index('critical_alerts_facility_idx').on(t.facilityId, t.acknowledgedAt)],
);
