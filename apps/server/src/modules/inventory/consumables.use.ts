import { lotUnusableReason, stockFefoCompare } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import type { Actor, AuditEntry } from '../../core/audit.js';
import { rowsOf, type Tx } from '../../core/db.js';
import { recordAudits } from '../audit/audit.service.js';
import { itemLots } from './consumables.moves.js';
import { intArray, type LedgerLine, lockBalances, todayOf, writeLedger } from './consumables.service.js';

/**
 * Automatic use: entering a result uses the consumables its test is configured for, in the result's transaction,
 * set-based for the whole batch (a plate's worth in the same few statements as one result).
 *
 * Which entries use stock — one run, one use — is read from the results table. A result version is a new run when
 * it is the test's first (version 1) or follows a version that was rejected or sent for retest; a version following
 * one still ENTERED is a correction of the same run. A test's run count is its number of new-run versions.
 *   - A configuration naming the entered test itself: a new-run entry uses its share.
 *   - A configuration naming a panel: the members of one sample's panel share the run; the run count of the panel is
 *     the highest of its members'. The batch uses one share for the panel when that count grows with this batch —
 *     MTB then RIF entered apart, or together, use one cartridge; a retest of RIF alone uses another.
 * Where: the bench that runs the configured test at the facility (facility_test_services.bench), first expiry first,
 * then the store when the bench has too little. Result entry is never refused for lack of stock: what is usable is
 * used, nothing goes below zero, and a shortfall is recorded as an audit row `consumable.use_short` on the item
 * (counted as "uses not recorded for lack of stock").
 */

interface RunRow {
  test_order_id: number;
  sample_id: number;
  facility_id: number;
  test_type_id: number;
  panel_id: number | null;
  in_batch: boolean;
  new_now: boolean;
  runs: number;
}

interface ConfigRow {
  item_id: number;
  test_type_id: number;
  quantity_per_test: number;
  facility_id: number;
}

interface ServiceRow {
  facility_id: number;
  test_type_id: number;
  bench_id: number | null;
}

/** One run's need: an item, how many units, where, and the test entry it is recorded against. */
export interface RunNeed {
  itemId: number;
  facilityId: number;
  benchId: number | null;
  quantity: number;
  testOrderId: number | null;
}

/** The runs of a batch of entered tests that use stock, from the results table (see above). */
export async function runsToUse(tx: Tx, testOrderIds: readonly number[]): Promise<RunNeed[]> {
  if (!testOrderIds.length) return [];
  // Every test of the entered samples that is the entered test or a member of the same panel, with its run count.
  const runs = rowsOf<RunRow>(
    await tx.execute(sql`
      with batch as (select unnest(${intArray(testOrderIds)}) as id),
      entered as (
        select o.sample_id, t.panel_id from test_orders o join test_types t on t.id = o.test_type_id where o.id in (select id from batch)
      ),
      tests as (
        select o.id, o.sample_id, o.facility_id, o.test_type_id, t.panel_id, o.id in (select id from batch) as in_batch
        from test_orders o join test_types t on t.id = o.test_type_id
        where o.sample_id in (select sample_id from entered)
          and (o.id in (select id from batch) or exists (select 1 from entered e where e.sample_id = o.sample_id and e.panel_id = t.panel_id))
      )
      select x.id as test_order_id, x.sample_id, x.facility_id, x.test_type_id, x.panel_id, x.in_batch,
        coalesce(bool_or(r.current and (r.version = 1 or p.status in (8, 9))), false) as new_now,
        count(r.id) filter (where r.version = 1 or p.status in (8, 9))::int as runs
      from tests x
      left join results r on r.test_order_id = x.id
      left join results p on p.test_order_id = r.test_order_id and p.version = r.version - 1
      group by x.id, x.sample_id, x.facility_id, x.test_type_id, x.panel_id, x.in_batch`),
  );
  const entered = runs.filter((r) => r.in_batch);
  if (!entered.length) return [];
  const testTypes = [...new Set(entered.flatMap((r) => [r.test_type_id, ...(r.panel_id == null ? [] : [r.panel_id])]))];
  const facilities = [...new Set(entered.map((r) => r.facility_id))];
  // One after the other: the result's transaction is one connection.
  const configs = await tx.execute(sql`
      select c.item_id, c.test_type_id, c.quantity_per_test, i.facility_id from consumable_configs c join consumable_items i on i.id = c.item_id
      where c.automatic and i.is_active and c.test_type_id = any(${intArray(testTypes)}) and i.facility_id = any(${intArray(facilities)})
      order by c.id`);
  const services = await tx.execute(sql`
      select facility_id, test_type_id, bench_id from facility_test_services
      where test_type_id = any(${intArray(testTypes)}) and facility_id = any(${intArray(facilities)})`);
  const configRows = rowsOf<ConfigRow>(configs);
  if (!configRows.length) return [];
  const serviceRows = rowsOf<ServiceRow>(services);
  const benchOf = (facility: number, ...tests: (number | null)[]) =>
    tests.map((t) => serviceRows.find((s) => s.facility_id === facility && s.test_type_id === t)?.bench_id).find((b) => b != null) ?? null;
  const needs: RunNeed[] = [];
  // A test configured itself: each new-run entry.
  for (const r of entered) {
    if (!r.new_now) continue;
    for (const c of configRows.filter((c) => c.test_type_id === r.test_type_id && c.facility_id === r.facility_id))
      needs.push({
        itemId: c.item_id,
        facilityId: r.facility_id,
        benchId: benchOf(r.facility_id, r.test_type_id, r.panel_id),
        quantity: c.quantity_per_test,
        testOrderId: r.test_order_id,
      });
  }
  // A panel configured: once per sample whose panel's run count grows with this batch.
  const panels = new Map<string, RunRow[]>();
  for (const r of runs) if (r.panel_id != null) panels.set(`${r.sample_id}:${r.panel_id}`, [...(panels.get(`${r.sample_id}:${r.panel_id}`) ?? []), r]);
  for (const members of panels.values()) {
    const first = members.find((m) => m.in_batch && m.new_now);
    if (!first) continue;
    const after = Math.max(...members.map((m) => m.runs));
    const before = Math.max(...members.map((m) => m.runs - (m.in_batch && m.new_now ? 1 : 0)));
    if (after <= before) continue;
    const lead = members.filter((m) => m.in_batch && m.new_now).sort((a, b) => b.runs - a.runs || a.test_order_id - b.test_order_id)[0]!;
    for (const c of configRows.filter((c) => c.test_type_id === first.panel_id && c.facility_id === first.facility_id))
      needs.push({
        itemId: c.item_id,
        facilityId: first.facility_id,
        benchId: benchOf(first.facility_id, first.panel_id),
        quantity: c.quantity_per_test,
        testOrderId: lead.test_order_id,
      });
  }
  return needs;
}

