import type { ConsumableLineKind } from '@nlims/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../core/db.js';
import { forbidden } from '../../core/errors.js';
import { lagosToday } from '../../core/period.js';
import { isFacilityAdminPrincipal, type Principal } from '../users/users.service.js';

/**
 * The consumables' kernel: who keeps the stock, today's date, and the ledger — the only writer of balances, each
 * change with its stock line in the caller's transaction. Items, lots and receipts (consumables.items.ts,
 * consumables.lots.ts), the moves (consumables.moves.ts), automatic use (consumables.use.ts) and the stock card and
 * alerts (consumables.reports.ts) build on it.
 */

/** The facility whose stock the caller keeps: its administrator's (SPEC: "Admin: … inventory and consumables"); anyone else 403. */
export function stockFacility(p: Principal): number {
  if (!isFacilityAdminPrincipal(p) || p.facilityId == null) throw forbidden('Consumables are kept by the facility’s administrator.');
  return p.facilityId;
}

/** Today in Africa/Lagos: the day lots expire on and moves are dated. */
export const todayOf = (now: Date): string => lagosToday(now);

/** Integers as one array parameter (one statement text whatever their number). */
export const intArray = (xs: readonly number[]): SQL => sql`${`{${xs.map((x) => Math.trunc(x)).join(',')}}`}::int[]`;
/** Rows as one JSON parameter, read with jsonb_to_recordset. */
export const jsonParam = (rows: readonly unknown[]): SQL => sql`${JSON.stringify(rows)}::jsonb`;

/** A lot's effective expiry in SQL: its opened expiry once opened, else its expiry. */
export const EFFECTIVE_EXPIRY = (lot: string) => sql.raw(`coalesce(${lot}.opened_expiry, ${lot}.expiry_date)`);
/** Usable in SQL: active and not past its (opened) expiry (the quantity is checked where it is read). */
export const usableLot = (lot: string, today: string) => sql`(${sql.raw(lot)}.status = 'active' and ${EFFECTIVE_EXPIRY(lot)} >= ${today}::date)`;

export interface BalanceRow {
  id: number;
  lot_id: number;
  bench_id: number | null;
  quantity: number;
}

/**
 * Lock every balance of these lots (all places) in id order — the one order every move takes them in, so two moves
 * never wait on each other in a circle — and return them. A second move on the same stock waits here for the first
 * to commit, then reads what it left.
 */
export async function lockBalances(tx: Tx, lotIds: readonly number[]): Promise<BalanceRow[]> {
  if (!lotIds.length) return [];
  return rowsOf<BalanceRow>(
    await tx.execute(sql`select id, lot_id, bench_id, quantity from consumable_balances where lot_id = any(${intArray(lotIds)}) order by id for update`),
  );
}

export interface LedgerLine {
  itemId: number;
  lotId: number;
  /** Null: the store. */
  benchId: number | null;
  kind: ConsumableLineKind;
  /** Signed units. */
  quantity: number;
  reason?: string | null;
  note?: string;
  testOrderId?: number | null;
  occurredOn: string;
}

export interface WrittenLine extends LedgerLine {
  id: number;
  balance: number;
}

const placeKey = (lotId: number, benchId: number | null) => `${lotId}:${benchId ?? 0}`;

/**
 * Write stock lines and move the balances they change, in four statements whatever their number: the places'
 * balance rows made if missing, locked in id order, each line's balance after it computed in order, the balances
 * set, the lines inserted. A line that would take a place below nothing is refused with `refuse` (nothing written);
 * the table's CHECK is the last guard.
 */
export async function writeLedger(
  tx: Tx,
  facilityId: number,
  userId: number | null,
  lines: readonly LedgerLine[],
  refuse: (line: LedgerLine, held: number) => Error,
): Promise<WrittenLine[]> {
  if (!lines.length) return [];
  const places = [...new Map(lines.map((l) => [placeKey(l.lotId, l.benchId), { lot: l.lotId, bench: l.benchId }])).values()];
  await tx.execute(sql`
    insert into consumable_balances (facility_id, lot_id, bench_id, quantity)
    select ${facilityId}, v.lot, v.bench, 0 from jsonb_to_recordset(${jsonParam(places)}) as v(lot int, bench int)
    on conflict (lot_id, (coalesce(bench_id, 0))) do nothing`);
  const held = await lockBalances(tx, [...new Set(lines.map((l) => l.lotId))]);
  const byPlace = new Map(held.map((b) => [placeKey(b.lot_id, b.bench_id), { ...b }]));
  const written = lines.map((line) => {
    const row = byPlace.get(placeKey(line.lotId, line.benchId))!;
    const after = row.quantity + line.quantity;
    if (after < 0) throw refuse(line, row.quantity);
    row.quantity = after;
    return { line, balance: after };
  });
  const changed = [...byPlace.values()].filter((b) => held.find((h) => h.id === b.id)!.quantity !== b.quantity);
  if (changed.length)
    await tx.execute(sql`
      update consumable_balances b set quantity = v.quantity
      from jsonb_to_recordset(${jsonParam(changed.map((b) => ({ id: b.id, quantity: b.quantity })))}) as v(id int, quantity int)
      where b.id = v.id`);
  const rows = written.map(({ line, balance }) => ({
    facility_id: facilityId,
    item_id: line.itemId,
    lot_id: line.lotId,
    bench_id: line.benchId,
    kind: line.kind,
    quantity: line.quantity,
    balance,
    reason: line.reason ?? null,
    note: line.note ?? '',
    test_order_id: line.testOrderId ?? null,
    occurred_on: line.occurredOn,
    user_id: userId,
  }));
  const ids = rowsOf<{ id: number }>(
    await tx.execute(sql`
      insert into stock_lines (facility_id, item_id, lot_id, bench_id, kind, quantity, balance, reason, note, test_order_id, occurred_on, user_id)
      select facility_id, item_id, lot_id, bench_id, kind, quantity, balance, reason, note, test_order_id, occurred_on, user_id
      from jsonb_to_recordset(${jsonParam(rows)}) as v(facility_id int, item_id int, lot_id int, bench_id int, kind text, quantity int, balance int,
        reason text, note text, test_order_id int, occurred_on date, user_id int)
      returning id`),
  );
  // Ids are drawn in the order the rows are inserted, which is the order given.
  const sorted = ids.map((r) => Number(r.id)).sort((a, b) => a - b);
  return written.map(({ line, balance }, i) => ({ ...line, balance, id: sorted[i]! }));
}
