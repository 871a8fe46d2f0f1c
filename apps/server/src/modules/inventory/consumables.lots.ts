import {
  type ConsumableLot,
  type ConsumableLotState,
  type ConsumableReceipt,
  type ConsumableReceiptReply,
  type consumableLotListQuery,
  type consumableReceiptBody,
  type consumableReceiptListQuery,
  lotUnusableReason,
  type Paginated,
  stockDaysBetween,
  stockPlusDays,
  toStockUnits,
  unitCostOf,
} from '@nlims/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../core/db.js';
import { notFound, ValidationError } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { type Principal, userName } from '../users/users.service.js';
import { checkReference, itemOf, pageOf } from './consumables.items.js';
import { EFFECTIVE_EXPIRY, stockFacility, todayOf, writeLedger } from './consumables.service.js';
import { likeTerm } from '../../core/sql-values.js';

interface LotRow {
  id: number;
  item: number;
  item_name: string;
  category: ConsumableLot['category'];
  pack_size: number;
  unit_symbol: string | null;
  lot_number: string;
  expiry_date: string;
  received_date: string;
  opened_on: string | null;
  opened_expiry: string | null;
  effective_expiry: string;
  supplier: number | null;
  supplier_name: string | null;
  quantity_received: number;
  unit_cost_kobo: number;
  status: ConsumableLot['status'];
  warning_days: number;
  store_balance: number;
  bench_balance: number;
  benches: { bench: number; bench_name: string; quantity: number }[] | string;
  total: number;
}

/** Lots with their balances at the store and at each bench (one lateral aggregate per lot). */
const lotSelect = sql`
  select l.id, l.item_id as item, i.name as item_name, i.category, i.pack_size, mu.symbol as unit_symbol, l.lot_number,
    l.expiry_date::text as expiry_date, l.received_date::text as received_date, l.opened_on::text as opened_on, l.opened_expiry::text as opened_expiry,
    ${EFFECTIVE_EXPIRY('l')}::text as effective_expiry, l.supplier_id as supplier, sp.name as supplier_name, l.quantity_received, l.unit_cost_kobo,
    l.status, i.expiry_warning_days as warning_days, bal.store_balance, bal.bench_balance, bal.benches, count(*) over ()::int as total
  from consumable_lots l
  join consumable_items i on i.id = l.item_id
  left join measure_units mu on mu.id = i.unit_id
  left join suppliers sp on sp.id = l.supplier_id
  cross join lateral (
    select coalesce(sum(b.quantity) filter (where b.bench_id is null), 0)::int as store_balance,
           coalesce(sum(b.quantity) filter (where b.bench_id is not null), 0)::int as bench_balance,
           coalesce(json_agg(json_build_object('bench', b.bench_id, 'bench_name', bn.name, 'quantity', b.quantity) order by bn.name)
             filter (where b.bench_id is not null and b.quantity > 0), '[]'::json) as benches
    from consumable_balances b left join benches bn on bn.id = b.bench_id
    where b.lot_id = l.id
  ) bal`;

/** What a lot is, as shown: disposed, quarantined, expired, consumed (nothing left), in use (opened), or active. */
function stateOf(row: LotRow, today: string): ConsumableLotState {
  if (row.status === 'disposed') return 'disposed';
  if (row.status === 'quarantined') return 'quarantined';
  if (row.effective_expiry < today) return 'expired';
  if (row.store_balance + row.bench_balance <= 0) return 'consumed';
  return row.opened_on ? 'in_use' : 'active';
}

