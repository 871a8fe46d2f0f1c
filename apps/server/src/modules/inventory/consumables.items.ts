import {
  type ConsumableItem,
  type consumableItemBody,
  type consumableItemListQuery,
  type consumableItemPatch,
  type consumableTestBody,
  itemIsLowStock,
  type Paginated,
  stockMonths,
} from '@nlims/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../core/db.js';
import { notFound, ValidationError } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Principal } from '../users/users.service.js';
import { consumableConfigs, consumableItems } from './consumables.table.js';
import { EFFECTIVE_EXPIRY, intArray, stockFacility, todayOf } from './consumables.service.js';
import { likeTerm } from '../../core/sql-values.js';

type ItemBody = z.output<typeof consumableItemBody>;
type ItemPatch = z.output<typeof consumableItemPatch>;
type TestBody = z.output<typeof consumableTestBody>;

/** A page's links, DRF style. */
export function pageOf<T>(q: { page: number; page_size: number }, query: Record<string, unknown>, count: number, results: T[]): Paginated<T> {
  const link = (page: number) =>
    `?${new URLSearchParams({ ...Object.fromEntries(Object.entries(query).flatMap(([k, v]) => (v == null || v === '' ? [] : [[k, String(v)]]))), page: String(page) })}`;
  return { count, next: q.page * q.page_size < count ? link(q.page + 1) : null, previous: q.page > 1 ? link(q.page - 1) : null, results };
}

interface ItemRow {
  id: number;
  name: string;
  category: ConsumableItem['category'];
  unit: number | null;
  unit_name: string | null;
  unit_symbol: string | null;
  pack_size: number;
  manufacturer: number | null;
  manufacturer_name: string | null;
  reorder_level: number;
  expiry_warning_days: number;
  open_stability_days: number | null;
  is_active: boolean;
  usable_store: number;
  usable_total: number;
  expired_units: number;
  nearest_expiry: string | null;
  unit_cost: string | number | null;
  used: number;
  total: number;
}

/**
 * The stock figures of an item, per item in SQL: usable units at the store and in all (active lots, not past their
 * (opened) expiry), units in expired lots, the nearest usable expiry, the average unit cost of the usable stock, and
 * the use of the last three months (automatic use; for an item no test uses automatically, the store's issues).
 */
function itemSelect(today: string): SQL {
  const eff = EFFECTIVE_EXPIRY('l');
  const usable = sql`(l.status = 'active' and ${eff} >= ${today}::date)`;
  return sql`
    select i.id, i.name, i.category, i.unit_id as unit, mu.name as unit_name, mu.symbol as unit_symbol, i.pack_size,
      i.manufacturer_id as manufacturer, m.name as manufacturer_name, i.reorder_level, i.expiry_warning_days, i.open_stability_days, i.is_active,
      st.usable_store, st.usable_total, st.expired_units, st.nearest_expiry::text as nearest_expiry, st.unit_cost, u.used,
      count(*) over ()::int as total
    from consumable_items i
    left join measure_units mu on mu.id = i.unit_id
    left join manufacturers m on m.id = i.manufacturer_id
    cross join lateral (
      select coalesce(sum(b.quantity) filter (where ${usable} and b.bench_id is null), 0)::int as usable_store,
             coalesce(sum(b.quantity) filter (where ${usable}), 0)::int as usable_total,
             coalesce(sum(b.quantity) filter (where l.status <> 'disposed' and ${eff} < ${today}::date), 0)::int as expired_units,
             min(${eff}) filter (where ${usable} and b.quantity > 0) as nearest_expiry,
             sum(b.quantity::numeric * l.unit_cost_kobo) filter (where ${usable}) / nullif(sum(b.quantity) filter (where ${usable}), 0) as unit_cost
      from consumable_lots l join consumable_balances b on b.lot_id = l.id
      where l.item_id = i.id
    ) st
    cross join lateral (
      select coalesce(-sum(s.quantity), 0)::int as used from stock_lines s
      where s.facility_id = i.facility_id and s.item_id = i.id and s.occurred_on > (${today}::date - interval '3 months')
        and (s.kind = 'use' or (s.kind = 'issue' and not exists (select 1 from consumable_configs c where c.item_id = i.id and c.automatic)))
    ) u`;
}

