import { and, eq, inArray, sql } from 'drizzle-orm';
import { CANCELLED_STATUS, canMove, MOVE_PERMISSION, SAMPLE_STATUS as S, type SampleAction, statusName } from '@nlims/contracts';
import { facilityScope, programsWhere, requireIn } from '../../core/access.js';
import type { Tx } from '../../core/db.js';
import { conflict, forbidden, notFound, ValidationError } from '../../core/errors.js';
import { recordAudits } from '../audit/audit.service.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { facilityTats } from '../facility-settings/facility-settings.table.js';
import { programs } from '../programs/programs.table.js';
import { rejectionReasons, sampleTypes } from '../reference/reference.table.js';
import type { Principal } from '../users/users.service.js';
import { orders, samples, testOrders } from './samples.table.js';

export const sampleStatusName = (code: number) => (code === CANCELLED_STATUS ? 'CANCELLED' : statusName(S, code));

/**
 * The sample rows with their orders, locked in id order for the rest of the transaction (two benches moving
 * overlapping racks cannot deadlock); another facility's (or another form's) sample is a 404.
 */
async function lockSamples(tx: Tx, p: Principal, ids: readonly number[], programs_: readonly string[]) {
  const scope = facilityScope(p);
  const rows = await tx
    .select({ sample: samples, order: orders, program: programs.name })
    .from(samples)
    .innerJoin(orders, eq(orders.id, samples.orderId))
    .innerJoin(programs, eq(programs.id, samples.programId))
    .where(and(inArray(samples.id, [...ids]), ...(scope == null ? [] : [eq(samples.facilityId, scope)])))
    .orderBy(samples.id)
    .for('update', { of: samples });
  if (rows.length !== new Set(ids).size || rows.some((r) => !programs_.includes(r.program))) throw notFound();
  return rows;
}

/** The sample row with its order, locked for the rest of the transaction; another facility's (or another form's) sample is a 404. */
export async function lockSample(tx: Tx, p: Principal, id: number, programs_: readonly string[]) {
  return (await lockSamples(tx, p, [id], programs_))[0]!;
}

/**
 * Each test is due its turnaround time after reception: the facility's TAT
 * for the test, else the catalogue default. Tests in `from` statuses are
 * stamped (and moved to `to` when given).
 */
export async function setDueTimes(tx: Tx, sampleIds: number[], receivedAt: Date, from: number[], to?: number): Promise<void> {
  await tx.execute(sql`
    update ${testOrders} t set status = ${to === undefined ? sql`t.status` : sql`${to}`},
      due_at = ${receivedAt.toISOString()}::timestamptz + make_interval(hours => coalesce(
        (select f.hours from ${facilityTats} f where f.facility_id = t.facility_id and f.test_type_id = t.test_type_id),
        (select c.default_tat_hours from ${testTypes} c where c.id = t.test_type_id)))
    where t.sample_id in (${sql.join(
      sampleIds.map((s) => sql`${s}`),
      sql`, `,
    )}) and t.status in (${sql.join(
      from.map((f) => sql`${f}`),
      sql`, `,
    )})`);
}

export interface MoveInput {
  collected_at?: string;
  sample_type?: number;
  rejection_reason?: number;
  test_orders?: number[];
  comment?: string;
  reason?: string;
}

/** The move's permission in at least one of a form's programmes (each sample's own programme is checked in the move). */
export function requireMoveAmong(p: Principal, formPrograms: readonly string[], action: SampleAction): void {
  if (!programsWhere(p, MOVE_PERMISSION[action], formPrograms).length) throw forbidden(`Your role may not ${action} samples in these programmes.`);
}

/**
 * One sample move (DESIGN §3), in the caller's transaction: `moveSamples` with one sample.
 */
export async function moveSample(tx: Tx, p: Principal, formPrograms: readonly string[], id: number, action: SampleAction, input: MoveInput) {
  await moveSamples(tx, p, formPrograms, [id], action, input);
  return id;
}

/**
 * A sample move on one sample or many (a reception bench scanning a rack), in
 * the caller's transaction and set-based, all or nothing: lock the samples in
 * id order (one query), check the caller's role in each sample's programme and
 * that the move is allowed from each one's status (409 otherwise), then write
 * the samples' new status, their tests and one audit row per sample, each in
 * one statement whatever the number of samples. Reception accepts or rejects
 * samples, not orders.
 */