/**
 * Use stock for runs, set-based: the items' lots share-locked and their balances locked in id order, each run served
 * at its bench first expiry first and then at the store, the lines written in one go, an audit row per item, and an
 * audit row per run that found too little (nothing goes below zero). Returns the lines written.
 */
export async function consumeRuns(tx: Tx, actor: Actor | null, needs: readonly RunNeed[], now = new Date(), occurredOn?: string) {
  if (!needs.length) return [];
  const today = todayOf(now);
  const day = occurredOn ?? today;
  const byFacility = new Map<number, RunNeed[]>();
  for (const n of needs) byFacility.set(n.facilityId, [...(byFacility.get(n.facilityId) ?? []), n]);
  const audits: AuditEntry[] = [];
  const written = [];
  for (const [facility, runs] of byFacility) {
    const itemIds = [...new Set(runs.map((r) => r.itemId))];
    const lots = await itemLots(tx, facility, itemIds, true);
    const balances = await lockBalances(
      tx,
      lots.map((l) => l.id),
    );
    const left = new Map(balances.map((b) => [b.id, b.quantity]));
    const lines: LedgerLine[] = [];
    for (const run of runs) {
      const usableAt = (bench: number | null) =>
        balances
          .filter((b) => b.bench_id === bench && (left.get(b.id) ?? 0) > 0)
          .map((b) => ({ b, lot: lots.find((l) => l.id === b.lot_id)! }))
          .filter(({ b, lot }) => lot.item_id === run.itemId && lotUnusableReason(lot, left.get(b.id) ?? 0, today) == null)
          .sort((x, y) =>
            stockFefoCompare({ effective_expiry: x.lot.effective_expiry, id: x.lot.id }, { effective_expiry: y.lot.effective_expiry, id: y.lot.id }),
          );
      let wanted = run.quantity;
      for (const place of run.benchId == null ? [null] : [run.benchId, null]) {
        for (const { b, lot } of usableAt(place)) {
          if (wanted <= 0) break;
          const take = Math.min(wanted, left.get(b.id)!);
          left.set(b.id, left.get(b.id)! - take);
          wanted -= take;
          lines.push({ itemId: run.itemId, lotId: lot.id, benchId: place, kind: 'use', quantity: -take, testOrderId: run.testOrderId, occurredOn: day });
        }
      }
      if (wanted > 0)
        audits.push({
          action: 'consumable.use_short',
          entity: 'consumable_item',
          entityId: String(run.itemId),
          reason: 'Not enough usable stock at the bench or the store; the use was not recorded.',
          after: { test_order: run.testOrderId, bench: run.benchId, units_needed: run.quantity, units_short: wanted },
          at: now,
        });
    }
    const done = await writeLedger(tx, facility, actor?.id ?? null, lines, () => new Error('A use went below zero.'));
    written.push(...done);
    for (const item of itemIds) {
      const mine = done.filter((l) => l.itemId === item);
      if (mine.length)
        audits.push({
          action: 'consumable.used',
          entity: 'consumable_item',
          entityId: String(item),
          after: { lines: mine.map((l) => ({ line: l.id, lot: l.lotId, bench: l.benchId, quantity: l.quantity, test_order: l.testOrderId })) },
          at: now,
        });
    }
  }
  await recordAudits(tx, actor, audits);
  return written;
}

/**
 * The hook result entry calls after storing a batch of results, in its transaction: the runs that use stock, used
 * (see above). Never refuses: a shortfall is recorded, not thrown.
 */
export async function useConsumables(tx: Tx, actor: Actor | null, testOrderIds: readonly number[], now = new Date()): Promise<void> {
  const needs = await runsToUse(tx, testOrderIds);
  if (needs.length) await consumeRuns(tx, actor, needs, now);
}