/** Items as the wire gives them, with their benches, tests and short uses read for all of them at once. */
async function toItems(db: Tx, rows: ItemRow[], today: string): Promise<ConsumableItem[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const eff = EFFECTIVE_EXPIRY('l');
  // One after the other: `db` may be the transaction of a write (one connection).
  const benchRows = await db.execute(sql`
      select l.item_id, b.bench_id as bench, bn.name as bench_name, sum(b.quantity)::int as quantity
      from consumable_lots l join consumable_balances b on b.lot_id = l.id join benches bn on bn.id = b.bench_id
      where l.item_id = any(${intArray(ids)}) and l.status = 'active' and ${eff} >= ${today}::date and b.quantity > 0
      group by l.item_id, b.bench_id, bn.name order by bn.name`);
  const testRows = await db.execute(sql`
      select c.id, c.item_id, c.test_type_id as test_type, t.name as test_name, t.code as test_code, t.is_panel, c.quantity_per_test, c.automatic
      from consumable_configs c join test_types t on t.id = c.test_type_id
      where c.item_id = any(${intArray(ids)}) order by t.name, c.id`);
  const shortRows = await db.execute(sql`
      select a.entity_id::int as item_id, count(*)::int as n from audit_events a
      where a.entity = 'consumable_item' and a.entity_id = any(${`{${ids.join(',')}}`}::text[]) and a.action = 'consumable.use_short'
        and a.at > ((${today}::date - interval '3 months')::timestamp at time zone 'Africa/Lagos')
      group by a.entity_id`);
  const benches = rowsOf<{ item_id: number; bench: number; bench_name: string; quantity: number }>(benchRows);
  const tests = rowsOf<{
    id: number;
    item_id: number;
    test_type: number;
    test_name: string;
    test_code: string;
    is_panel: boolean;
    quantity_per_test: number;
    automatic: boolean;
  }>(testRows);
  const shorts = rowsOf<{ item_id: number; n: number }>(shortRows);
  return rows.map((r) => {
    const unitCost = r.unit_cost == null ? null : Math.round(Number(r.unit_cost));
    const mine = tests.filter((t) => t.item_id === r.id);
    const cost = (perTest: number) => (unitCost == null ? null : unitCost * perTest);
    const nearest = r.nearest_expiry;
    return {
      id: r.id,
      name: r.name,
      category: r.category,
      unit: r.unit,
      unit_name: r.unit_name,
      unit_symbol: r.unit_symbol,
      pack_size: r.pack_size,
      manufacturer: r.manufacturer,
      manufacturer_name: r.manufacturer_name,
      reorder_level: r.reorder_level,
      expiry_warning_days: r.expiry_warning_days,
      open_stability_days: r.open_stability_days,
      is_active: r.is_active,
      usable_store: r.usable_store,
      usable_benches: benches.filter((b) => b.item_id === r.id).map(({ bench, bench_name, quantity }) => ({ bench, bench_name, quantity })),
      usable_total: r.usable_total,
      expired_units: r.expired_units,
      used_last_3_months: r.used,
      monthly_use: Math.round((r.used / 3) * 10) / 10,
      months_of_stock: stockMonths(r.usable_total, r.used),
      low_stock: itemIsLowStock(r, r.usable_total),
      nearest_expiry: nearest,
      expiring_soon: nearest != null && nearest <= plus(today, r.expiry_warning_days),
      unit_cost_kobo: unitCost,
      cost_per_test_kobo: cost(mine[0]?.quantity_per_test ?? 1),
      tests: mine.map((t) => ({
        id: t.id,
        test_type: t.test_type,
        test_name: t.test_name,
        test_code: t.test_code,
        is_panel: t.is_panel,
        quantity_per_test: t.quantity_per_test,
        automatic: t.automatic,
        cost_per_test_kobo: cost(t.quantity_per_test),
      })),
      uses_short: shorts.find((s) => s.item_id === r.id)?.n ?? 0,
    };
  });
}

