/** The consumables' configurations: which tests use an item, how many units a run takes, and whether it is used automatically. */
import type {
  ConsumableConfigItem,
  ConsumableTestOption,
  consumableConfigBody,
  consumableConfigListQuery,
  consumableConfigPatch,
  Paginated,
} from '@nlims/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../core/db.js';
import { notFound, ValidationError } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Principal } from '../users/users.service.js';
import { consumableConfigs } from './consumables.table.js';
import { stockFacility } from './consumables.service.js';
import { likeTerm } from '../../core/sql-values.js';
import { checkTests, itemOf, pageOf } from './consumables.items.js';

type ConfigBody = z.output<typeof consumableConfigBody>;
type ConfigPatch = z.output<typeof consumableConfigPatch>;
const configSelect = sql`
  select c.id, c.item_id as item, i.name as item_name, c.test_type_id as test_type, t.name as test_name, t.code as test_code, t.is_panel,
    c.quantity_per_test, c.automatic, count(*) over ()::int as total
  from consumable_configs c join consumable_items i on i.id = c.item_id join test_types t on t.id = c.test_type_id`;

type ConfigRow = ConsumableConfigItem & { total?: number };
const toConfig = ({ total: _total, ...row }: ConfigRow): ConsumableConfigItem => row;

export async function listConfigs(db: Db, p: Principal, q: z.output<typeof consumableConfigListQuery>): Promise<Paginated<ConsumableConfigItem>> {
  const facility = stockFacility(p);
  const where: SQL[] = [sql`i.facility_id = ${facility}`];
  if (q.item) where.push(sql`c.item_id = ${q.item}`);
  if (q.test_type) where.push(sql`c.test_type_id = ${q.test_type}`);
  if (q.search) where.push(sql`(i.name ilike ${likeTerm(q.search)} or t.name ilike ${likeTerm(q.search)} or t.code ilike ${likeTerm(q.search)})`);
  const rows = rowsOf<ConfigRow>(
    await db.execute(
      sql`${configSelect} where ${sql.join(where, sql` and `)} order by lower(i.name), t.name, c.id limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`,
    ),
  );
  const count =
    rows[0]?.total ??
    rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${configSelect} where ${sql.join(where, sql` and `)}) x`))[0]?.n ??
    0;
  return pageOf(q, { search: q.search, item: q.item, test_type: q.test_type, page_size: q.page_size }, count, rows.map(toConfig));
}

async function configOf(tx: Tx, facility: number, id: number): Promise<ConsumableConfigItem> {
  const rows = rowsOf<ConfigRow>(await tx.execute(sql`${configSelect} where i.facility_id = ${facility} and c.id = ${id}`));
  if (!rows[0]) throw notFound();
  return toConfig(rows[0]);
}

async function checkConfigFree(tx: Tx, itemId: number, testType: number, except: number | null) {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`select id from consumable_configs where item_id = ${itemId} and test_type_id = ${testType} and id <> ${except ?? 0}`),
  );
  if (rows.length) throw ValidationError.field('test_type', 'This test already uses this item.');
}

export async function createConfig(tx: Tx, p: Principal, body: ConfigBody, now = new Date()): Promise<ConsumableConfigItem> {
  const facility = stockFacility(p);
  await itemOf(tx, facility, body.item, { lock: true, field: 'item' });
  await checkTests(tx, facility, [body.test_type], 'test_type');
  await checkConfigFree(tx, body.item, body.test_type, null);
  const [made] = await tx
    .insert(consumableConfigs)
    .values({ itemId: body.item, testTypeId: body.test_type, quantityPerTest: body.quantity_per_test, automatic: body.automatic })
    .returning({ id: consumableConfigs.id });
  await recordAudit(tx, p, { action: 'consumable_config.created', entity: 'consumable_config', entityId: String(made!.id), after: body, at: now });
  return configOf(tx, facility, made!.id);
}

export async function updateConfig(tx: Tx, p: Principal, id: number, body: ConfigPatch, now = new Date()): Promise<ConsumableConfigItem> {
  const facility = stockFacility(p);
  const before = await configOf(tx, facility, id);
  await itemOf(tx, facility, before.item, { lock: true });
  if (body.test_type !== undefined) {
    await checkTests(tx, facility, [body.test_type], 'test_type');
    await checkConfigFree(tx, before.item, body.test_type, id);
  }
  const set = Object.fromEntries(
    Object.entries({ testTypeId: body.test_type, quantityPerTest: body.quantity_per_test, automatic: body.automatic }).filter(([, v]) => v !== undefined),
  );
  if (Object.keys(set).length) await tx.update(consumableConfigs).set(set).where(eq(consumableConfigs.id, id));
  await recordAudit(tx, p, { action: 'consumable_config.updated', entity: 'consumable_config', entityId: String(id), before, after: body, at: now });
  return configOf(tx, facility, id);
}

export async function deleteConfig(tx: Tx, p: Principal, id: number, now = new Date()): Promise<void> {
  const facility = stockFacility(p);
  const before = await configOf(tx, facility, id);
  await tx.delete(consumableConfigs).where(eq(consumableConfigs.id, id));
  await recordAudit(tx, p, { action: 'consumable_config.deleted', entity: 'consumable_config', entityId: String(id), before, at: now });
}

/** The tests the facility offers (panels, stand-alone tests and the panels' members), each with the bench that runs it. */
export async function testOptions(db: Db, p: Principal): Promise<ConsumableTestOption[]> {
  const facility = stockFacility(p);
  return rowsOf<ConsumableTestOption>(
    await db.execute(sql`
      select t.id, t.name, t.code, pr.name as program, t.is_panel, t.panel_id as panel, s.bench_id as bench, bn.name as bench_name
      from facility_test_services s
      join test_types t on t.id = s.test_type_id or t.panel_id = s.test_type_id
      join programs pr on pr.id = t.program_id
      left join benches bn on bn.id = s.bench_id
      where s.facility_id = ${facility} and s.is_active and t.is_active
      order by pr.name, coalesce(t.panel_id, t.id), t.panel_id nulls first, t.name`),
  );
}