export function toLot(row: LotRow, today: string): ConsumableLot {
  const balance = row.store_balance + row.bench_balance;
  const reason = lotUnusableReason(row, balance, today);
  const benches = typeof row.benches === 'string' ? (JSON.parse(row.benches) as LotRow['benches'] & unknown[]) : row.benches;
  return {
    id: row.id,
    item: row.item,
    item_name: row.item_name,
    category: row.category,
    pack_size: row.pack_size,
    unit_symbol: row.unit_symbol,
    lot_number: row.lot_number,
    expiry_date: row.expiry_date,
    received_date: row.received_date,
    opened_on: row.opened_on,
    opened_expiry: row.opened_expiry,
    effective_expiry: row.effective_expiry,
    days_to_expiry: stockDaysBetween(today, row.effective_expiry),
    expired: row.effective_expiry < today,
    opened: row.opened_on != null,
    supplier: row.supplier,
    supplier_name: row.supplier_name,
    quantity_received: row.quantity_received,
    unit_cost_kobo: row.unit_cost_kobo,
    status: row.status,
    state: stateOf(row, today),
    store_balance: row.store_balance,
    bench_balance: row.bench_balance,
    benches: benches as ConsumableLot['benches'],
    balance,
    usable: reason == null,
    unusable_reason: reason,
    expiring_soon: reason == null && row.effective_expiry <= stockPlusDays(today, row.warning_days),
  };
}

/** The filters of the lots' list, as SQL over `l`, `i` and `bal`. */
function lotFilter(state: z.output<typeof consumableLotListQuery>['state'], today: string): SQL | null {
  const eff = EFFECTIVE_EXPIRY('l');
  const total = sql`(bal.store_balance + bal.bench_balance)`;
  const usable = sql`(l.status = 'active' and ${eff} >= ${today}::date and ${total} > 0)`;
  switch (state) {
    case 'usable':
      return usable;
    case 'expiring':
      return sql`(${usable} and ${eff} <= ${today}::date + i.expiry_warning_days)`;
    case 'expired':
      return sql`(l.status <> 'disposed' and ${eff} < ${today}::date)`;
    case 'quarantined':
      return sql`l.status = 'quarantined'`;
    case 'disposed':
      return sql`l.status = 'disposed'`;
    case 'empty':
      return sql`(l.status = 'active' and ${total} = 0)`;
    default:
      return null;
  }
}

/** The facility's lots, first to expire first (disposed and empty ones last). */
export async function listLots(db: Db, p: Principal, q: z.output<typeof consumableLotListQuery>, now = new Date()): Promise<Paginated<ConsumableLot>> {
  const facility = stockFacility(p);
  const today = todayOf(now);
  const where: SQL[] = [sql`l.facility_id = ${facility}`];
  if (q.item) where.push(sql`l.item_id = ${q.item}`);
  if (q.bench) where.push(sql`exists (select 1 from consumable_balances b2 where b2.lot_id = l.id and b2.bench_id = ${q.bench} and b2.quantity > 0)`);
  if (q.search) where.push(sql`(l.lot_number ilike ${likeTerm(q.search)} or i.name ilike ${likeTerm(q.search)})`);
  const filter = lotFilter(q.state, today);
  if (filter) where.push(filter);
  const condition = sql.join(where, sql` and `);
  const rows = rowsOf<LotRow>(
    await db.execute(sql`${lotSelect} where ${condition}
      order by (l.status = 'disposed'), (bal.store_balance + bal.bench_balance = 0), ${EFFECTIVE_EXPIRY('l')}, l.id
      limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
  );
  const count = rows[0]?.total ?? rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${lotSelect} where ${condition}) x`))[0]?.n ?? 0;
  return pageOf(
    q,
    { search: q.search, item: q.item, bench: q.bench, state: q.state, page_size: q.page_size },
    count,
    rows.map((r) => toLot(r, today)),
  );
}

/** One lot of the caller's facility with its balances; another facility's is not found. */
export async function getLot(db: Tx, p: Principal, id: number, now = new Date()): Promise<ConsumableLot> {
  const facility = stockFacility(p);
  const rows = rowsOf<LotRow>(await db.execute(sql`${lotSelect} where l.facility_id = ${facility} and l.id = ${id}`));
  if (!rows[0]) throw notFound();
  return toLot(rows[0], todayOf(now));
}

