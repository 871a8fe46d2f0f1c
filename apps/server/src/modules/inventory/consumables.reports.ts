import {
  type ConsumableAlerts,
  type ConsumableStockCard,
  type ConsumableStockLine,
  consumableAlertTotal,
  type consumableStockCardQuery,
  stockDaysBetween,
} from '@nlims/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { programsHeld } from '../../core/access.js';
import { type Db, rowsOf } from '../../core/db.js';
import { notFound, ValidationError } from '../../core/errors.js';
import { programIn } from '../samples/forms.js';
import { type Principal, userName } from '../users/users.service.js';
import { pageOf } from './consumables.items.js';
import { EFFECTIVE_EXPIRY, stockFacility, todayOf } from './consumables.service.js';

type CardQuery = z.output<typeof consumableStockCardQuery>;

/** The most lines a stock card file holds (a lot's life is far shorter). */
const FILE_LINES = 50_000;

interface LineRow extends Omit<ConsumableStockLine, 'recorded_at'> {
  recorded_at: Date | string;
  total: number;
}

/** What the card is about, checked: a lot or an item of the caller's facility (404 otherwise), at a place or everywhere. */
async function cardScope(db: Db, facility: number, q: CardQuery): Promise<{ where: SQL; name: string }> {
  if (q.lot == null && q.item == null) throw ValidationError.field('item', 'Choose an item or a lot.');
  if (q.start_date && q.end_date && q.end_date < q.start_date) throw ValidationError.field('end_date', 'The end date is before the start date.');
  const parts: SQL[] = [sql`s.facility_id = ${facility}`];
  let name = '';
  if (q.lot != null) {
    const [lot] = rowsOf<{ item_id: number; lot_number: string }>(
      await db.execute(sql`select item_id, lot_number from consumable_lots where id = ${q.lot} and facility_id = ${facility}`),
    );
    if (!lot || (q.item != null && lot.item_id !== q.item)) throw notFound();
    parts.push(sql`s.lot_id = ${q.lot}`);
    name = `lot-${lot.lot_number}`;
  } else {
    const [item] = rowsOf<{ name: string }>(await db.execute(sql`select name from consumable_items where id = ${q.item} and facility_id = ${facility}`));
    if (!item) throw notFound();
    parts.push(sql`s.item_id = ${q.item}`);
    name = item.name;
  }
  if (q.bench === 'store') parts.push(sql`s.bench_id is null`);
  else if (q.bench != null) parts.push(sql`s.bench_id = ${Number(q.bench)}`);
  return {
    where: sql.join(parts, sql` and `),
    name: `stock-card-${
      name
        .replace(/[^A-Za-z0-9._-]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 60) || 'item'
    }`,
  };
}

/**
 * The stock card: its lines oldest first, each with the lot's balance at its place after it and the card's running
 * balance (of the lot or item, at the place asked or everywhere), who recorded it and when; a period starts from the
 * balance before it (`opening`). Paged; as a file, every line of the period. A use names its sample's lab number
 * only to a keeper holding a role in the sample's programme; to others it is a use by a test, its sample unnamed.
 */
