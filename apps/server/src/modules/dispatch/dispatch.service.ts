import {
  DISPATCH_STATUS as D,
  SAMPLE_STATUS as S,
  SHIPMENT_MOVE_SIDE,
  SHIPMENT_MOVES,
  SHIPMENT_TIMED_MOVES,
  type ShipmentAction,
  type ShipmentDetail,
  statusLabel,
} from '@nlims/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { shipmentCreateBody, shipmentMoveBody } from '@nlims/contracts';
import { mayIn, requireIn, roleIn } from '../../core/access.js';
import { nextYearlyNumber, type Tx } from '../../core/db.js';
import { conflict, forbidden, ValidationError } from '../../core/errors.js';
import { recordAudits } from '../audit/audit.service.js';
import { programs } from '../programs/programs.table.js';
import { courierProviders, rejectionReasons } from '../reference/reference.table.js';
import { samples, testOrders } from '../samples/samples.table.js';
import type { Principal } from '../users/users.service.js';
import { shipmentEvents, shipmentSamples, shipments } from './dispatch.table.js';
import { getShipment, referralDestinations, referralFacility, shipmentFor } from './dispatch.read.js';
import { previousStep, requireSide, returnSamples, stepAt } from './dispatch.steps.js';

type CreateBody = z.output<typeof shipmentCreateBody>;

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
