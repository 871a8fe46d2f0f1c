import { and, eq, inArray, sql } from 'drizzle-orm';
import { CANCELLED_STATUS, canMove, SAMPLE_STATUS as S, statusName, type GeneralOrderBody, type SampleAction } from '@nlims/contracts';
import { facilityScope, requireGeneral } from '../../core/access.js';
import type { Db, Tx } from '../../core/db.js';
import { conflict, notFound, ValidationError } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { clients } from '../clients/clients.table.js';
import { facilityTats, facilityTestServices } from '../facility-settings/facility-settings.table.js';
import { facilities } from '../facilities/facilities.table.js';
import { programs } from '../programs/programs.table.js';
import { rejectionReasons, sampleTypes } from '../reference/reference.table.js';
import type { Principal } from '../users/principal.js';
import { nextLabNumber } from './lab-number.js';
import { generalOrders, testOrders } from './samples.table.js';

export const sampleStatusName = (code: number) => (code === CANCELLED_STATUS ? 'CANCELLED' : statusName(S, code));

/** Orderable General tests for the facility: a panel expands into its member tests. */
export async function resolveTests(tx: Tx, facilityId: number, ids: number[]): Promise<number[]> {
  const [general] = await tx.select().from(programs).where(eq(programs.name, 'General'));
  const chosen = await tx
    .select()
    .from(testTypes)
    .where(and(inArray(testTypes.id, ids), eq(testTypes.program, general!.id), eq(testTypes.is_active, true)));
  const missing = ids.find((id) => !chosen.some((t) => t.id === id));
  if (missing !== undefined) throw ValidationError.field('test_types', `Test "${missing}" is not an active test of the General programme.`);
  const offered = new Set(
    (
      await tx
        .select({ id: facilityTestServices.test_type })
        .from(facilityTestServices)
        .where(and(eq(facilityTestServices.facility, facilityId), eq(facilityTestServices.is_active, true)))
    ).map((r) => r.id),
  );
  const notOffered = chosen.find((t) => !offered.has(t.id) && !(t.panel != null && offered.has(t.panel)));
  if (notOffered) throw ValidationError.field('test_types', `${notOffered.name} is not offered by this facility.`);
  const panels = chosen.filter((t) => t.is_panel).map((t) => t.id);
  const members = panels.length
    ? await tx
        .select({ id: testTypes.id })
        .from(testTypes)
        .where(and(inArray(testTypes.panel, panels), eq(testTypes.is_active, true)))
    : [];
  return [...new Set([...chosen.filter((t) => !t.is_panel).map((t) => t.id), ...members.map((m) => m.id)])];
}

/**
 * The running status counters (migration 0006) are updated by triggers, and
 * every sample move updates its tests before the sample: test counters, then
 * sample counters. A create inserts the sample first, so without this it would
 * take the two counters in the opposite order and deadlock with a concurrent
 * move (a 500). Locking them up front, tests first, keeps one order for all
 * (a create takes the lab number counter before them; moves never take it).
 */
async function lockCounters(tx: Tx, facilityId: number, status: number): Promise<void> {
  await tx.execute(sql`select 1 from status_counts where facility_id = ${facilityId} and status = ${status} and kind in ('test', 'sample')
    order by kind desc for update`);
}