export async function stockCard(db: Db, p: Principal, q: CardQuery, asFile = false): Promise<ConsumableStockCard & { name: string }> {
  const facility = stockFacility(p);
  const { where, name } = await cardScope(db, facility, q);
  const inPeriod = sql.join(
    [sql`true`, ...(q.start_date ? [sql`x.occurred_on >= ${q.start_date}::date`] : []), ...(q.end_date ? [sql`x.occurred_on <= ${q.end_date}::date`] : [])],
    sql` and `,
  );
  const named = programIn(sql.raw('sm.program_id'), programsHeld(p));
  const limit = asFile ? FILE_LINES : q.page_size;
  const offset = asFile ? 0 : (q.page - 1) * q.page_size;
  // A store-to-bench issue is one movement: its two lines (− at the store, + at the bench, written together) are
  // paired. On a card of every place they are one line that leaves the running balance as it was; on the store's or
  // a bench's card each is that place's own signed line, naming the bench the units went to.
  const everywhere = q.bench == null;
  const ledger = sql`
    select s.*, t.id as pair_id, t.bench_id as pair_bench, t.balance as pair_balance,
      (${everywhere} and s.kind = 'issued' and exists (select 1 from stock_lines f where f.facility_id = s.facility_id and f.lot_id = s.lot_id
        and f.kind = 'issue' and f.quantity = -s.quantity and f.occurred_on = s.occurred_on and f.recorded_at = s.recorded_at and f.id < s.id)) as folded
    from stock_lines s
    left join lateral (select t.id, t.bench_id, t.balance from stock_lines t where s.kind = 'issue' and t.facility_id = s.facility_id
      and t.lot_id = s.lot_id and t.kind = 'issued' and t.quantity = -s.quantity and t.occurred_on = s.occurred_on and t.recorded_at = s.recorded_at
      and t.id > s.id order by t.id limit 1) t on true
    where ${where}`;
  const rows = rowsOf<LineRow>(
    await db.execute(sql`
      select x.*, count(*) over ()::int as total from (
        select s.id, s.occurred_on, s.occurred_on::text as occurred_on_text, s.recorded_at, s.kind, s.item_id as item, i.name as item_name, s.lot_id as lot,
          l.lot_number, s.bench_id as bench, bn.name as bench_name, s.quantity, s.balance,
          sum(case when s.folded or (${everywhere} and s.pair_id is not null) then 0 else s.quantity end) over (order by s.occurred_on, s.id)::int as running,
          case when s.pair_id is not null then s.pair_bench end as moved_to, tb.name as moved_to_name,
          case when ${everywhere} and s.pair_id is not null then s.pair_balance end as moved_to_balance, s.folded,
          s.reason, s.note, s.test_order_id as test_order, case when ${named} then sm.barcode end as lab_number, coalesce(${userName(sql`s.user_id`)}, '') as user_name
        from (${ledger}) s
        join consumable_items i on i.id = s.item_id
        join consumable_lots l on l.id = s.lot_id
        left join benches bn on bn.id = s.bench_id
        left join benches tb on tb.id = s.pair_bench
        left join test_orders o on o.id = s.test_order_id
        left join samples sm on sm.id = o.sample_id
      ) x where ${inPeriod} and not x.folded
      order by x.occurred_on, x.id limit ${limit} offset ${offset}`),
  );
  const [opening] = q.start_date
    ? rowsOf<{ n: number }>(
        await db.execute(sql`select coalesce(sum(s.quantity), 0)::int as n from stock_lines s where ${where} and s.occurred_on < ${q.start_date}::date`),
      )
    : [{ n: 0 }];
  const count =
    rows[0]?.total ??
    rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from (${ledger}) s where not s.folded
        ${q.start_date ? sql`and s.occurred_on >= ${q.start_date}::date` : sql``} ${q.end_date ? sql`and s.occurred_on <= ${q.end_date}::date` : sql``}`),
    )[0]?.n ??
    0;
  const lines: ConsumableStockLine[] = rows.map((r) => {
    const row = r as LineRow & { occurred_on_text: string };
    return {
      id: row.id,
      occurred_on: row.occurred_on_text,
      recorded_at: new Date(row.recorded_at).toISOString(),
      kind: row.kind,
      item: row.item,
      item_name: row.item_name,
      lot: row.lot,
      lot_number: row.lot_number,
      bench: row.bench,
      bench_name: row.bench_name,
      quantity: row.quantity,
      balance: row.balance,
      running: row.running,
      moved_to: row.moved_to,
      moved_to_name: row.moved_to_name,
      moved_to_balance: row.moved_to_balance,
      reason: row.reason,
      note: row.note,
      test_order: row.test_order,
      lab_number: row.lab_number,
      user: (row as unknown as { user_name: string }).user_name,
    };
  });
  const page = pageOf(q, { lot: q.lot, item: q.item, bench: q.bench, start_date: q.start_date, end_date: q.end_date, page_size: q.page_size }, count, lines);
  return { ...page, opening: opening?.n ?? 0, name };
}

interface AlertItemRow {
  item: number;
  item_name: string;
  usable_total: number;
  reorder_level: number;
  used: number;
}
interface AlertLotRow {
  lot: number;
  lot_number: string;
  item: number;
  item_name: string;
  effective_expiry: string;
  balance: number;
  expired: boolean;
}

/**
 * What needs the administrator: items at or below their reorder level (usable stock only: expired, disposed and
 * quarantined lots do not count), usable lots within their item's warning days of expiry, expired lots still holding
 * stock, and items whose use went unrecorded for lack of stock in the last three months.
 */
export async function alerts(db: Db, p: Principal, now = new Date()): Promise<ConsumableAlerts> {
  const facility = stockFacility(p);
  const today = todayOf(now);
  const eff = EFFECTIVE_EXPIRY('l');
  const [items, lots, shorts] = await Promise.all([
    db.execute(sql`
      select i.id as item, i.name as item_name, coalesce(st.usable, 0)::int as usable_total, i.reorder_level, coalesce(u.used, 0)::int as used
      from consumable_items i
      left join lateral (
        select sum(b.quantity) as usable from consumable_lots l join consumable_balances b on b.lot_id = l.id
        where l.item_id = i.id and l.status = 'active' and ${eff} >= ${today}::date
      ) st on true
      left join lateral (
        select -sum(s.quantity) as used from stock_lines s
        where s.facility_id = i.facility_id and s.item_id = i.id and s.occurred_on > (${today}::date - interval '3 months')
          and (s.kind = 'use' or (s.kind = 'issue' and not exists (select 1 from consumable_configs c where c.item_id = i.id and c.automatic)))
      ) u on true
      where i.facility_id = ${facility} and i.is_active and coalesce(st.usable, 0) <= i.reorder_level
      order by lower(i.name)`),
    db.execute(sql`
      select l.id as lot, l.lot_number, i.id as item, i.name as item_name, ${eff}::text as effective_expiry, bal.total as balance,
        (${eff} < ${today}::date) as expired
      from consumable_lots l join consumable_items i on i.id = l.item_id
      cross join lateral (select coalesce(sum(b.quantity), 0)::int as total from consumable_balances b where b.lot_id = l.id) bal
      where l.facility_id = ${facility} and l.status <> 'disposed' and bal.total > 0
        and (${eff} < ${today}::date or (l.status = 'active' and ${eff} <= ${today}::date + i.expiry_warning_days))
      order by ${eff}, l.id`),
    db.execute(sql`
      select i.id as item, i.name as item_name, count(a.id)::int as uses_short
      from consumable_items i join audit_events a on a.entity = 'consumable_item' and a.entity_id = i.id::text and a.action = 'consumable.use_short'
      where i.facility_id = ${facility} and a.at > ((${today}::date - interval '3 months')::timestamp at time zone 'Africa/Lagos')
      group by i.id, i.name order by lower(i.name)`),
  ]);
  const itemRows = rowsOf<AlertItemRow>(items);
  const lotRows = rowsOf<AlertLotRow>(lots);
  const shortRows = rowsOf<{ item: number; item_name: string; uses_short: number }>(shorts);
  const lot = (r: AlertLotRow) => ({
    lot: r.lot,
    lot_number: r.lot_number,
    item: r.item,
    item_name: r.item_name,
    effective_expiry: r.effective_expiry,
    days_to_expiry: stockDaysBetween(today, r.effective_expiry),
    balance: r.balance,
  });
  const expiring = lotRows.filter((r) => !r.expired);
  const expired = lotRows.filter((r) => r.expired);
  const counts = { low_stock: itemRows.length, expiring_soon: expiring.length, expired_with_stock: expired.length, uses_short: shortRows.length };
  return {
    alerts: consumableAlertTotal(counts),
    low_stock: itemRows.length,
    expiring_soon: expiring.length,
    expired_with_stock: expired.length,
    uses_short: shortRows.length,
    low_stock_items: itemRows.map((r) => ({
      item: r.item,
      item_name: r.item_name,
      usable_total: r.usable_total,
      reorder_level: r.reorder_level,
      months_of_stock: r.used > 0 ? Math.round((r.usable_total / (r.used / 3)) * 10) / 10 : null,
    })),
    expiring_lots: expiring.map(lot),
    expired_lots: expired.map(lot),
    short_items: shortRows,
  };
}
