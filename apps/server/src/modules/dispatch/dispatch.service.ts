import {
  DISPATCH_STATUS as D,
  OPEN_SHIPMENT,
  SAMPLE_STATUS as S,
  SHIPMENT_MOVE_SIDE,
  SHIPMENT_MOVES,
  SHIPMENT_TIMED_MOVES,
  type ShipmentAction,
  type ShipmentDetail,
  type ShipmentItem,
  statusLabel,
  stepTime,
} from '@nlims/contracts';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { referredSampleItem, shipmentCreateBody, shipmentListQuery, shipmentMoveBody, shipmentReceiveBody } from '@nlims/contracts';
import { mayIn, programsRead, requireIn, roleIn } from '../../core/access.js';
import { type Db, nextYearlyNumber, rowsOf, type Tx } from '../../core/db.js';
import { conflict, forbidden, notFound, ValidationError } from '../../core/errors.js';
import { iso } from '../../core/sql-values.js';
import { recordAudits } from '../audit/audit.service.js';
import { facilities, facilityLabNetworks } from '../facilities/facilities.table.js';
import { programs } from '../programs/programs.table.js';
import { courierProviders, labNetworks, rejectionReasons, sampleTypes } from '../reference/reference.table.js';
import { programIn } from '../samples/forms.js';
import { moveSamples } from '../samples/samples.service.js';
import { orders, samples, testOrders } from '../samples/samples.table.js';
import { clients } from '../clients/clients.table.js';
import type { Principal } from '../users/principal.js';
import { shipmentEvents, shipmentSamples, shipments } from './dispatch.table.js';
import { printedValue, type StoredValue } from '../results/result-value.js';

type CreateBody = z.output<typeof shipmentCreateBody>;
type ReceiveBody = z.output<typeof shipmentReceiveBody>;

/** A facility user's facility; the super admin and the tier users hold none, and reach no shipment. */
function referralFacility(p: Principal): number {
  if (p.isSuperuser || p.facilityId == null) throw forbidden('Referral is the work of a facility.');
  return p.facilityId;
}

/** The testing laboratories the caller's facility may send a programme's samples to: its lab networks' (any programme's when none is named). */
export async function referralDestinations(db: Tx, p: Principal, program?: string) {
  const facility = referralFacility(p);
  const tested = sql`(select f.facility_name from ${facilities} f where f.id = ${labNetworks.testing_facility})`;
  const rows = await db
    .select({
      facility: sql<number>`${labNetworks.testing_facility}`,
      facility_name: sql<string>`${tested}`,
      network: labNetworks.id,
      network_name: labNetworks.name,
      program: sql<string | null>`(select p.name from ${programs} p where p.id = ${labNetworks.program})`,
      expected_hours: labNetworks.expected_hours,
      courier: labNetworks.courier_provider,
    })
    .from(labNetworks)
    .innerJoin(facilityLabNetworks, and(eq(facilityLabNetworks.labNetworkId, labNetworks.id), eq(facilityLabNetworks.facilityId, facility)))
    .where(
      and(
        eq(labNetworks.is_active, true),
        sql`${labNetworks.testing_facility} is not null and ${labNetworks.testing_facility} <> ${facility}`,
        sql`exists (select 1 from ${facilities} f where f.id = ${labNetworks.testing_facility} and f.is_active)`,
      ),
    )
    .orderBy(asc(labNetworks.name));
  return rows.filter((r) => r.facility_name != null && (program == null || r.program == null || r.program === program));
}

/**
 * Whether the caller's facility is the testing laboratory of an active lab network for the programme (a network for
 * every programme counts; no programme named: any network), the side that receives the shipments.
 */
export async function referralRole(db: Tx, p: Principal, program?: string): Promise<{ testing_laboratory: boolean }> {
  const facility = referralFacility(p);
  const forProgramme =
    program == null ? sql`true` : sql`(${labNetworks.program} is null or ${labNetworks.program} = (select p.id from ${programs} p where p.name = ${program}))`;
  const [row] = await db
    .select({ id: labNetworks.id })
    .from(labNetworks)
    .where(and(eq(labNetworks.is_active, true), eq(labNetworks.testing_facility, facility), forProgramme))
    .limit(1);
  return { testing_laboratory: row != null };
}

/**
 * Batch collected samples of the caller's facility into a shipment to a testing laboratory of one of its lab
 * networks: the samples become DISPATCHED (13), each with its audit row, and the shipment PENDING (0), in the
 * caller's transaction. A sample already in an open shipment (or no longer collected) is a 409.
 */
