import {
  type ConsumableIssuePlan,
  type ConsumableIssueReply,
  type ConsumableLot,
  type ConsumableUnusableReason,
  type consumableAdjustBody,
  type consumableCountBody,
  type consumableDisposeBody,
  type consumableIssueBody,
  type consumableIssuePlanQuery,
  type consumableOpenBody,
  lotOpenedExpiry,
  lotUnusableReason,
  stockFefoPlan,
  toStockUnits,
} from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../core/db.js';
import { conflict, ValidationError } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Principal } from '../users/users.service.js';
import { checkReference, itemOf } from './consumables.items.js';
import { getLot, lotOf } from './consumables.lots.js';
import { EFFECTIVE_EXPIRY, intArray, type LedgerLine, lockBalances, stockFacility, todayOf, writeLedger } from './consumables.service.js';

/**
 * The moves of stock, each one transaction (the caller's) with its stock lines and audit row: issue to a bench
 * (FEFO across the usable lots at the store, or from a chosen lot), adjustment, disposal, physical count, opening,
 * quarantine and release. Every move takes the lots, then their balances, in id order.
 */

interface LotState {
  id: number;
  item_id: number;
  lot_number: string;
  status: string;
  expiry_date: string;
  opened_expiry: string | null;
  effective_expiry: string;
}

/** The item's lots, share-locked (a quarantine or disposal of one waits for this move, and this one for it). */
export async function itemLots(tx: Tx, facility: number, itemIds: readonly number[], lock: boolean): Promise<LotState[]> {
  if (!itemIds.length) return [];
  return rowsOf<LotState>(
    await tx.execute(sql`
      select l.id, l.item_id, l.lot_number, l.status, l.expiry_date::text as expiry_date, l.opened_expiry::text as opened_expiry,
        ${EFFECTIVE_EXPIRY('l')}::text as effective_expiry
      from consumable_lots l where l.facility_id = ${facility} and l.item_id = any(${intArray(itemIds)}) order by l.id ${lock ? sql`for share` : sql``}`),
  );
}

const UNUSABLE_WORDS: Record<ConsumableUnusableReason, string> = {
  disposed: 'was disposed of',
  quarantined: 'is in quarantine',
  expired: 'has expired',
  open_expired: 'is past its expiry once opened',
  empty: 'holds nothing at the store',
};

const placeName = async (tx: Tx, bench: number | null) =>
  bench == null ? 'the store' : (rowsOf<{ name: string }>(await tx.execute(sql`select name from benches where id = ${bench}`))[0]?.name ?? 'the bench');

/** A bench a move names must exist (stock may sit at a bench no longer in use). */
async function checkBench(tx: Tx, bench: number | null) {
  if (bench == null) return;
  const rows = rowsOf<{ id: number }>(await tx.execute(sql`select id from benches where id = ${bench}`));
  if (!rows.length) throw ValidationError.field('bench', `Invalid pk "${bench}" - object does not exist.`);
}

const packs = (units: number, packSize: number) =>
  packSize > 1
    ? ` (${Math.floor(units / packSize)} pack${Math.floor(units / packSize) === 1 ? '' : 's'} of ${packSize}${units % packSize ? ` and ${units % packSize}` : ''})`
    : '';

