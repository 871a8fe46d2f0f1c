import { sql } from 'drizzle-orm';
import { serial, boolean, index, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { RESULT_STATUS as R } from '@nlims/contracts';
import { testOrders } from './samples.table.js';

export interface Isolate {
  organism: number;
  antibiogram: { antibiotic: number; interpretation: 'S' | 'I' | 'R' }[];
}

/**
 * Every result value ever entered for a test: a new run (after rejection or
 * retest) and an amendment each add a row; `current` marks the one in force.
 * Nothing is overwritten or deleted.
 */
export const results = pgTable(
  'results',
  {
    id: serial('id').primaryKey(),
    testOrderId: integer('test_order_id')
      .notNull()
      .references(() => testOrders.id),
    facilityId: integer('facility_id').notNull(),
    version: integer('version').notNull().default(1),
    current: boolean('current').notNull().default(true),
    status: integer('status').notNull(),
    valueNumeric: numeric('value_numeric', { mode: 'number' }),
    valueText: text('value_text'),
    unit: text('unit').notNull().default(''),
    flag: text('flag'),
    refLow: numeric('ref_low', { mode: 'number' }),
    refHigh: numeric('ref_high', { mode: 'number' }),
    isolates: jsonb('isolates').$type<Isolate[]>().notNull().default([]),
    comment: text('comment').notNull().default(''),
    methodId: integer('method_id'),
    instrumentId: integer('instrument_id'),
    enteredBy: integer('entered_by').notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedBy: integer('verified_by'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    approvedBy: integer('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** The meaning of the approver's electronic signature. */
    signatureMeaning: text('signature_meaning'),
    rejectionReasonId: integer('rejection_reason_id'),
    statusReason: text('status_reason'),
    amendsId: integer('amends_id'),
    amendmentReason: text('amendment_reason'),
  },
  (t) => [
    index('results_test_order_idx').on(t.testOrderId),
    index('results_facility_status_idx').on(t.facilityId, t.status, t.current),
    // Released results by approval time, for turnaround figures.
    index('results_released_idx').on(t.facilityId, t.approvedAt).where(sql`current and status = 7`),
  ],
);

/** The states of an amendment still under review (the version it amends stays current until it is approved). */
export const OPEN_AMENDMENT = [R.ENTERED, R.VERIFIED];