export async function createShipment(tx: Tx, p: Principal, body: CreateBody, now = new Date()): Promise<ShipmentDetail> {
  const facility = referralFacility(p);
  if (!p.roles.some((r) => mayIn(p, r.program, 'dispatch'))) throw forbidden('Your role may not dispatch samples in any programme.');
  const ids = [...new Set(body.samples)];
  const rows = await tx
    .select({ id: samples.id, barcode: samples.barcode, status: samples.status, program: programs.name, programId: programs.id })
    .from(samples)
    .innerJoin(programs, eq(programs.id, samples.programId))
    .where(and(inArray(samples.id, ids), eq(samples.facilityId, facility)))
    .orderBy(samples.id)
    .for('update', { of: samples });
  // A sample of a programme the caller holds no role in is not there for it (its lab number and programme untold).
  const missing = ids.find((id) => !rows.some((r) => r.id === id && roleIn(p, r.program) != null));
  if (missing !== undefined) throw ValidationError.field('samples', `Invalid pk "${missing}" - object does not exist.`);
  const programmes = [...new Set(rows.map((r) => r.program))];
  for (const program of programmes) requireIn(p, program, 'dispatch');
  const notCollected = rows.find((r) => r.status !== S.COLLECTED);
  if (notCollected)
    throw conflict(
      notCollected.status === S.DISPATCHED
        ? `Sample ${notCollected.barcode} is already in a shipment.`
        : `Only collected samples can be dispatched; ${notCollected.barcode} is ${statusLabel(S, notCollected.status).toLowerCase()}.`,
    );

  const destinations = await referralDestinations(tx, p);
  const serving = (program: string) => destinations.filter((d) => d.facility === body.receiving_facility && (d.program == null || d.program === program));
  const unserved = programmes.find((program) => !serving(program).length);
  if (unserved)
    throw ValidationError.field(
      'receiving_facility',
      destinations.some((d) => d.facility === body.receiving_facility)
        ? `This laboratory does not test ${unserved} samples for your facility's networks.`
        : "Choose a testing laboratory of your facility's lab networks.",
    );
  const network = serving(programmes[0]!)[0]!;
  if (body.courier != null) {
    const [courier] = await tx
      .select({ id: courierProviders.id })
      .from(courierProviders)
      .where(and(eq(courierProviders.id, body.courier), eq(courierProviders.is_active, true)));
    if (!courier) throw ValidationError.field('courier', `Invalid pk "${body.courier}" - object does not exist.`);
  }

  const number = await nextYearlyNumber(
    tx,
    { code: 'SH', lock: 130, table: shipments, number: shipments.number, facility: shipments.sendingFacilityId },
    facility,
    now,
  );
  const [shipment] = await tx
    .insert(shipments)
    .values({
      number,
      sendingFacilityId: facility,
      receivingFacilityId: body.receiving_facility,
      networkId: network.network,
      courierId: body.courier ?? network.courier,
      status: D.PENDING,
      programIds: [...new Set(rows.map((r) => r.programId))],
      packaging: body.packaging,
      boxes: body.boxes,
      storageTemperature: body.storage_temperature,
      pickupTemperature: body.pickup_temperature,
      packedBy: body.packed_by,
      riderName: body.rider_name,
      riderPhone: body.rider_phone,
      pickupDate: body.pickup_date,
      expectedHours: network.expected_hours,
      createdBy: p.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: shipments.id });
  const id = shipment!.id;
  await tx.insert(shipmentSamples).values(rows.map((r) => ({ shipmentId: id, sampleId: r.id, fromStatus: r.status })));
  await tx.update(samples).set({ status: S.DISPATCHED, updatedAt: now }).where(inArray(samples.id, ids));
  await tx
    .insert(shipmentEvents)
    .values({ shipmentId: id, fromStatus: null, toStatus: D.PENDING, at: now, byUserId: p.id, temperature: body.pickup_temperature });
  await recordAudits(tx, p, [
    {
      action: 'shipment.create',
      entity: 'shipment',
      entityId: String(id),
      toStatus: D.PENDING,
      after: { number, samples: ids, receiving_facility: body.receiving_facility },
    },
    ...rows.map((r) => ({
      action: 'sample.dispatch',
      entity: 'sample',
      entityId: String(r.id),
      fromStatus: r.status,
      toStatus: S.DISPATCHED,
      reason: `Shipment ${number}`,
    })),
  ]);
  return getShipment(tx, p, id);
}

interface ShipmentRow {
  id: number;
  number: string;
  status: number;
  sending_facility: number;
  receiving_facility: number;
}

