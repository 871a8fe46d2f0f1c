import { type BillingDashboard, PAYMENT_METHODS, type PaymentMethod } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../core/db.js';
import { ValidationError } from '../../core/errors.js';
import { addDays, dayEnd, dayStart, lagosToday, parseDay } from '../../core/period.js';
import type { Principal } from '../users/users.service.js';
import { billingReader, readableOrder } from './billing.access.js';
import { invoiceAdjustments, invoices, payments, refunds } from './billing.table.js';

/** The days asked for (Africa/Lagos), both included: the last seven by default, at most a year. */
export function dashboardDays(q: { from?: string; to?: string }, now = new Date()): { from: string; to: string } {
  const asked = { from: parseDay('from', q.from), to: parseDay('to', q.to) };
  const to = asked.to ?? (asked.from && asked.from > lagosToday(now) ? asked.from : lagosToday(now));
  const from = asked.from ?? addDays(to, -6);
  if (to < from) throw ValidationError.field('to', 'The last day is before the first.');
  if (addDays(from, 366) <= to) throw ValidationError.field('to', 'Ask for a year at most.');
  return { from, to };
}

interface Sum {
  count: number;
  amount_kobo: number;
}

/**
 * The cash desk's figures for a period: takings per day and per method, invoices made, approved discounts, waivers
 * and refunds; and, as they stand now, the outstanding balances and the requests awaiting a decision. Three queries.
 * Every figure counts only the invoices (and their payments and requests) of the programmes the caller reads.
 */