/** What an issue of `units` takes: the usable store stock of the item's lots (or of the chosen lot), first expiry first. */
async function planIssue(tx: Tx, facility: number, itemId: number, units: number, chosenLot: number | null, today: string, lock: boolean) {
  const lots = await itemLots(tx, facility, [itemId], lock);
  const balances = lock
    ? await lockBalances(
        tx,
        lots.map((l) => l.id),
      )
    : rowsOf<{ lot_id: number; bench_id: number | null; quantity: number }>(
        await tx.execute(sql`select lot_id, bench_id, quantity from consumable_balances where lot_id = any(${intArray(lots.map((l) => l.id))})`),
      );
  const store = (lotId: number) => balances.find((b) => b.lot_id === lotId && b.bench_id == null)?.quantity ?? 0;
  if (chosenLot != null) {
    const lot = lots.find((l) => l.id === chosenLot);
    if (!lot) throw ValidationError.field('lot', `Invalid pk "${chosenLot}" - object does not exist.`);
    const why = lotUnusableReason(lot, store(lot.id), today);
    if (why) throw ValidationError.field('lot', `Lot ${lot.lot_number} ${UNUSABLE_WORDS[why]}; choose another lot.`);
  }
  const candidates = lots
    .filter((l) => (chosenLot == null || l.id === chosenLot) && lotUnusableReason(l, store(l.id), today) == null)
    .map((l) => ({ id: l.id, lot_number: l.lot_number, effective_expiry: l.effective_expiry, quantity: store(l.id) }));
  const plan = stockFefoPlan(candidates, units);
  const available = candidates.reduce((sum, c) => sum + c.quantity, 0);
  return { plan, available };
}

/** What an issue would take from the store, lot by lot (nothing is moved): the issue dialog shows it before the issue. */
export async function issuePlan(db: Db, p: Principal, q: z.output<typeof consumableIssuePlanQuery>, now = new Date()): Promise<ConsumableIssuePlan> {
  const facility = stockFacility(p);
  const item = await itemOf(db, facility, q.item, { field: 'item' });
  const units = toStockUnits(q.quantity, q.quantity_in, item.packSize);
  const { plan, available } = await planIssue(db, facility, item.id, units, q.lot ?? null, todayOf(now), false);
  return {
    item: item.id,
    quantity: units,
    available,
    lines: plan.take.map((t) => ({ lot: t.lot.id, lot_number: t.lot.lot_number, effective_expiry: t.lot.effective_expiry, quantity: t.quantity })),
    short: plan.short,
  };
}

/**
 * Issue an item from the store to a bench: first expiry first across its usable lots at the store (several lots if
 * need be), or from the lot chosen; never more than is usable (400 naming `quantity`, with what is available). Each
 * lot taken gives an `issue` line at the store (−) and an `issued` line at the bench (+).
 */
export async function issue(tx: Tx, p: Principal, body: z.output<typeof consumableIssueBody>, now = new Date()): Promise<ConsumableIssueReply> {
  const facility = stockFacility(p);
  const today = todayOf(now);
  const item = await itemOf(tx, facility, body.item, { field: 'item' });
  await checkReference(tx, 'benches', body.bench, 'bench');
  const units = toStockUnits(body.quantity, body.quantity_in, item.packSize);
  const { plan, available } = await planIssue(tx, facility, item.id, units, body.lot, today, true);
  if (plan.short > 0)
    throw ValidationError.field(
      'quantity',
      available === 0
        ? `Nothing of ${item.name} is usable at the store${body.lot ? ' in this lot' : ''}.`
        : `Only ${available} unit${available === 1 ? '' : 's'}${packs(available, item.packSize)} of ${item.name} ${available === 1 ? 'is' : 'are'} usable at the store${body.lot ? ' in this lot' : ''}; ${units} were asked for.`,
    );
  const lines: LedgerLine[] = plan.take.flatMap((t) => [
    { itemId: item.id, lotId: t.lot.id, benchId: null, kind: 'issue', quantity: -t.quantity, note: body.note, occurredOn: today },
    { itemId: item.id, lotId: t.lot.id, benchId: body.bench, kind: 'issued', quantity: t.quantity, note: body.note, occurredOn: today },
  ]);
  await writeLedger(tx, facility, p.id, lines, (_line, held) =>
    conflict(`The store now holds ${held} of this lot; the stock changed while you were issuing. Try again.`),
  );
  const taken = plan.take.map((t) => ({ lot: t.lot.id, lot_number: t.lot.lot_number, effective_expiry: t.lot.effective_expiry, quantity: t.quantity }));
  await recordAudit(tx, p, {
    action: 'consumable.issued',
    entity: 'consumable_item',
    entityId: String(item.id),
    after: { bench: body.bench, units, lots: taken, chosen_lot: body.lot },
    at: now,
  });
  return { item: item.id, bench: body.bench, bench_name: await placeName(tx, body.bench), quantity: units, lines: taken };
}