/** The shipment locked (or read) for one of its two facilities; anyone else's is a 404. */
async function shipmentFor(tx: Tx, p: Principal, id: number, lock: boolean): Promise<ShipmentRow & { side: 'sender' | 'receiver'; programmes: string[] }> {
  const facility = referralFacility(p);
  const q = tx
    .select({
      id: shipments.id,
      number: shipments.number,
      status: shipments.status,
      sending_facility: shipments.sendingFacilityId,
      receiving_facility: shipments.receivingFacilityId,
    })
    .from(shipments)
    .where(and(eq(shipments.id, id), or(eq(shipments.sendingFacilityId, facility), eq(shipments.receivingFacilityId, facility))));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  const programmes = (
    await tx
      .selectDistinct({ name: programs.name })
      .from(shipmentSamples)
      .innerJoin(samples, eq(samples.id, shipmentSamples.sampleId))
      .innerJoin(programs, eq(programs.id, samples.programId))
      .where(eq(shipmentSamples.shipmentId, id))
  ).map((r) => r.name);
  // Reading takes a role in one of its programmes; a facility user without one does not learn it exists.
  if (!programmes.some((program) => mayIn(p, program, 'read'))) throw notFound();
  return { ...row, side: row.sending_facility === facility ? 'sender' : 'receiver', programmes };
}

/** A shipment overdue: not delivered within its network's hours of dispatch (or of the pick-up date before dispatch). */
export const overdueShipment = (alias: string) =>
  sql<boolean>`(${sql.raw(alias)}.status in (${sql.raw(OPEN_SHIPMENT.filter((s) => s !== D.DELIVERED).join(', '))})
    and now() > coalesce(${sql.raw(alias)}.dispatched_at, ${sql.raw(alias)}.pickup_date::timestamptz) + make_interval(hours => ${sql.raw(alias)}.expected_hours))`;

/**
 * A shipment's fields as the caller sees them: its samples counted only in the programmes the caller reads (a
 * shipment carrying samples of several programmes is read by whoever reads one of them, and shows that one's).
 */