export async function createOrder(db: Db, p: Principal, body: GeneralOrderBody, options: { retrospective?: boolean; at?: Date } = {}) {
  requireGeneral(p, 'order');
  return db.transaction(async (tx) => {
    const [client] = await tx
      .select()
      .from(clients)
      .where(and(eq(clients.id, body.client), eq(clients.facilityId, p.facilityId!)));
    if (!client) throw ValidationError.field('client', `Invalid pk "${body.client}" - object does not exist.`);
    const tests = await resolveTests(tx, p.facilityId!, body.test_types);
    const [facility] = await tx.select().from(facilities).where(eq(facilities.id, p.facilityId!));
    const [general] = await tx.select().from(programs).where(eq(programs.name, 'General'));
    const at = options.at ?? new Date();
    // The lab number counter first (it serialises a facility's creates), then the status counters.
    const labNumber = await nextLabNumber(tx, facility!.facilityCode, at);
    await lockCounters(tx, p.facilityId!, S.ORDERED);
    const [order] = await tx
      .insert(generalOrders)
      .values({
        facilityId: p.facilityId!,
        programId: general!.id,
        clientId: client.id,
        labNumber,
        status: S.ORDERED,
        priority: body.priority,
        requestingClinician: body.requesting_clinician,
        clinicalNotes: body.clinical_notes,
        retrospective: options.retrospective ?? false,
        createdBy: p.id,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await tx
      .insert(testOrders)
      .values(tests.map((testTypeId) => ({ orderId: order!.id, facilityId: p.facilityId!, testTypeId, status: S.ORDERED, createdAt: at })));
    await recordAudit(tx, p, {
      action: 'order.created',
      entity: 'general_order',
      entityId: String(order!.id),
      toStatus: S.ORDERED,
      after: { lab_number: order!.labNumber, test_types: tests },
    });
    return order!.id;
  });
}

/** The order row, locked for the rest of the transaction; another facility's order is a 404. */
export async function lockOrder(tx: Tx, p: Principal, id: number) {
  const scope = facilityScope(p);
  const [order] = await tx
    .select()
    .from(generalOrders)
    .where(and(eq(generalOrders.id, id), ...(scope == null ? [] : [eq(generalOrders.facilityId, scope)])))
    .for('update');
  if (!order) throw notFound();
  return order;
}

/**
 * Each test is due its turnaround time after reception: the facility's TAT
 * for the test, else the catalogue default. Tests in `from` statuses are
 * stamped (and moved to `to` when given).
 */
export async function setDueTimes(tx: Tx, orderId: number, receivedAt: Date, from: number[], to?: number): Promise<void> {
  await tx.execute(sql`
    update ${testOrders} t set status = ${to === undefined ? sql`t.status` : sql`${to}`},
      due_at = ${receivedAt.toISOString()}::timestamptz + make_interval(hours => coalesce(
        (select f.hours from ${facilityTats} f where f.facility_id = t.facility_id and f.test_type_id = t.test_type_id),
        (select c.default_tat_hours from ${testTypes} c where c.id = t.test_type_id)))
    where t.order_id = ${orderId} and t.status in (${sql.join(
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

const PERMISSION: Record<SampleAction, 'order' | 'reception'> = {
  collect: 'order',
  cancel: 'order',
  accept: 'reception',
  reject: 'reception',
  hold: 'reception',
  release: 'reception',
};

/**
 * One sample move (DESIGN §3): in one transaction, lock the order, check the
 * move is allowed from its status (409 otherwise), write the new status of
 * the sample and its tests, and the audit row.
 */
export async function moveSample(db: Db, p: Principal, id: number, action: SampleAction, input: MoveInput) {
  requireGeneral(p, PERMISSION[action]);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, p, id);
    if (!canMove(action, order.status)) throw conflict(`Cannot ${action} a sample that is ${sampleStatusName(order.status)}.`);
    const now = new Date();
    const set: Partial<typeof generalOrders.$inferInsert> = { updatedAt: now };
    let reason: string | null = input.reason ?? (input.comment || null);

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
        await setDueTimes(tx, id, now, [S.ORDERED, S.COLLECTED], S.APPROVED);
        break;
      }
      case 'reject': {
        const [why] = await tx.select().from(rejectionReasons).where(eq(rejectionReasons.id, input.rejection_reason!));
        if (!why) throw ValidationError.field('rejection_reason', `Invalid pk "${input.rejection_reason}" - object does not exist.`);
        reason = [why.reason, input.comment].filter(Boolean).join(': ');
        const open = await tx
          .select()
          .from(testOrders)
          .where(and(eq(testOrders.orderId, id), inArray(testOrders.status, [S.ORDERED, S.COLLECTED, S.APPROVED])));
        const some = input.test_orders?.length ? input.test_orders : null;
        if (some) {
          const unknown = some.find((t) => !open.some((o) => o.id === t));
          if (unknown !== undefined) throw ValidationError.field('test_orders', `Test order "${unknown}" is not an open test of this sample.`);
        }
        const partial = some != null && some.length < open.length;
        const targets = some ?? open.map((o) => o.id);
        await tx
          .update(testOrders)
          .set({ status: S.REJECTED, rejectionReasonId: why.id })
          .where(and(eq(testOrders.orderId, id), inArray(testOrders.id, targets)));
        Object.assign(set, { status: partial ? S.PARTIALLY_REJECTED : S.REJECTED });
        break;
      }
      case 'hold':
        if (!reason) throw ValidationError.field('reason', 'This field is required.');
        Object.assign(set, { status: S.ON_HOLD, heldFrom: order.status });
        break;
      case 'release':
        Object.assign(set, { status: order.heldFrom ?? S.ORDERED, heldFrom: null });
        break;
      case 'cancel':
        Object.assign(set, { status: CANCELLED_STATUS });
        await tx.update(testOrders).set({ status: CANCELLED_STATUS }).where(eq(testOrders.orderId, id));
        break;
    }
    await tx.update(generalOrders).set(set).where(eq(generalOrders.id, id));
    await recordAudit(tx, p, {
      action: `order.${action}`,
      entity: 'general_order',
      entityId: String(id),
      fromStatus: order.status,
      toStatus: set.status!,
      reason,
    });
    return id;
  });
}