/** A lot of the caller's facility to move, locked, that has not been disposed of. */
async function movableLot(tx: Tx, facility: number, id: number, what: string) {
  const lot = await lotOf(tx, facility, id);
  if (lot.status === 'disposed') throw conflict(`This lot was disposed of; it cannot be ${what}.`);
  return lot;
}

async function audit(tx: Tx, p: Principal, lotId: number, action: string, after: Record<string, unknown>, now: Date) {
  await recordAudit(tx, p, { action: `consumable.${action}`, entity: 'consumable_lot', entityId: String(lotId), after, at: now });
}

/** An adjustment at a place with its reason (damaged, expired, lost, stolen, cold chain, count correction): signed units. */
export async function adjust(tx: Tx, p: Principal, id: number, body: z.output<typeof consumableAdjustBody>, now = new Date()): Promise<ConsumableLot> {
  const facility = stockFacility(p);
  const lot = await movableLot(tx, facility, id, 'adjusted');
  await checkBench(tx, body.bench);
  const where = await placeName(tx, body.bench);
  const [line] = await writeLedger(
    tx,
    facility,
    p.id,
    [
      {
        itemId: lot.item_id,
        lotId: lot.id,
        benchId: body.bench,
        kind: 'adjustment',
        quantity: body.quantity,
        reason: body.reason,
        note: body.note,
        occurredOn: todayOf(now),
      },
    ],
    (_line, held) =>
      ValidationError.field('quantity', `${where === 'the store' ? 'The store' : where} holds ${held} of this lot; it cannot lose ${-body.quantity}.`),
  );
  await audit(tx, p, lot.id, 'adjusted', { bench: body.bench, quantity: body.quantity, reason: body.reason, balance: line!.balance, line: line!.id }, now);
  return getLot(tx, p, lot.id, now);
}

/**
 * Dispose of a lot's stock: at one place (all of it, or a quantity) or at every place that holds some. A lot left
 * with nothing anywhere by a disposal is disposed of (its status); one already empty is marked so.
 */
export async function dispose(tx: Tx, p: Principal, id: number, body: z.output<typeof consumableDisposeBody>, now = new Date()): Promise<ConsumableLot> {
  const facility = stockFacility(p);
  const lot = await movableLot(tx, facility, id, 'disposed of again');
  if (body.everywhere && body.bench != null) throw ValidationError.field('bench', 'Name a bench, or dispose of the lot everywhere; not both.');
  if (body.everywhere && body.quantity != null)
    throw ValidationError.field('quantity', 'Disposing of the lot everywhere takes all of it; name a place to dispose of part.');
  await checkBench(tx, body.bench);
  const balances = await lockBalances(tx, [lot.id]);
  const places = body.everywhere ? balances.filter((b) => b.quantity > 0) : balances.filter((b) => b.bench_id === body.bench);
  const held = places.reduce((sum, b) => sum + b.quantity, 0);
  const where = await placeName(tx, body.bench);
  if (!body.everywhere && held === 0) throw ValidationError.field('quantity', `Nothing of this lot is held at ${where}.`);
  if (body.quantity != null && body.quantity > held)
    throw ValidationError.field('quantity', `Only ${held} of this lot ${held === 1 ? 'is' : 'are'} held at ${where}.`);
  const today = todayOf(now);
  const lines: LedgerLine[] = places
    .filter((b) => b.quantity > 0)
    .map((b) => ({
      itemId: lot.item_id,
      lotId: lot.id,
      benchId: b.bench_id,
      kind: 'disposal',
      quantity: -(body.quantity ?? b.quantity),
      reason: body.reason,
      note: body.note,
      occurredOn: today,
    }));
  const written = await writeLedger(tx, facility, p.id, lines, (_line, left) => ValidationError.field('quantity', `Only ${left} of this lot is held there.`));
  const left = balances.reduce((sum, b) => sum + b.quantity, 0) - written.reduce((sum, l) => sum - l.quantity, 0);
  if (left <= 0) await tx.execute(sql`update consumable_lots set status = 'disposed' where id = ${lot.id}`);
  await audit(
    tx,
    p,
    lot.id,
    'disposed',
    { reason: body.reason, lines: written.map((l) => ({ bench: l.benchId, quantity: l.quantity, line: l.id })), lot_disposed: left <= 0 },
    now,
  );
  return getLot(tx, p, lot.id, now);
}