const plus = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The facility's items, by name, with their stock figures; `low=1`: those at or below their reorder level. */
export async function listItems(db: Db, p: Principal, q: z.output<typeof consumableItemListQuery>, now = new Date()): Promise<Paginated<ConsumableItem>> {
  const facility = stockFacility(p);
  const today = todayOf(now);
  const where: SQL[] = [sql`i.facility_id = ${facility}`];
  if (q.search) where.push(sql`(i.name ilike ${likeTerm(q.search)} or m.name ilike ${likeTerm(q.search)})`);
  if (q.category) where.push(sql`i.category = ${q.category}`);
  if (q.is_active) where.push(sql`i.is_active = ${q.is_active === '1'}`);
  if (q.low === '1') where.push(sql`i.is_active and st.usable_total <= i.reorder_level`);
  const rows = rowsOf<ItemRow>(
    await db.execute(
      sql`${itemSelect(today)} where ${sql.join(where, sql` and `)} order by lower(i.name), i.id limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`,
    ),
  );
  const count = rows[0]?.total ?? (q.page > 1 ? await countItems(db, where, today) : 0);
  return pageOf(
    q,
    { search: q.search, category: q.category, is_active: q.is_active, low: q.low, page_size: q.page_size },
    count,
    await toItems(db, rows, today),
  );
}

async function countItems(db: Db, where: SQL[], today: string): Promise<number> {
  const rows = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from (${itemSelect(today)} where ${sql.join(where, sql` and `)}) x`),
  );
  return rows[0]?.total ?? 0;
}

/** One item of the caller's facility; another facility's is not found. */
export async function getItem(db: Tx, p: Principal, id: number, now = new Date()): Promise<ConsumableItem> {
  const facility = stockFacility(p);
  const today = todayOf(now);
  const rows = rowsOf<ItemRow>(await db.execute(sql`${itemSelect(today)} where i.facility_id = ${facility} and i.id = ${id}`));
  if (!rows.length) throw notFound();
  return (await toItems(db, rows, today))[0]!;
}

/** The item row of the caller's facility, locked for a change; not found otherwise. */
export async function itemOf(tx: Tx, facility: number, id: number, options: { lock?: boolean; field?: string } = {}) {
  const query = tx
    .select()
    .from(consumableItems)
    .where(and(eq(consumableItems.id, id), eq(consumableItems.facilityId, facility)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw options.field ? ValidationError.field(options.field, `Invalid pk "${id}" - object does not exist.`) : notFound();
  return row;
}

/** A reference row (unit, manufacturer, supplier, bench) must exist and be active. */
export async function checkReference(tx: Tx, table: 'measure_units' | 'manufacturers' | 'suppliers' | 'benches', id: number | null | undefined, field: string) {
  if (id == null) return;
  const rows = rowsOf<{ id: number }>(await tx.execute(sql`select id from ${sql.raw(table)} where id = ${id} and is_active`));
  if (!rows.length) throw ValidationError.field(field, `Invalid pk "${id}" - object does not exist.`);
}

async function checkName(tx: Tx, facility: number, name: string, except: number | null) {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`select id from consumable_items where facility_id = ${facility} and lower(name) = lower(${name}) and id <> ${except ?? 0} limit 1`),
  );
  if (rows.length) throw ValidationError.field('name', 'Your facility already has an item of this name.');
}

/**
 * Tests an item is configured for must exist and be run by the facility: offered as a test service (itself or, for a
 * panel's member, through its panel). Each test once.
 */
export async function checkTests(tx: Tx, facility: number, testIds: readonly number[], field: string) {
  if (!testIds.length) return;
  if (new Set(testIds).size !== testIds.length) throw ValidationError.field(field, 'A test is listed twice.');
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      select t.id from test_types t
      where t.id = any(${intArray(testIds)}) and exists (
        select 1 from facility_test_services s where s.facility_id = ${facility} and s.is_active and s.test_type_id in (t.id, coalesce(t.panel_id, 0)))`),
  );
  const missing = testIds.find((id) => !rows.some((r) => r.id === id));
  if (missing !== undefined) throw ValidationError.field(field, `Test "${missing}" is not a test your facility offers.`);
}

