import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { facilities } from '../facilities/facilities.table.js';
import { sections } from '../reference/reference.table.js';
import { samples, testOrders } from '../samples/samples.table.js';
import { users } from '../users/users.table.js';

/**
 * A non-conformity report of a facility, numbered per facility and year
 * (NCR-2026-00042): reported by any staff member, classified, acted on and
 * closed by a supervisor.
 */
export const ncrReports = pgTable(
  'ncr_reports',
  {
    id: serial('id').primaryKey(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    number: text('number').notNull(),
    title: text('title').notNull(),
    eventDate: date('event_date').notNull(),
    description: text('description').notNull(),
    immediateAction: text('immediate_action').notNull().default(''),
    suspectedCause: text('suspected_cause').notNull().default(''),
    sectionId: integer('section_id').references(() => sections.id),
    /** critical, major, minor (at reporting). */
    severity: text('severity').notNull(),
    /** reported, investigating, action_planned, closed. */
    state: text('state').notNull().default('reported'),
    /** manual, sample_rejected, referral_rejected, qc_rejected, result_amended. */
    source: text('source').notNull().default('manual'),
    sourceRef: integer('source_ref'),
    category: text('category'),
    type: text('type'),
    qse: text('qse'),
    consequence: integer('consequence'),
    likelihood: integer('likelihood'),
    rootCause: text('root_cause').notNull().default(''),
    reportedBy: integer('reported_by')
      .notNull()
      .references(() => users.id),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
    classifiedBy: integer('classified_by').references(() => users.id),
    classifiedAt: timestamp('classified_at', { withTimezone: true }),
    effectivenessCheck: text('effectiveness_check').notNull().default(''),
    closedBy: integer('closed_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ncr_reports_number_uq').on(t.facilityId, t.number), index('ncr_reports_facility_idx').on(t.facilityId, t.state, t.eventDate)],
);

/** The samples (and, if named, the tests) a report concerns: one lab number may have several reports. */
export const ncrSamples = pgTable(
  'ncr_samples',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => ncrReports.id),
    sampleId: integer('sample_id')
      .notNull()
      .references(() => samples.id),
    testOrderId: integer('test_order_id').references(() => testOrders.id),
  },
  (t) => [index('ncr_samples_report_idx').on(t.reportId), index('ncr_samples_sample_idx').on(t.sampleId)],
);

/** An immediate, corrective or preventive action: who does it, by when, when it was done, and whether it proved effective. */
export const ncrActions = pgTable(
  'ncr_actions',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => ncrReports.id),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    responsibleId: integer('responsible_id')
      .notNull()
      .references(() => users.id),
    dueDate: date('due_date').notNull(),
    completedOn: date('completed_on'),
    effective: boolean('effective'),
    reviewNote: text('review_note').notNull().default(''),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ncr_actions_report_idx').on(t.reportId), index('ncr_actions_open_idx').on(t.dueDate).where(sql`completed_on is null`)],
);

/** A report's history: every change, who made it and when (the audit trail has it too). */
export const ncrEvents = pgTable(
  'ncr_events',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => ncrReports.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    byUserId: integer('by_user_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('ncr_events_report_idx').on(t.reportId)],
);
