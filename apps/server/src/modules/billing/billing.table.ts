import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { testTypes } from '../catalogue/catalogue.table.js';
import { clients } from '../clients/clients.table.js';
import { facilities } from '../facilities/facilities.table.js';
import { orders, testOrders } from '../samples/samples.table.js';
import { users } from '../users/users.table.js';

/* Every amount is whole kobo (₦1 = 100 kobo). */
const facility = () =>
  integer('facility_id')
    .notNull()
    .references(() => facilities.id);
const user = (name: string) => integer(name).references(() => users.id);
const invoice = () =>
  integer('invoice_id')
    .notNull()
    .references(() => invoices.id);

/**
 * A test's price at a facility from a moment on: the price list is never
 * edited, a new price is a new row. An order is priced at the price in force
 * when it is placed.
 */
export const testPrices = pgTable(
  'test_prices',
  {
    id: serial('id').primaryKey(),
    facilityId: facility(),
    testTypeId: integer('test_type_id')
      .notNull()
      .references(() => testTypes.id),
    amountKobo: integer('amount_kobo').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull().defaultNow(),
    createdBy: user('created_by'),
  },
  (t) => [index('test_prices_lookup_idx').on(t.facilityId, t.testTypeId, t.effectiveFrom)],
);

/** A facility's billing settings: results are released only once the invoice is paid (off by default). */
export const billingSettings = pgTable('billing_settings', {
  facilityId: integer('facility_id')
    .primaryKey()
    .references(() => facilities.id),
  holdUntilPaid: boolean('hold_until_paid').notNull().default(false),
  updatedBy: user('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An order's invoice (INV-2026-00042 per facility and year), never edited:
 * discounts, waivers and refunds are adjustments beside it. The totals are
 * kept with it, moved only with their rows, in one transaction; it is never
 * overpaid.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    facilityId: facility(),
    number: text('number').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** pending, partially_paid, paid, waived, cancelled. */
    state: text('state').notNull().default('pending'),
    totalKobo: integer('total_kobo').notNull(),
    /** Approved discounts and waivers. */
    discountKobo: integer('discount_kobo').notNull().default(0),
    paidKobo: integer('paid_kobo').notNull().default(0),
    refundedKobo: integer('refunded_kobo').notNull().default(0),
    createdBy: user('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.facilityId, t.number),
    uniqueIndex('invoices_order_uq').on(t.orderId),
    index('invoices_facility_idx').on(t.facilityId, t.createdAt),
    index('invoices_client_idx').on(t.clientId),
    check('invoices_not_overpaid', sql`${t.paidKobo} - ${t.refundedKobo} <= ${t.totalKobo} - ${t.discountKobo}`),
    check('invoices_amounts', sql`${t.discountKobo} >= 0 and ${t.paidKobo} >= 0 and ${t.refundedKobo} >= 0 and ${t.discountKobo} <= ${t.totalKobo}`),
  ],
);

/** One line per ordered test or panel (a panel's members are not billed), at the price in force when the order was placed. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: invoice(),
    testOrderId: integer('test_order_id').references(() => testOrders.id),
    testTypeId: integer('test_type_id')
      .notNull()
      .references(() => testTypes.id),
    description: text('description').notNull(),
    amountKobo: integer('amount_kobo').notNull(),
    refundedKobo: integer('refunded_kobo').notNull().default(0),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId),
    check('invoice_lines_refund', sql`${t.refundedKobo} >= 0 and ${t.refundedKobo} <= ${t.amountKobo}`),
  ],
);

/**
 * A discount (percent or amount) or a waiver of the rest, asked for with a
 * reason and approved or declined by a supervisor other than the one who
 * asked.
 */
export const invoiceAdjustments = pgTable(
  'invoice_adjustments',
  {
    id: serial('id').primaryKey(),
    invoiceId: invoice(),
    /** discount, waiver. */
    kind: text('kind').notNull(),
    /** percent, amount (discounts). */
    mode: text('mode'),
    /** The percentage (0–100) or the amount in kobo, as asked. */
    value: integer('value').notNull().default(0),
    amountKobo: integer('amount_kobo').notNull(),
    reason: text('reason').notNull(),
    /** requested, approved, declined. */
    state: text('state').notNull().default('requested'),
    requestedBy: user('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: user('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note').notNull().default(''),
  },
  (t) => [index('invoice_adjustments_invoice_idx').on(t.invoiceId), index('invoice_adjustments_open_idx').on(t.state).where(sql`state = 'requested'`)],
);

/** A payment with its numbered receipt (RCT-2026-00042 per facility and year). */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    facilityId: facility(),
    invoiceId: invoice(),
    receiptNumber: text('receipt_number').notNull(),
    /** cash, pos, transfer, hmo, nhia. */
    method: text('method').notNull(),
    amountKobo: integer('amount_kobo').notNull(),
    /** The POS or transfer reference, or the scheme's authorisation code. */
    reference: text('reference').notNull().default(''),
    /** The HMO or scheme. */
    scheme: text('scheme').notNull().default(''),
    receivedBy: user('received_by').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_receipt_uq').on(t.facilityId, t.receiptNumber),
    index('payments_invoice_idx').on(t.invoiceId),
    index('payments_facility_idx').on(t.facilityId, t.receivedAt),
    check('payments_positive', sql`${t.amountKobo} > 0`),
  ],
);

/** A refund of (part of) one line, requested and approved by different people. */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    invoiceId: invoice(),
    lineId: integer('line_id')
      .notNull()
      .references(() => invoiceLines.id),
    amountKobo: integer('amount_kobo').notNull(),
    method: text('method').notNull().default('cash'),
    reason: text('reason').notNull(),
    /** requested, approved, declined. */
    state: text('state').notNull().default('requested'),
    requestedBy: user('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: user('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note').notNull().default(''),
  },
  (t) => [index('refunds_invoice_idx').on(t.invoiceId), check('refunds_positive', sql`${t.amountKobo} > 0`)],
);
