import { DISPATCH_STATUS as D, SAMPLE_STATUS as S, statusLabel, stepTime } from '@nlims/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { requireIn, roleIn } from '../../core/access.js';
import { rowsOf, type Tx } from '../../core/db.js';
import { forbidden, ValidationError } from '../../core/errors.js';
import { iso } from '../../core/sql-values.js';
import { recordAudits } from '../audit/audit.service.js';
import { samples } from '../samples/samples.table.js';
import type { Principal } from '../users/users.service.js';
import { shipmentSamples } from './dispatch.table.js';
import type { ShipmentRow } from './dispatch.read.js';

/** What a shipment's moves share: which side may make one, when a step may have happened, and samples sent back. */
/** The side's permission in every programme of the shipment: the sender's dispatchers, the receiver's receptionists. */
export function requireSide(p: Principal, s: { side: 'sender' | 'receiver'; programmes: string[] }, allowed: 'sender' | 'receiver' | 'either') {
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
export async function previousStep(tx: Tx, id: number, withCollection: boolean): Promise<{ at: Date; what: string } | null> {
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
export function stepAt(field: string, label: string, given: string | undefined, previous: { at: Date; what: string } | null, now: Date): Date {
  const step = stepTime(given, previous?.at ?? null, now);
  if ('at' in step) return step.at;
  throw ValidationError.field(
    field,
    step.problem === 'future' ? `The ${label} time is in the future.` : `The ${label} time is before ${previous!.what}: enter a later time.`,
  );
}

/** Put open samples of a shipment back as they were at the sending facility (cancelled shipment, or missing on arrival). */
export async function returnSamples(tx: Tx, p: Principal, shipment: ShipmentRow, ids: number[] | null, state: 'returned' | 'missing', now: Date) {
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
