import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../core/audit.js';
import { nextYearlyNumber, rowsOf, type Tx } from '../../core/db.js';
import { recordAudit } from '../audit/audit.service.js';
import { invoices } from './billing.table.js';

/** The invoice series: INV-2026-00042, per facility and year. */
export const INVOICE_SERIES = { code: 'INV', lock: 171, table: invoices, number: invoices.number, facility: invoices.facilityId, digits: 5 } as const;

/**
 * An invoice's state from its amounts, in SQL (contracts' `invoiceState`): each argument the column's value
 * after the change being written, so one UPDATE moves the amounts and the state together.
 */
export function stateAfter(v: { discount?: SQL; paid?: SQL; refunded?: SQL } = {}): SQL {
  const discount = v.discount ?? sql`discount_kobo`;
  const paid = v.paid ?? sql`paid_kobo`;
  const refunded = v.refunded ?? sql`refunded_kobo`;
  return sql`case when state = 'cancelled' then 'cancelled'
    when total_kobo - (${discount}) - (${paid}) > 0 then case when (${paid}) - (${refunded}) > 0 then 'partially_paid' else 'pending' end
    when (${paid}) = 0 then 'waived' else 'paid' end`;
}

/** Whole numbers as a PostgreSQL array literal (ids already checked by the caller's schema). */
const intArray = (ids: readonly number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;

/**
 * The price in force of a test at a facility at an instant: the latest `test_prices` row that took effect by then
 * (a test's first price holds from 2000-01-01, each change from the moment it was made; migration 0027).
 */
const priceAt = (facility: SQL, testType: SQL, at: SQL) =>
  sql`(select p.amount_kobo from test_prices p where p.facility_id = ${facility} and p.test_type_id = ${testType}
        and p.effective_from <= ${at} order by p.effective_from desc, p.id desc limit 1)`;

interface PricedLine {
  test_type: number;
  description: string;
  test_order: number | null;
  amount: number;
}

/**
 * Invoice an order as it is placed, in the order's transaction, in a fixed number of statements: the priced lines
 * (one query; all that an order with nothing priced costs), the next number (two: its lock and the year's highest),
 * the invoice with its lines (one), the audit row (one). One line per test or panel asked for (`tests`, as the
 * order's body named them; a panel's members are not billed), each at the price in force at `at`; without `tests`,
 * the order's tests with each panel member billed as its panel. An order with nothing priced has no invoice.
 * Returns the invoice's id, or null.
 */
export async function invoiceOrder(
  tx: Tx,
  orderId: number,
  at: Date,
  options: { tests?: readonly number[]; actor?: Actor | null } = {},
): Promise<number | null> {
  const when = sql`${at.toISOString()}::timestamptz`;
  const asked = options.tests?.length ? [...new Set(options.tests)] : null;
  const wanted = asked
    ? sql`select w.id as test_type, w.ord from unnest(${intArray(asked)}) with ordinality as w(id, ord)`
    : sql`select coalesce(tt.panel_id, tt.id) as test_type, min(x.id) as ord from test_orders x join test_types tt on tt.id = x.test_type_id
          where x.order_id = ${orderId} group by 1`;
  const rows = rowsOf<PricedLine & { amount: number | null; facility: number }>(
    await tx.execute(sql`
      select o.facility_id as facility, w.test_type, t.name as description,
             (select min(x.id) from test_orders x where x.order_id = o.id and x.test_type_id = w.test_type) as test_order,
             ${priceAt(sql`o.facility_id`, sql`w.test_type`, when)} as amount
      from (${wanted}) w join test_types t on t.id = w.test_type cross join orders o
      where o.id = ${orderId}
      order by w.ord`),
  );
  const lines: PricedLine[] = rows
    .filter((l) => l.amount != null)
    .map(({ test_type, description, test_order, amount }) => ({ test_type, description, test_order, amount: Number(amount) }));
  const total = lines.reduce((s, l) => s + l.amount, 0);
  if (total <= 0) return null;
  const number = await nextYearlyNumber(tx, INVOICE_SERIES, rows[0]!.facility, at);
  const [made] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      with inv as (
        insert into invoices (facility_id, number, order_id, client_id, state, total_kobo, created_by, created_at)
        select o.facility_id, ${number}, o.id, o.client_id, 'pending', ${total}, o.created_by, ${when} from orders o where o.id = ${orderId}
        returning id)
      insert into invoice_lines (invoice_id, test_order_id, test_type_id, description, amount_kobo)
      select inv.id, l.test_order, l.test_type, l.description, l.amount
      from inv, jsonb_to_recordset(${JSON.stringify(lines.map((l, ord) => ({ ...l, ord })))}::jsonb) as l(test_order int, test_type int, description text, amount int, ord int)
      order by l.ord
      returning invoice_id as id`),
  );
  await recordAudit(tx, options.actor ?? null, {
    action: 'invoice.created',
    entity: 'invoice',
    entityId: String(made!.id),
    after: { number, order: orderId, total_kobo: total, lines: lines.map((l) => ({ test_type: l.test_type, amount_kobo: l.amount })) },
    at,
  });
  return made!.id;
}

/**
 * Invoice, set-based, every order of a facility placed in [from, to) that has none (orders written by the demo's
 * seeds, which do not go through the order service): one line per test or panel member's panel at the price in force
 * when each order was placed, numbered after the year's highest in the order they were placed. Three statements
 * whatever the number of orders. Returns how many invoices were made.
 */
export async function invoiceOrders(tx: Tx, facilityId: number, from: Date, to: Date): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${INVOICE_SERIES.lock}, ${facilityId})`);
  const made = rowsOf<{ id: number }>(
    await tx.execute(sql`
      with lines as (
        select o.id as order_id, o.facility_id, o.client_id, o.created_at, o.created_by, b.test_type, t.name, b.own, b.ord,
               ${priceAt(sql`o.facility_id`, sql`b.test_type`, sql`o.created_at`)} as amount
        from orders o
        cross join lateral (
          select coalesce(tt.panel_id, tt.id) as test_type, min(x.id) as ord, min(x.id) filter (where tt.panel_id is null) as own
          from test_orders x join test_types tt on tt.id = x.test_type_id where x.order_id = o.id group by 1) b
        join test_types t on t.id = b.test_type
        where o.facility_id = ${facilityId} and o.created_at >= ${from.toISOString()}::timestamptz and o.created_at < ${to.toISOString()}::timestamptz
          and not exists (select 1 from invoices i where i.order_id = o.id)),
      priced as (select * from lines where amount is not null),
      totals as (
        select order_id, facility_id, client_id, created_at, created_by, sum(amount)::int as total,
               extract(year from created_at at time zone 'UTC')::int as yr
        from priced group by 1, 2, 3, 4, 5 having sum(amount) > 0),
      numbered as (
        select t.*, row_number() over (partition by t.yr order by t.created_at, t.order_id)
                    + coalesce((select max(substring(i.number from 10)::int) from invoices i
                                where i.facility_id = t.facility_id and i.number like 'INV-' || t.yr || '-%'), 0) as n
        from totals t),
      made as (
        insert into invoices (facility_id, number, order_id, client_id, state, total_kobo, created_by, created_at)
        select facility_id, 'INV-' || yr || '-' || lpad(n::text, 5, '0'), order_id, client_id, 'pending', total, created_by, created_at
        from numbered order by n
        returning id, order_id),
      made_lines as (
        insert into invoice_lines (invoice_id, test_order_id, test_type_id, description, amount_kobo)
        select m.id, p.own, p.test_type, p.name, p.amount from made m join priced p on p.order_id = m.order_id order by m.id, p.ord)
      select id from made`),
  );
  if (made.length)
    await recordAudit(tx, null, {
      action: 'invoice.created_in_bulk',
      entity: 'invoice',
      after: { facility: facilityId, from: from.toISOString(), to: to.toISOString(), invoices: made.length },
    });
  return made.length;
}