async function replaceTests(tx: Tx, itemId: number, tests: readonly TestBody[]) {
  await tx.delete(consumableConfigs).where(eq(consumableConfigs.itemId, itemId));
  if (tests.length)
    await tx
      .insert(consumableConfigs)
      .values(tests.map((t) => ({ itemId, testTypeId: t.test_type, quantityPerTest: t.quantity_per_test, automatic: t.automatic })));
}

/** Add an item (with the tests that use it), one transaction with its audit row. */
export async function createItem(tx: Tx, p: Principal, body: ItemBody, now = new Date()): Promise<ConsumableItem> {
  const facility = stockFacility(p);
  await checkName(tx, facility, body.name, null);
  await checkReference(tx, 'measure_units', body.unit, 'unit');
  await checkReference(tx, 'manufacturers', body.manufacturer, 'manufacturer');
  const tests = body.tests ?? [];
  await checkTests(
    tx,
    facility,
    tests.map((t) => t.test_type),
    'tests',
  );
  const [made] = await tx
    .insert(consumableItems)
    .values({
      facilityId: facility,
      name: body.name,
      category: body.category,
      unitId: body.unit,
      packSize: body.pack_size,
      manufacturerId: body.manufacturer,
      reorderLevel: body.reorder_level,
      expiryWarningDays: body.expiry_warning_days,
      openStabilityDays: body.open_stability_days,
      isActive: body.is_active,
      createdBy: p.id,
      createdAt: now,
    })
    .returning({ id: consumableItems.id });
  const id = made!.id;
  await replaceTests(tx, id, tests);
  await recordAudit(tx, p, { action: 'consumable_item.created', entity: 'consumable_item', entityId: String(id), after: body, at: now });
  return getItem(tx, p, id, now);
}

/** Change an item: only the fields sent; `tests` sent replaces its tests. */
export async function updateItem(tx: Tx, p: Principal, id: number, body: ItemPatch, now = new Date()): Promise<ConsumableItem> {
  const facility = stockFacility(p);
  const before = await itemOf(tx, facility, id, { lock: true });
  if (body.name !== undefined) await checkName(tx, facility, body.name, id);
  await checkReference(tx, 'measure_units', body.unit, 'unit');
  await checkReference(tx, 'manufacturers', body.manufacturer, 'manufacturer');
  if (body.tests)
    await checkTests(
      tx,
      facility,
      body.tests.map((t) => t.test_type),
      'tests',
    );
  const changes = {
    name: body.name,
    category: body.category,
    unitId: body.unit,
    packSize: body.pack_size,
    manufacturerId: body.manufacturer,
    reorderLevel: body.reorder_level,
    expiryWarningDays: body.expiry_warning_days,
    openStabilityDays: body.open_stability_days,
    isActive: body.is_active,
  };
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length) await tx.update(consumableItems).set(set).where(eq(consumableItems.id, id));
  if (body.tests) await replaceTests(tx, id, body.tests);
  await recordAudit(tx, p, {
    action: 'consumable_item.updated',
    entity: 'consumable_item',
    entityId: String(id),
    before: { name: before.name, pack_size: before.packSize, reorder_level: before.reorderLevel, is_active: before.isActive },
    after: body,
    at: now,
  });
  return getItem(tx, p, id, now);
}