/** The lot row of the caller's facility, locked (a move changes it or its balances); not found otherwise. */
export async function lotOf(tx: Tx, facility: number, id: number) {
  const rows = rowsOf<{
    id: number;
    item_id: number;
    lot_number: string;
    status: string;
    expiry_date: string;
    received_date: string;
    opened_on: string | null;
    opened_expiry: string | null;
  }>(
    await tx.execute(sql`
      select id, item_id, lot_number, status, expiry_date::text as expiry_date, received_date::text as received_date,
        opened_on::text as opened_on, opened_expiry::text as opened_expiry
      from consumable_lots where id = ${id} and facility_id = ${facility} for update`),
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

// ---- receipts -------------------------------------------------------------------------------------------------

interface ReceiptRow extends ConsumableReceipt {
  total: number;
}

const receiptSelect = sql`
  select s.id, s.lot_id as lot, l.lot_number, s.item_id as item, i.name as item_name, i.pack_size, mu.symbol as unit_symbol,
    l.expiry_date::text as expiry_date, s.occurred_on::text as received_date, l.supplier_id as supplier, sp.name as supplier_name,
    s.quantity, l.unit_cost_kobo, (s.quantity * l.unit_cost_kobo)::bigint as total_cost_kobo, s.note, coalesce(${userName(sql`s.user_id`)}, '') as received_by,
    s.recorded_at, exists (select 1 from stock_lines e where e.lot_id = s.lot_id and e.kind = 'receipt' and e.id < s.id) as added_to_lot,
    count(*) over ()::int as total
  from stock_lines s
  join consumable_lots l on l.id = s.lot_id
  join consumable_items i on i.id = s.item_id
  left join measure_units mu on mu.id = i.unit_id
  left join suppliers sp on sp.id = l.supplier_id`;

function toReceipt({ total: _total, ...row }: ReceiptRow): ConsumableReceipt {
  return {
    ...row,
    total_cost_kobo: Number(row.total_cost_kobo),
    recorded_at: new Date(row.recorded_at).toISOString(),
  };
}

/** The facility's receipts, latest first. */
export async function listReceipts(db: Db, p: Principal, q: z.output<typeof consumableReceiptListQuery>): Promise<Paginated<ConsumableReceipt>> {
  const facility = stockFacility(p);
  if (q.start_date && q.end_date && q.end_date < q.start_date) throw ValidationError.field('end_date', 'The end date is before the start date.');
  const where: SQL[] = [sql`s.facility_id = ${facility}`, sql`s.kind = 'receipt'`];
  if (q.item) where.push(sql`s.item_id = ${q.item}`);
  if (q.start_date) where.push(sql`s.occurred_on >= ${q.start_date}::date`);
  if (q.end_date) where.push(sql`s.occurred_on <= ${q.end_date}::date`);
  if (q.search) where.push(sql`(l.lot_number ilike ${likeTerm(q.search)} or i.name ilike ${likeTerm(q.search)} or sp.name ilike ${likeTerm(q.search)})`);
  const condition = sql.join(where, sql` and `);
  const rows = rowsOf<ReceiptRow>(
    await db.execute(sql`${receiptSelect} where ${condition} order by s.occurred_on desc, s.id desc limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
  );
  const count =
    rows[0]?.total ?? rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${receiptSelect} where ${condition}) x`))[0]?.n ?? 0;
  return pageOf(q, { search: q.search, item: q.item, start_date: q.start_date, end_date: q.end_date, page_size: q.page_size }, count, rows.map(toReceipt));
}

/**
 * Receive a lot at the store: a new lot, or — the item already holding this lot number — more of it (the expiry must
 * be the same; the unit cost becomes the average of what was received). One `receipt` line at the store, the balance,
 * and the audit row, in the caller's transaction.
 */
export async function receive(tx: Tx, p: Principal, body: z.output<typeof consumableReceiptBody>, now = new Date()): Promise<ConsumableReceiptReply> {
  const facility = stockFacility(p);
  const today = todayOf(now);
  const received = body.received_date ?? today;
  if (received > today) throw ValidationError.field('received_date', 'Stock cannot be received in the future.');
  if (body.expiry_date < received) throw ValidationError.field('expiry_date', 'The lot expired before it was received.');
  const item = await itemOf(tx, facility, body.item, { lock: true, field: 'item' });
  if (!item.isActive) throw ValidationError.field('item', 'This item is no longer stocked; make it active again first.');
  await checkReference(tx, 'suppliers', body.supplier, 'supplier');
  const units = toStockUnits(body.quantity, body.quantity_in, item.packSize);
  if (units > 10_000_000) throw ValidationError.field('quantity', 'Ensure the quantity is no more than 10,000,000 units.');
  const unitCost = unitCostOf(body.cost, body.cost_per, item.packSize);
  const found = async () =>
    rowsOf<{ id: number; expiry_date: string; status: string; supplier_id: number | null; quantity_received: number; unit_cost_kobo: number }>(
      await tx.execute(sql`
        select id, expiry_date::text as expiry_date, status, supplier_id, quantity_received, unit_cost_kobo from consumable_lots
        where item_id = ${item.id} and lower(lot_number) = lower(${body.lot_number}) for update`),
    )[0];
  let lot = await found();
  let lotId: number;
  if (!lot) {
    // A receipt of the same new lot at the same moment: one inserts, the other adds to it.
    const made = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into consumable_lots (facility_id, item_id, lot_number, expiry_date, received_date, supplier_id, quantity_received, unit_cost_kobo, status, created_by, created_at)
        values (${facility}, ${item.id}, ${body.lot_number}, ${body.expiry_date}::date, ${received}::date, ${body.supplier}, ${units}, ${unitCost}, 'active', ${p.id}, ${now.toISOString()}::timestamptz)
        on conflict (item_id, (lower(lot_number))) do nothing returning id`),
    );
    if (made[0]) lotId = made[0].id;
    else lot = await found();
  }
  if (lot) {
    if (lot.expiry_date !== body.expiry_date)
      throw ValidationError.field(
        'expiry_date',
        `Lot ${body.lot_number} of this item expires on ${lot.expiry_date}; a receipt of it must give the same expiry.`,
      );
    if (lot.status === 'disposed') throw ValidationError.field('lot_number', 'This lot was disposed of; receive new stock under its own lot number.');
    if (body.supplier != null && lot.supplier_id != null && lot.supplier_id !== body.supplier)
      throw ValidationError.field('supplier', 'This lot came from another supplier; a lot is received from one supplier.');
    const quantity = lot.quantity_received + units;
    const averageCost = Math.round((lot.quantity_received * lot.unit_cost_kobo + units * unitCost) / Math.max(1, quantity));
    await tx.execute(sql`
      update consumable_lots set quantity_received = ${quantity}, unit_cost_kobo = ${averageCost}, supplier_id = coalesce(supplier_id, ${body.supplier})
      where id = ${lot.id}`);
    lotId = lot.id;
  }
  const [line] = await writeLedger(
    tx,
    facility,
    p.id,
    [{ itemId: item.id, lotId: lotId!, benchId: null, kind: 'receipt', quantity: units, note: body.note, occurredOn: received }],
    () => ValidationError.field('quantity', 'A receipt adds stock.'),
  );
  await recordAudit(tx, p, {
    action: 'consumable.received',
    entity: 'consumable_lot',
    entityId: String(lotId!),
    after: {
      item: item.id,
      lot_number: body.lot_number,
      expiry_date: body.expiry_date,
      units,
      unit_cost_kobo: unitCost,
      added_to_lot: lot != null,
      line: line!.id,
    },
    at: now,
  });
  const rows = rowsOf<ReceiptRow>(await tx.execute(sql`${receiptSelect} where s.id = ${line!.id}`));
  return { receipt: toReceipt(rows[0]!), lot: await getLot(tx, p, lotId!, now) };
}