const itemFields = (readable: readonly string[]) => ({
  id: shipments.id,
  number: shipments.number,
  status: shipments.status,
  sending_facility: shipments.sendingFacilityId,
  sending_facility_name: sql<string>`(select f.facility_name from ${facilities} f where f.id = ${shipments.sendingFacilityId})`,
  receiving_facility: shipments.receivingFacilityId,
  receiving_facility_name: sql<string>`(select f.facility_name from ${facilities} f where f.id = ${shipments.receivingFacilityId})`,
  courier: shipments.courierId,
  courier_name: sql<string | null>`(select c.name from ${courierProviders} c where c.id = ${shipments.courierId})`,
  samples_count: sql<number>`(select count(*)::int from ${shipmentSamples} x join ${samples} xs on xs.id = x.sample_id
    where x.shipment_id = shipments.id and ${programIn(sql.raw('xs.program_id'), readable)})`,
  pickup_date: shipments.pickupDate,
  storage_temperature: shipments.storageTemperature,
  created_at: shipments.createdAt,
  dispatched_at: shipments.dispatchedAt,
  delivered_at: shipments.deliveredAt,
  received_at: shipments.receivedAt,
  due_at: sql<string>`to_char((coalesce(${shipments.dispatchedAt}, ${shipments.pickupDate}::timestamptz) + make_interval(hours => ${shipments.expectedHours})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  overdue: overdueShipment('shipments'),
});

const asItem = (r: Record<string, unknown>): ShipmentItem =>
  ({
    ...r,
    created_at: iso(r.created_at)!,
    dispatched_at: iso(r.dispatched_at),
    delivered_at: iso(r.delivered_at),
    received_at: iso(r.received_at),
  }) as ShipmentItem;

/** The caller's facility's shipments: going out (its dispatchers and readers) or coming in (its receivers), newest first. */
export async function listShipments(db: Db, p: Principal, q: z.output<typeof shipmentListQuery>) {
  const facility = referralFacility(p);
  if (!p.roles.some((r) => mayIn(p, r.program, 'read'))) throw forbidden('You hold no role in a programme.');
  const where: SQL[] = [eq(q.direction === 'incoming' ? shipments.receivingFacilityId : shipments.sendingFacilityId, facility)];
  if (q.status !== undefined) where.push(eq(shipments.status, q.status));
  // Only shipments carrying a sample of a programme the caller reads.
  const readable = p.roles.filter((r) => mayIn(p, r.program, 'read')).map((r) => r.programId);
  where.push(sql`${shipments.programIds} && ${sql.raw(`array[${readable.map((n) => String(Math.trunc(n))).join(', ') || '0'}]::integer[]`)}`);
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(shipments)
    .where(and(...where))) as [{ n: number }];
  const rows = await db
    .select(itemFields(programsRead(p)))
    .from(shipments)
    .where(and(...where))
    .orderBy(sql`${shipments.createdAt} desc, ${shipments.id} desc`)
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size);
  return { count: n, next: null, previous: null, results: rows.map(asItem) };
}

/** The median hours from one time to another over a shipment's samples (null without any), one decimal. */
export const medianHours = (from: SQL, to: SQL) =>
  sql<number | null>`round((percentile_cont(0.5) within group (order by extract(epoch from (${to} - ${from})) / 3600)
        filter (where ${from} is not null and ${to} is not null and ${to} >= ${from}))::numeric, 1)::float`;

/** A shipment with its samples, history and legs, for either of its facilities. */
export async function getShipment(db: Tx, p: Principal, id: number): Promise<ShipmentDetail> {
  await shipmentFor(db, p, id, false);
  const readable = programsRead(p);
  const [row] = await db
    .select({
      ...itemFields(readable),
      packaging: shipments.packaging,
      boxes: shipments.boxes,
      pickup_temperature: shipments.pickupTemperature,
      arrival_temperature: shipments.arrivalTemperature,
      packed_by: shipments.packedBy,
      rider_name: shipments.riderName,
      rider_phone: shipments.riderPhone,
    })
    .from(shipments)
    .where(eq(shipments.id, id));
  const items = await db
    .select({
      id: samples.id,
      barcode: samples.barcode,
      program: programs.name,
      sample_type_name: sampleTypes.name,
      collected_at: samples.collectedAt,
      client_name: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
      state: shipmentSamples.state,
      condition: shipmentSamples.condition,
      status: samples.status,
    })
    .from(shipmentSamples)
    .innerJoin(samples, eq(samples.id, shipmentSamples.sampleId))
    .innerJoin(programs, eq(programs.id, samples.programId))
    .innerJoin(orders, eq(orders.id, samples.orderId))
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .leftJoin(sampleTypes, eq(sampleTypes.id, samples.sampleTypeId))
    .where(and(eq(shipmentSamples.shipmentId, id), programIn(samples.programId, readable)))
    .orderBy(samples.barcode);
  const history = rowsOf<{ at: Date | string; by: string; from_status: number | null; to_status: number; temperature: number | null; reason: string }>(
    await db.execute(sql`select e.at, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) as by, e.from_status, e.to_status, e.temperature, e.reason
                         from shipment_events e join users u on u.id = e.by_user_id where e.shipment_id = ${id} order by e.at, e.id`),
  );
  const [legs] = rowsOf<{ collection_to_dispatch: number | null; dispatch_to_delivery: number | null; delivery_to_reception: number | null }>(
    await db.execute(sql`select ${medianHours(sql`s.collected_at`, sql`sh.dispatched_at`)} as collection_to_dispatch,
                                ${medianHours(sql`sh.dispatched_at`, sql`sh.delivered_at`)} as dispatch_to_delivery,
                                ${medianHours(sql`coalesce(sh.delivered_at, sh.dispatched_at)`, sql`sh.received_at`)} as delivery_to_reception
                         from shipments sh join shipment_samples x on x.shipment_id = sh.id join samples s on s.id = x.sample_id
                         where sh.id = ${id} and ${programIn(sql.raw('s.program_id'), readable)}`),
  );
  return {
    ...asItem(row as Record<string, unknown>),
    packaging: row!.packaging,
    boxes: row!.boxes,
    pickup_temperature: row!.pickup_temperature,
    arrival_temperature: row!.arrival_temperature,
    packed_by: row!.packed_by,
    rider_name: row!.rider_name,
    rider_phone: row!.rider_phone,
    samples: items.map((s) => ({ ...s, collected_at: iso(s.collected_at), state: s.state as ShipmentDetail['samples'][number]['state'] })),
    history: history.map((h) => ({ ...h, at: iso(h.at)! })),
    legs: legs ?? { collection_to_dispatch: null, dispatch_to_delivery: null, delivery_to_reception: null },
  };
}

/** The side's permission in every programme of the shipment: the sender's dispatchers, the receiver's receptionists. */
function requireSide(p: Principal, s: { side: 'sender' | 'receiver'; programmes: string[] }, allowed: 'sender' | 'receiver' | 'either') {
  if (allowed !== 'either' && s.side !== allowed)
    throw forbidden(allowed === 'sender' ? 'Only the sending facility may do this.' : 'Only the testing laboratory may do this.');
  // A programme the caller holds no role in is not named: the refusal does not tell what else the shipment carries.
  if (s.programmes.some((program) => roleIn(p, program) == null))
    throw forbidden('This shipment carries samples of a programme you hold no role in: its staff move it.');
  for (const program of s.programmes) requireIn(p, program, s.side === 'sender' ? 'dispatch' : 'receive');
}

/** A moment as Lagos wall-clock time, `YYYY-MM-DD HH:mm`, for a message. */
const lagosTime = (at: Date) => new Date(at.getTime() + 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/**
 * The shipment's previous step, which no later step may precede: its last move (made, notified, dispatched,
 * delivered) and, before it leaves, its samples' latest collection.
 */
async function previousStep(tx: Tx, id: number, withCollection: boolean): Promise<{ at: Date; what: string } | null> {
  const [last] = rowsOf<{ at: unknown; to_status: number }>(
    await tx.execute(sql`select e.at, e.to_status from shipment_events e where e.shipment_id = ${id} order by e.at desc, e.id desc limit 1`),
  );
  let step = last ? { at: new Date(iso(last.at)!), what: `its last move, ${statusLabel(D, last.to_status).toLowerCase()}` } : null;
  if (withCollection) {
    const [collected] = rowsOf<{ at: unknown }>(
      await tx.execute(sql`select max(s.collected_at) as at from shipment_samples x join samples s on s.id = x.sample_id where x.shipment_id = ${id}`),
    );
    const at = collected?.at == null ? null : new Date(iso(collected.at)!);
    if (at && (!step || at > step.at)) step = { at, what: "its samples' collection" };
  }
  return step && { at: step.at, what: `${step.what} (${lagosTime(step.at)} Lagos time)` };
}

/** When a step happened (the time given, or now), checked against the previous step and the clock: a 400 naming the field. */
function stepAt(field: string, label: string, given: string | undefined, previous: { at: Date; what: string } | null, now: Date): Date {
  const step = stepTime(given, previous?.at ?? null, now);
  if ('at' in step) return step.at;
  throw ValidationError.field(
    field,
    step.problem === 'future' ? `The ${label} time is in the future.` : `The ${label} time is before ${previous!.what}: enter a later time.`,
  );
}

/** Put open samples of a shipment back as they were at the sending facility (cancelled shipment, or missing on arrival). */
async function returnSamples(tx: Tx, p: Principal, shipment: ShipmentRow, ids: number[] | null, state: 'returned' | 'missing', now: Date) {
  const back = await tx
    .select({ id: shipmentSamples.sampleId, from: shipmentSamples.fromStatus })
    .from(shipmentSamples)
    .innerJoin(samples, eq(samples.id, shipmentSamples.sampleId))
    .where(
      and(
        eq(shipmentSamples.shipmentId, shipment.id),
        eq(shipmentSamples.open, true),
        eq(samples.status, S.DISPATCHED),
        ...(ids ? [inArray(shipmentSamples.sampleId, ids)] : []),
      ),
    );
  if (!back.length) return [];
  const list = back.map((b) => b.id);
  await tx.execute(sql`update samples s set status = x.from_status, updated_at = ${now.toISOString()}::timestamptz
                       from shipment_samples x where x.sample_id = s.id and x.shipment_id = ${shipment.id} and s.id in (${sql.join(
                         list.map((n) => sql`${n}`),
                         sql`, `,
                       )})`);
  await tx
    .update(shipmentSamples)
    .set({ state, open: false })
    .where(and(eq(shipmentSamples.shipmentId, shipment.id), inArray(shipmentSamples.sampleId, list)));
  await recordAudits(
    tx,
    p,
    back.map((b) => ({
      action: 'sample.return',
      entity: 'sample',
      entityId: String(b.id),
      fromStatus: S.DISPATCHED,
      toStatus: b.from,
      reason: `${state === 'missing' ? 'Missing from' : 'Returned with'} shipment ${shipment.number}`,
    })),
  );
  return list;
}

/**
 * A shipment's status move (notify, dispatch, deliver, reject, cancel), with its event and audit row, in the caller's
 * transaction: dispatch and deliver at the time given (or now), never before the previous step nor in the future; a
 * rejection gives every sample its rejection reason.
 */
export async function moveShipment(tx: Tx, p: Principal, id: number, action: ShipmentAction, body: z.output<typeof shipmentMoveBody>, now = new Date()) {
  const shipment = await shipmentFor(tx, p, id, true);
  requireSide(p, shipment, SHIPMENT_MOVE_SIDE[action]);
  const move = SHIPMENT_MOVES[action];
  if (!(move.from as readonly number[]).includes(shipment.status))
    throw conflict(`Cannot ${action.replace('_', ' ')} a shipment that is ${statusLabel(D, shipment.status).toLowerCase()}.`);
  if ((action === 'reject' || action === 'cancel') && !body.reason) throw ValidationError.field('reason', 'This field is required.');
  // A rejected shipment's samples carry their rejection reason, as a sample rejected at reception does.
  let why: { id: number; reason: string } | undefined;
  if (action === 'reject') {
    if (body.rejection_reason == null) throw ValidationError.field('rejection_reason', 'A rejected shipment needs the rejection reason of its samples.');
    [why] = await tx
      .select({ id: rejectionReasons.id, reason: rejectionReasons.reason })
      .from(rejectionReasons)
      .where(eq(rejectionReasons.id, body.rejection_reason));
    if (!why) throw ValidationError.field('rejection_reason', `Invalid pk "${body.rejection_reason}" - object does not exist.`);
  } else if (body.rejection_reason != null) throw ValidationError.field('rejection_reason', 'Only a rejection takes a rejection reason.');
  const timed = SHIPMENT_TIMED_MOVES.includes(action);
  if (body.at !== undefined && !timed) throw ValidationError.field('at', 'Only a dispatch or a delivery takes a time; this move is recorded now.');
  // When it happened: never before the previous step (for the pick-up, its samples' collection too), nor in the future.
  const at = stepAt('at', action === 'dispatch' ? 'pick-up' : 'delivery', body.at, await previousStep(tx, id, action === 'dispatch'), now);
  const stamp = action === 'dispatch' ? { dispatchedAt: at } : action === 'deliver' ? { deliveredAt: at } : {};
  await tx
    .update(shipments)
    .set({ status: move.to, updatedAt: now, ...stamp })
    .where(eq(shipments.id, id));
  if (action === 'cancel') await returnSamples(tx, p, shipment, null, 'returned', now);
  if (action === 'reject') {
    // The testing laboratory refuses the whole shipment: its samples are rejected and stay the sending facility's, to be collected again.
    const open = (
      await tx
        .select({ id: shipmentSamples.sampleId })
        .from(shipmentSamples)
        .where(and(eq(shipmentSamples.shipmentId, id), eq(shipmentSamples.open, true)))
    ).map((r) => r.id);
    if (open.length) {
      await tx.update(samples).set({ status: S.REJECTED, rejectionReasonId: why!.id, updatedAt: now }).where(inArray(samples.id, open));
      await tx
        .update(testOrders)
        .set({ status: S.REJECTED, rejectionReasonId: why!.id })
        .where(and(inArray(testOrders.sampleId, open), inArray(testOrders.status, [S.ORDERED, S.COLLECTED, S.APPROVED])));
      await tx
        .update(shipmentSamples)
        .set({ state: 'rejected', open: false })
        .where(and(eq(shipmentSamples.shipmentId, id), inArray(shipmentSamples.sampleId, open)));
      await recordAudits(
        tx,
        p,
        open.map((sampleId) => ({
          action: 'sample.reject',
          entity: 'sample',
          entityId: String(sampleId),
          fromStatus: S.DISPATCHED,
          toStatus: S.REJECTED,
          reason: `${why!.reason}: shipment ${shipment.number} rejected: ${body.reason}`,
        })),
      );
    }
  }
  await tx.insert(shipmentEvents).values({ shipmentId: id, fromStatus: shipment.status, toStatus: move.to, at, byUserId: p.id, reason: body.reason });
  await recordAudits(tx, p, [
    { action: `shipment.${action}`, entity: 'shipment', entityId: String(id), fromStatus: shipment.status, toStatus: move.to, reason: body.reason || null },
  ]);
  return getShipment(tx, p, id);
}

/**
 * The testing laboratory receives a shipment: each scanned sample becomes its own (custody moves with the sample,
 * the referring facility kept on it), RECEIVED (10) with its condition on arrival, then accepted or rejected by the
 * usual reception moves; a sample not scanned is missing and goes back to the sending facility; a scanned id that
 * is not in the shipment is named. One transaction: a second reception of the same shipment waits, then is a 409.
 */
export async function receiveShipment(tx: Tx, p: Principal, id: number, body: ReceiveBody, now = new Date()) {
  const shipment = await shipmentFor(tx, p, id, true);
  requireSide(p, shipment, 'receiver');
  if (shipment.status !== D.DISPATCHED && shipment.status !== D.DELIVERED)
    throw conflict(`Cannot receive a shipment that is ${statusLabel(D, shipment.status).toLowerCase()}.`);
  // Arrived after its last move (dispatched or delivered), and not in the future.
  const at = stepAt('received_at', 'arrival', body.received_at, await previousStep(tx, id, false), now);
  body.samples.forEach((s, i) => {
    if (!s.accept && s.rejection_reason == null) throw ValidationError.field(`samples.${i}.rejection_reason`, 'A rejected sample needs its reason.');
  });
  const inShipment = await tx
    .select({ id: shipmentSamples.sampleId, barcode: samples.barcode, program: programs.name })
    .from(shipmentSamples)
    .innerJoin(samples, eq(samples.id, shipmentSamples.sampleId))
    .innerJoin(programs, eq(programs.id, samples.programId))
    .where(and(eq(shipmentSamples.shipmentId, id), eq(shipmentSamples.open, true), eq(samples.status, S.DISPATCHED)))
    .for('update', { of: samples });
  const expected = new Set(inShipment.map((s) => s.id));
  const scanned = [...new Map(body.samples.filter((s) => expected.has(s.id)).map((s) => [s.id, s])).values()];
  const unexpected = [...new Set(body.samples.filter((s) => !expected.has(s.id)).map((s) => s.id))];
  if (!scanned.length) throw ValidationError.field('samples', 'None of the scanned samples is in this shipment.');
  const scannedIds = scanned.map((s) => s.id);
  const missingIds = inShipment.filter((s) => !scannedIds.includes(s.id)).map((s) => s.id);

  // Custody: the sample, its tests (and their running counts) move to the testing laboratory.
  await tx
    .update(samples)
    .set({ facilityId: shipment.receiving_facility, referredFromFacilityId: shipment.sending_facility, status: S.RECEIVED, updatedAt: now })
    .where(inArray(samples.id, scannedIds));
  await tx.update(testOrders).set({ facilityId: shipment.receiving_facility }).where(inArray(testOrders.sampleId, scannedIds));
  // Each scanned sample's condition, in one statement.
  await tx.execute(sql`update shipment_samples x set state = 'received', condition = v.condition, open = false
                       from (values ${sql.join(
                         scanned.map((s) => sql`(${s.id}::int, ${s.condition}::text)`),
                         sql`, `,
                       )}) v(sample_id, condition)
                       where x.shipment_id = ${id} and x.sample_id = v.sample_id`);
  await recordAudits(
    tx,
    p,
    scanned.map((s) => ({
      action: 'sample.receive',
      entity: 'sample',
      entityId: String(s.id),
      fromStatus: S.DISPATCHED,
      toStatus: S.RECEIVED,
      reason: `Shipment ${shipment.number}, condition ${s.condition}`,
    })),
  );
  const missing = await returnSamples(tx, p, shipment, missingIds, 'missing', now);
  await tx
    .update(shipments)
    .set({
      status: D.RECEIVED,
      receivedAt: at,
      deliveredAt: sql`coalesce(${shipments.deliveredAt}, ${at.toISOString()}::timestamptz)`,
      arrivalTemperature: body.temperature,
      updatedAt: now,
    })
    .where(eq(shipments.id, id));
  await tx.insert(shipmentEvents).values({
    shipmentId: id,
    fromStatus: shipment.status,
    toStatus: D.RECEIVED,
    at,
    byUserId: p.id,
    temperature: body.temperature,
    reason: body.comment,
  });
  await recordAudits(tx, p, [
    {
      action: 'shipment.receive',
      entity: 'shipment',
      entityId: String(id),
      fromStatus: shipment.status,
      toStatus: D.RECEIVED,
      reason: body.comment || null,
      after: { received: scannedIds, missing, unexpected },
    },
  ]);

  // Then the usual reception, each sample by its programme's rules.
  const programOf = new Map(inShipment.map((s) => [s.id, s.program]));
  const accepted = scanned.filter((s) => s.accept).map((s) => s.id);
  if (accepted.length) await moveSamples(tx, p, [...new Set(accepted.map((a) => programOf.get(a)!))], accepted, 'accept', {});
  // Rejected ones by the usual move, one call per reason and condition (the reason and the comment are per call).
  const rejected = scanned.filter((x) => !x.accept);
  const groups = new Map<string, typeof rejected>();
  for (const s of rejected) {
    const key = `${s.rejection_reason}|${s.condition}|${programOf.get(s.id)}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  for (const group of groups.values())
    await moveSamples(
      tx,
      p,
      [programOf.get(group[0]!.id)!],
      group.map((s) => s.id),
      'reject',
      { rejection_reason: group[0]!.rejection_reason!, comment: `Condition on arrival: ${group[0]!.condition}` },
    );
  if (rejected.length)
    await tx
      .update(shipmentSamples)
      .set({ state: 'rejected' })
      .where(
        and(
          eq(shipmentSamples.shipmentId, id),
          inArray(
            shipmentSamples.sampleId,
            rejected.map((s) => s.id),
          ),
        ),
      );
  const detail = await getShipment(tx, p, id);
  const barcodes = new Map(inShipment.map((s) => [s.id, s.barcode]));
  return { ...detail, unexpected, missing: missing.map((m) => barcodes.get(m)!) };
}

