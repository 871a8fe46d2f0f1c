import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { facilities } from '../facilities/facilities.table.js';
import { machineSettings } from '../facility-settings/facility-settings.table.js';
import { results } from '../samples/results.table.js';
import { testOrders } from '../samples/samples.table.js';
import { users } from '../users/users.table.js';

/** Every message an analyser sent or was answered with, kept as it came over the wire (HL7 v2 or ASTM). */
export const instrumentMessages = pgTable(
  'instrument_messages',
  {
    id: serial('id').primaryKey(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    machineId: integer('machine_id')
      .notNull()
      .references(() => machineSettings.id),
    protocol: text('protocol').notNull(),
    /** in: from the analyser; out: the listener's reply (acknowledgement or host-query answer). */
    direction: text('direction').notNull(),
    /** result, query, ack, answer, other */
    kind: text('kind').notNull().default('result'),
    /** accepted (results entered), queued (some went to the unmatched queue), rejected (AE / NAK), answered */
    status: text('status').notNull(),
    raw: text('raw').notNull(),
    controlId: text('control_id').notNull().default(''),
    error: text('error').notNull().default(''),
    remote: text('remote').notNull().default(''),
    /** The outgoing reply to an incoming message. */
    replyTo: integer('reply_to'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('instrument_messages_machine_idx').on(t.machineId, t.receivedAt),
    index('instrument_messages_facility_idx').on(t.facilityId, t.receivedAt),
    check('instrument_messages_protocol_ck', sql`${t.protocol} in ('hl7', 'astm')`),
    check('instrument_messages_direction_ck', sql`${t.direction} in ('in', 'out')`),
  ],
);

/**
 * A result an analyser sent that names an unknown sample or a test the sample does not have: kept until a
 * supervisor matches it to a test (it is then entered as any other) or discards it with a reason.
 */
export const instrumentUnmatched = pgTable(
  'instrument_unmatched',
  {
    id: serial('id').primaryKey(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    machineId: integer('machine_id')
      .notNull()
      .references(() => machineSettings.id),
    messageId: integer('message_id')
      .notNull()
      .references(() => instrumentMessages.id),
    barcode: text('barcode').notNull(),
    /** The analyser's test code, and its value, units, flags and reference range as sent. */
    testCode: text('test_code').notNull(),
    value: text('value').notNull(),
    units: text('units').notNull().default(''),
    flags: text('flags').notNull().default(''),
    referenceRange: text('reference_range').notNull().default(''),
    /** Why it could not be placed: unknown-sample, unknown-test, not-pending, invalid-value */
    reason: text('reason').notNull(),
    observedAt: timestamp('observed_at', { withTimezone: true }),
    status: text('status').notNull().default('pending'),
    testOrderId: integer('test_order_id').references(() => testOrders.id),
    resultId: integer('result_id').references(() => results.id),
    resolution: text('resolution').notNull().default(''),
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    numericValue: numeric('numeric_value', { mode: 'number' }),
  },
  (t) => [
    index('instrument_unmatched_queue_idx').on(t.facilityId, t.status),
    check('instrument_unmatched_status_ck', sql`${t.status} in ('pending', 'matched', 'discarded')`),
  ],
);
