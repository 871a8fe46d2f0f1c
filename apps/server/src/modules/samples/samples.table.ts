import { sql } from 'drizzle-orm';
import { serial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { testTypes } from '../catalogue/catalogue.table.js';
import { clients } from '../clients/clients.table.js';
import { facilities } from '../facilities/facilities.table.js';
import { programs } from '../programs/programs.table.js';
import { rejectionReasons, sampleTypes } from '../reference/reference.table.js';

/**
 * An order (DESIGN §4): one request for one client in one programme — its
 * laboratory number, clinician and the programme's request form. It holds
 * one or more samples; its state is derived from theirs.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    labNumber: text('lab_number').notNull().unique(),
    priority: text('priority').notNull().default('routine'),
    requestingClinician: text('requesting_clinician').notNull().default(''),
    /** Where the clinician is told of results (either may be empty: then the facility's contact). */
    clinicianPhone: text('clinician_phone').notNull().default(''),
    clinicianEmail: text('clinician_email').notNull().default(''),
    clinicalNotes: text('clinical_notes').notNull().default(''),
    /** The programme's own request-form fields, validated by its schema (contracts/programmes). */
    form: jsonb('form').$type<Record<string, unknown>>().notNull().default({}),
    /** Entered from a paper record (retrospective data entry). */
    retrospective: boolean('retrospective').notNull().default(false),
    /** The sample whose results asked for this request (EID: the confirmatory PCR; VL: the repeat after counselling). */
    followsSampleId: integer('follows_sample_id'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_client_idx').on(t.clientId),
    index('orders_facility_created_idx').on(t.facilityId, t.createdAt),
    // One follow-on request per sample: a second click (or a second person) gets a conflict.
    uniqueIndex('orders_follows_sample_idx').on(t.followsSampleId),
  ],
);

/**
 * A sample (specimen) of an order: its own sample type, container, barcode
 * label (the lab number, then `-2`, `-3`…), collection, reception decision and
 * status (SPEC §4 codes). Lists show one row per sample.
 */
export const samples = pgTable(
  'samples',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    facilityId: integer('facility_id').notNull(),
    programId: integer('program_id').notNull(),
    /** 1 for the order's first sample, 2, 3… for the next. */
    seq: integer('seq').notNull(),
    barcode: text('barcode').notNull(),
    /** The number printed on a device that registered the sample offline (device prefix and counter); kept as a second identifier. */
    provisionalNumber: text('provisional_number'),
    sampleTypeId: integer('sample_type_id').references(() => sampleTypes.id),
    container: text('container').notNull().default(''),
    status: integer('status').notNull(),
    /** The status before a hold, restored on release. */
    heldFrom: integer('held_from'),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    rejectionReasonId: integer('rejection_reason_id').references(() => rejectionReasons.id),
    /** A referred sample: the facility that collected and sent it (the sample itself is the testing laboratory's once received). */
    referredFromFacilityId: integer('referred_from_facility_id'),
    /** Every test that was not rejected has an approved result: the sample's work is finished. */
    completed: boolean('completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('samples_barcode_uq').on(t.barcode),
    uniqueIndex('samples_provisional_number_uq').on(t.provisionalNumber).where(sql`provisional_number is not null`),
    uniqueIndex('samples_order_seq_uq').on(t.orderId, t.seq),
    index('samples_facility_program_created_idx').on(t.facilityId, t.programId, t.createdAt),
    index('samples_facility_program_status_idx').on(t.facilityId, t.programId, t.status, t.createdAt),
    index('samples_facility_received_idx').on(t.facilityId, t.receivedAt),
    index('samples_referred_from_idx').on(t.referredFromFacilityId, t.createdAt).where(sql`referred_from_facility_id is not null`),
    // Samples still being worked on, for the open lists (a small part of a facility's history).
    index('samples_open_idx').on(t.facilityId, t.programId, t.status, t.createdAt).where(sql`not completed`),
  ],
);

/** One test of a sample; its status is the sample's (1, 3, 4) until a result moves it (5–9). */
export const testOrders = pgTable(
  'test_orders',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    sampleId: integer('sample_id')
      .notNull()
      .references(() => samples.id),
    facilityId: integer('facility_id').notNull(),
    programId: integer('program_id').notNull(),
    testTypeId: integer('test_type_id')
      .notNull()
      .references(() => testTypes.id),
    status: integer('status').notNull(),
    rejectionReasonId: integer('rejection_reason_id'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('test_orders_order_idx').on(t.orderId),
    index('test_orders_sample_idx').on(t.sampleId),
    index('test_orders_facility_status_idx').on(t.facilityId, t.status),
    // Open tests by due time, for the overdue list (final: approved 7, rejected 4, cancelled 16).
    index('test_orders_open_due_idx').on(t.facilityId, t.dueAt).where(sql`status not in (7, 4, 16)`),
    // Tests waiting for a run (accepted 3, result rejected 8, retest 9), for the workplan.
    index('test_orders_workplan_idx').on(t.facilityId, t.dueAt).where(sql`status in (3, 8, 9)`),
  ],
);

/** Per-facility, per-year counters behind the laboratory numbers. */
export const labNumberCounters = pgTable('lab_number_counters', {
  key: text('key').primaryKey(),
  value: integer('value').notNull(),
});
