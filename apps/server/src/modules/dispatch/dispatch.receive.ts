import { DISPATCH_STATUS as D, SAMPLE_STATUS as S, statusLabel } from '@nlims/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { shipmentReceiveBody } from '@nlims/contracts';
import type { Tx } from '../../core/db.js';
import { conflict, ValidationError } from '../../core/errors.js';
import { recordAudits } from '../audit/audit.service.js';
import { programs } from '../programs/programs.table.js';
import { moveSamples } from '../samples/samples.service.js';
import { samples, testOrders } from '../samples/samples.table.js';
import type { Principal } from '../users/users.service.js';
import { shipmentEvents, shipmentSamples, shipments } from './dispatch.table.js';
import { getShipment, shipmentFor } from './dispatch.read.js';
import { previousStep, requireSide, returnSamples, stepAt } from './dispatch.steps.js';

type ReceiveBody = z.output<typeof shipmentReceiveBody>;

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