/** A physical count at a place: the line records the difference from the balance (0 when it agrees: still a line). */
export async function count(tx: Tx, p: Principal, id: number, body: z.output<typeof consumableCountBody>, now = new Date()): Promise<ConsumableLot> {
  const facility = stockFacility(p);
  const lot = await movableLot(tx, facility, id, 'counted');
  await checkBench(tx, body.bench);
  const balances = await lockBalances(tx, [lot.id]);
  const held = balances.find((b) => b.bench_id === body.bench)?.quantity ?? 0;
  const [line] = await writeLedger(
    tx,
    facility,
    p.id,
    [
      {
        itemId: lot.item_id,
        lotId: lot.id,
        benchId: body.bench,
        kind: 'count',
        quantity: body.counted - held,
        note: body.note,
        occurredOn: todayOf(now),
      },
    ],
    () => ValidationError.field('counted', 'A count cannot be below nothing.'),
  );
  await audit(tx, p, lot.id, 'counted', { bench: body.bench, counted: body.counted, recorded: held, difference: body.counted - held, line: line!.id }, now);
  return getLot(tx, p, lot.id, now);
}

/** Open a lot: from then on it is usable until the earlier of its expiry and the opened date plus the item's stability. */
export async function openLot(tx: Tx, p: Principal, id: number, body: z.output<typeof consumableOpenBody>, now = new Date()): Promise<ConsumableLot> {
  const facility = stockFacility(p);
  const lot = await movableLot(tx, facility, id, 'opened');
  if (lot.opened_on) throw conflict(`This lot was opened on ${lot.opened_on}.`);
  const today = todayOf(now);
  if (lot.expiry_date < today) throw conflict(`This lot expired on ${lot.expiry_date}; it is disposed of, not opened.`);
  const on = body.opened_on ?? today;
  if (on > today) throw ValidationError.field('opened_on', 'A lot cannot be opened in the future.');
  if (on < lot.received_date) throw ValidationError.field('opened_on', `The lot was received on ${lot.received_date}; it cannot have been opened before.`);
  const [item] = rowsOf<{ open_stability_days: number | null }>(
    await tx.execute(sql`select open_stability_days from consumable_items where id = ${lot.item_id}`),
  );
  const openedExpiry = lotOpenedExpiry(lot.expiry_date, on, item?.open_stability_days ?? null);
  await tx.execute(sql`update consumable_lots set opened_on = ${on}::date, opened_expiry = ${openedExpiry}::date where id = ${lot.id}`);
  await audit(tx, p, lot.id, 'opened', { opened_on: on, opened_expiry: openedExpiry }, now);
  return getLot(tx, p, lot.id, now);
}

/** Put a lot in quarantine (nothing is issued or used from it), or release it. */
export async function quarantine(tx: Tx, p: Principal, id: number, release: boolean, note: string, now = new Date()): Promise<ConsumableLot> {
  const facility = stockFacility(p);
  const lot = await movableLot(tx, facility, id, release ? 'released' : 'put in quarantine');
  if (!release && lot.status === 'quarantined') throw conflict('This lot is already in quarantine.');
  if (release && lot.status !== 'quarantined') throw conflict('This lot is not in quarantine.');
  const to = release ? 'active' : 'quarantined';
  await tx.execute(sql`update consumable_lots set status = ${to} where id = ${lot.id}`);
  await audit(tx, p, lot.id, release ? 'released' : 'quarantined', { from: lot.status, to, note }, now);
  return getLot(tx, p, lot.id, now);
}