/**
 * The samples the caller's facility referred: where each is, its testing laboratory, its rejection and, once
 * approved, its results — for users holding a role in the sample's programme.
 */
export async function referredSamples(db: Db, p: Principal, q: { page: number; page_size: number }) {
  const facility = referralFacility(p);
  const readable = p.roles.filter((r) => mayIn(p, r.program, 'read')).map((r) => r.programId);
  if (!readable.length) throw forbidden('You hold no role in a programme.');
  // Received by the testing laboratory (the sample is its own then), or rejected at its door with the whole shipment
  // (the sample stays the referring facility's, REJECTED).
  const where = sql`(s.referred_from_facility_id = ${facility}
      or (s.facility_id = ${facility} and s.status = ${S.REJECTED}
          and exists (select 1 from shipment_samples x join shipments xs on xs.id = x.shipment_id
                      where x.sample_id = s.id and x.state = 'rejected' and xs.status = ${D.REJECTED} and xs.sending_facility_id = ${facility})))
    and s.program_id in (${sql.raw(readable.map((n) => String(Math.trunc(n))).join(', '))})`;
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from samples s where ${where}`)) as [{ n: number }];
  // The rejection: the coded reason, with the laboratory's words when it rejected the whole shipment; who and when
  // from the sample's last rejection in the audit trail. The testing laboratory is the shipment's.
  type Item = z.infer<typeof referredSampleItem>;
  type Stored = Omit<Item, 'results'> & { results: (Omit<Item['results'][number], 'value'> & StoredValue)[] };
  const rows = rowsOf<Stored>(
    await db.execute(sql`
      select s.id, s.barcode, p.name as program, c.first_name || ' ' || c.last_name as client_name, s.status, s.completed,
             f.facility_name as testing_facility_name, sh.id as shipment, sh.number as shipment_number,
             nullif(concat_ws(': ', (select r.reason from rejection_reasons r where r.id = s.rejection_reason_id),
                    (select nullif(e.reason, '') from shipment_events e where e.shipment_id = sh.id and e.to_status = ${D.REJECTED} order by e.id desc limit 1)), '')
               as rejection_reason,
             rejected.at as rejected_at, rejected.by as rejected_by,
             coalesce((select json_agg(json_build_object('test', tt.name, 'n', r.value_numeric::text, 't', r.value_text, 'd', tt.decimals,
                        'unit', coalesce(nullif(r.unit, ''), tt.unit),
                        'flag', r.flag, 'approved_at', to_char(r.approved_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by t.id)
                       from test_orders t join test_types tt on tt.id = t.test_type_id
                       join results r on r.test_order_id = t.id and r.current and r.status = 7
                       where t.sample_id = s.id), '[]'::json) as results
      from samples s join programs p on p.id = s.program_id join orders o on o.id = s.order_id join clients c on c.id = o.client_id
      join lateral (select x.shipment_id from shipment_samples x where x.sample_id = s.id order by x.id desc limit 1) last on true
      join shipments sh on sh.id = last.shipment_id
      join facilities f on f.id = sh.receiving_facility_id
      left join lateral (select a.at, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username, a.username) as by
                         from audit_events a left join users u on u.id = a.user_id
                         where s.status in (${S.REJECTED}, ${S.PARTIALLY_REJECTED}) and a.entity = 'sample' and a.entity_id = s.id::text
                           and a.action = 'sample.reject'
                         order by a.id desc limit 1) rejected on true
      where ${where}
      order by s.created_at desc, s.id desc limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
  );
  // Each value at its test's declared decimals, a censored one as "< 40".
  const results: Item[] = rows.map((r) => ({
    ...r,
    rejected_at: iso(r.rejected_at),
    results: r.results.map(({ n: _n, t: _t, d: _d, ...x }, i) => ({ ...x, value: printedValue(r.results[i], true) })),
  }));
  return { count: n, next: null, previous: null, results };
}

/**
 * A referred sample as its referring facility may read it: the sample (its programme's wire form) and a reader
 * scoped to the testing laboratory that holds it, for the report — only for a user of the referring facility holding
 * a role in the programme, and only once a result is approved.
 */
export async function referredReader(db: Db, p: Principal, id: number): Promise<{ reader: Principal; program: string }> {
  const facility = referralFacility(p);
  const [row] = rowsOf<{ facility_id: number; program: string; approved: boolean }>(
    await db.execute(sql`select s.facility_id, p.name as program,
                                exists (select 1 from test_orders t join results r on r.test_order_id = t.id and r.current and r.status = 7
                                        where t.sample_id = s.id) as approved
                         from samples s join programs p on p.id = s.program_id
                         where s.id = ${id} and s.referred_from_facility_id = ${facility}`),
  );
  if (!row || !mayIn(p, row.program, 'read')) throw notFound();
  if (!row.approved) throw conflict('No result of this sample has been approved yet.');
  return { reader: { ...p, facilityId: row.facility_id }, program: row.program };
}