export async function moveSamples(tx: Tx, p: Principal, formPrograms: readonly string[], ids: readonly number[], action: SampleAction, input: MoveInput) {
  requireMoveAmong(p, formPrograms, action);
  const rows = await lockSamples(tx, p, ids, formPrograms);
  for (const { sample, program } of rows) {
    requireIn(p, program, MOVE_PERMISSION[action]);
    if (!canMove(action, sample.status))
      throw conflict(`Cannot ${action} a sample that is ${sampleStatusName(sample.status)}${rows.length > 1 ? ` (${sample.barcode})` : ''}.`);
  }
  const now = new Date();
  const set: Partial<Record<keyof typeof samples.$inferInsert, unknown>> = { updatedAt: now };
  let reason: string | null = input.reason ?? (input.comment || null);
  const all = inArray(samples.id, [...ids]);
  const theirTests = inArray(testOrders.sampleId, [...ids]);

  switch (action) {
    case 'collect': {
      const at = new Date(input.collected_at!);
      if (at.getTime() > now.getTime() + 5 * 60_000) throw ValidationError.field('collected_at', 'The collection time is in the future.');
      const [type] = await tx.select().from(sampleTypes).where(eq(sampleTypes.id, input.sample_type!));
      if (!type) throw ValidationError.field('sample_type', `Invalid pk "${input.sample_type}" - object does not exist.`);
      Object.assign(set, { status: S.COLLECTED, collectedAt: at, sampleTypeId: type.id });
      break;
    }
    case 'accept': {
      Object.assign(set, { status: S.APPROVED, receivedAt: now });
      await setDueTimes(tx, [...ids], now, [S.ORDERED, S.COLLECTED], S.APPROVED);
      break;
    }
    case 'reject': {
      const [why] = await tx.select().from(rejectionReasons).where(eq(rejectionReasons.id, input.rejection_reason!));
      if (!why) throw ValidationError.field('rejection_reason', `Invalid pk "${input.rejection_reason}" - object does not exist.`);
      reason = [why.reason, input.comment].filter(Boolean).join(': ');
      const some = input.test_orders?.length ? input.test_orders : null;
      if (some && ids.length > 1) throw ValidationError.field('test_orders', 'Reject some of the tests of one sample at a time.');
      const open = await tx
        .select({ id: testOrders.id })
        .from(testOrders)
        .where(and(theirTests, inArray(testOrders.status, [S.ORDERED, S.COLLECTED, S.APPROVED])));
      if (some) {
        const unknown = some.find((t) => !open.some((o) => o.id === t));
        if (unknown !== undefined) throw ValidationError.field('test_orders', `Test order "${unknown}" is not an open test of this sample.`);
      }
      const partial = some != null && some.length < open.length;
      const targets = some ?? open.map((o) => o.id);
      if (targets.length)
        await tx
          .update(testOrders)
          .set({ status: S.REJECTED, rejectionReasonId: why.id })
          .where(and(theirTests, inArray(testOrders.id, targets)));
      Object.assign(set, { status: partial ? S.PARTIALLY_REJECTED : S.REJECTED, rejectionReasonId: why.id });
      break;
    }
    case 'hold':
      if (!reason) throw ValidationError.field('reason', 'This field is required.');
      // Each sample remembers its own status, to return to it.
      Object.assign(set, { status: S.ON_HOLD, heldFrom: sql`${samples.status}` });
      break;
    case 'release':
      Object.assign(set, { status: sql`coalesce(${samples.heldFrom}, ${S.ORDERED})`, heldFrom: null });
      break;
    case 'cancel':
      Object.assign(set, { status: CANCELLED_STATUS });
      await tx.update(testOrders).set({ status: CANCELLED_STATUS }).where(theirTests);
      break;
  }
  await tx
    .update(samples)
    .set(set as Partial<typeof samples.$inferInsert>)
    .where(all);
  await recordAudits(
    tx,
    p,
    rows.map(({ sample }) => ({
      action: `sample.${action}`,
      entity: 'sample',
      entityId: String(sample.id),
      fromStatus: sample.status,
      toStatus: action === 'release' ? (sample.heldFrom ?? S.ORDERED) : (set.status as number),
      reason,
    })),
  );
}