export async function billingDashboard(db: Tx, p: Principal, q: { from?: string; to?: string }, now = new Date()): Promise<BillingDashboard> {
  const scope = billingReader(p);
  const { facility } = scope;
  /** An invoice (`i`) of a programme the caller reads. */
  const mine = readableOrder(scope, sql`i.order_id`);
  /** A payment (`pay`) towards such an invoice. */
  const minePaid = sql`exists (select 1 from ${invoices} i where i.id = pay.invoice_id and ${mine})`;
  const { from, to } = dashboardDays(q, now);
  const start = sql`${dayStart(from).toISOString()}::timestamptz`;
  const end = sql`${dayEnd(to).toISOString()}::timestamptz`;
  const sums = (rows: { count: number | string; amount_kobo: number | string | null }[]): Sum => ({
    count: Number(rows[0]?.count ?? 0),
    amount_kobo: Number(rows[0]?.amount_kobo ?? 0),
  });
  const [byDay, byMethod, totals] = await Promise.all([
    db.execute(sql`
      select d::date::text as day, count(pay.id)::int as count, coalesce(sum(pay.amount_kobo), 0)::bigint as amount_kobo
      from generate_series(${from}::date, ${to}::date, interval '1 day') d
      left join ${payments} pay on pay.facility_id = ${facility} and ${minePaid} and pay.received_at >= ${start} and pay.received_at < ${end}
        and (pay.received_at at time zone 'Africa/Lagos')::date = d::date
      group by d order by d`),
    db.execute(sql`
      select pay.method, count(*)::int as count, sum(pay.amount_kobo)::bigint as amount_kobo
      from ${payments} pay where pay.facility_id = ${facility} and ${minePaid} and pay.received_at >= ${start} and pay.received_at < ${end}
      group by pay.method`),
    db.execute(sql`
      select
        (select count(*) from ${payments} pay where pay.facility_id = ${facility} and ${minePaid} and pay.received_at >= ${start} and pay.received_at < ${end})::int as takings_count,
        (select coalesce(sum(pay.amount_kobo), 0) from ${payments} pay where pay.facility_id = ${facility} and ${minePaid} and pay.received_at >= ${start} and pay.received_at < ${end})::bigint as takings_amount,
        (select count(*) from ${invoices} i where i.facility_id = ${facility} and ${mine} and i.state <> 'cancelled' and i.total_kobo - i.discount_kobo - i.paid_kobo > 0)::int as outstanding_count,
        (select coalesce(sum(i.total_kobo - i.discount_kobo - i.paid_kobo), 0) from ${invoices} i
          where i.facility_id = ${facility} and ${mine} and i.state <> 'cancelled' and i.total_kobo - i.discount_kobo - i.paid_kobo > 0)::bigint as outstanding_amount,
        (select count(*) from ${invoices} i where i.facility_id = ${facility} and ${mine} and i.created_at >= ${start} and i.created_at < ${end})::int as invoiced_count,
        (select coalesce(sum(i.total_kobo), 0) from ${invoices} i where i.facility_id = ${facility} and ${mine} and i.created_at >= ${start} and i.created_at < ${end})::bigint as invoiced_amount,
        (select count(*) filter (where a.kind = 'discount') from ${invoiceAdjustments} a join ${invoices} i on i.id = a.invoice_id
          where i.facility_id = ${facility} and ${mine} and a.state = 'approved' and a.decided_at >= ${start} and a.decided_at < ${end})::int as discount_count,
        (select coalesce(sum(a.amount_kobo) filter (where a.kind = 'discount'), 0) from ${invoiceAdjustments} a join ${invoices} i on i.id = a.invoice_id
          where i.facility_id = ${facility} and ${mine} and a.state = 'approved' and a.decided_at >= ${start} and a.decided_at < ${end})::bigint as discount_amount,
        (select count(*) filter (where a.kind = 'waiver') from ${invoiceAdjustments} a join ${invoices} i on i.id = a.invoice_id
          where i.facility_id = ${facility} and ${mine} and a.state = 'approved' and a.decided_at >= ${start} and a.decided_at < ${end})::int as waiver_count,
        (select coalesce(sum(a.amount_kobo) filter (where a.kind = 'waiver'), 0) from ${invoiceAdjustments} a join ${invoices} i on i.id = a.invoice_id
          where i.facility_id = ${facility} and ${mine} and a.state = 'approved' and a.decided_at >= ${start} and a.decided_at < ${end})::bigint as waiver_amount,
        (select count(*) from ${refunds} r join ${invoices} i on i.id = r.invoice_id
          where i.facility_id = ${facility} and ${mine} and r.state = 'approved' and r.decided_at >= ${start} and r.decided_at < ${end})::int as refund_count,
        (select coalesce(sum(r.amount_kobo), 0) from ${refunds} r join ${invoices} i on i.id = r.invoice_id
          where i.facility_id = ${facility} and ${mine} and r.state = 'approved' and r.decided_at >= ${start} and r.decided_at < ${end})::bigint as refund_amount,
        (select count(*) from ${invoiceAdjustments} a join ${invoices} i on i.id = a.invoice_id where i.facility_id = ${facility} and ${mine} and a.state = 'requested')::int as awaiting_adjustments,
        (select count(*) from ${refunds} r join ${invoices} i on i.id = r.invoice_id where i.facility_id = ${facility} and ${mine} and r.state = 'requested')::int as awaiting_refunds`),
  ]);
  const t = rowsOf<Record<string, string | number>>(totals)[0] ?? {};
  const pair = (prefix: string): Sum => sums([{ count: t[`${prefix}_count`] ?? 0, amount_kobo: t[`${prefix}_amount`] ?? 0 }]);
  const methods = rowsOf<{ method: PaymentMethod; count: number; amount_kobo: string | number }>(byMethod);
  return {
    from,
    to,
    takings: pair('takings'),
    by_day: rowsOf<{ day: string; count: number; amount_kobo: string | number }>(byDay).map((r) => ({
      day: r.day,
      count: Number(r.count),
      amount_kobo: Number(r.amount_kobo),
    })),
    by_method: PAYMENT_METHODS.map((method) => {
      const row = methods.find((m) => m.method === method);
      return { method, count: Number(row?.count ?? 0), amount_kobo: Number(row?.amount_kobo ?? 0) };
    }),
    outstanding: pair('outstanding'),
    invoiced: pair('invoiced'),
    discounts: pair('discount'),
    waivers: pair('waiver'),
    refunds: pair('refund'),
    awaiting: { adjustments: Number(t.awaiting_adjustments ?? 0), refunds: Number(t.awaiting_refunds ?? 0) },
  };
}
