import { DISPATCH_STATUS as D, OPEN_SHIPMENT, type ShipmentDetail, type ShipmentItem } from '@nlims/contracts';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { shipmentListQuery } from '@nlims/contracts';
import { mayIn, programsRead } from '../../core/access.js';
import { type Db, rowsOf, type Tx } from '../../core/db.js';
import { forbidden, notFound } from '../../core/errors.js';
import { iso } from '../../core/sql-values.js';
import { facilities, facilityLabNetworks } from '../facilities/facilities.table.js';
import { programs } from '../programs/programs.table.js';
import { courierProviders, labNetworks, sampleTypes } from '../reference/reference.table.js';
import { programIn } from '../samples/forms.js';
import { orders, samples } from '../samples/samples.table.js';
import { clients } from '../clients/clients.table.js';
import type { Principal } from '../users/users.service.js';
import { shipmentSamples, shipments } from './dispatch.table.js';

/** Reading referral: where a facility may send, which side it is, and its shipments as either side sees them. */
/** A facility user's facility; the super admin and the tier users hold none, and reach no shipment. */
export function referralFacility(p: Principal): number {
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

export interface ShipmentRow {
  id: number;
  number: string;
  status: number;
  sending_facility: number;
  receiving_facility: number;
}

/** The shipment locked (or read) for one of its two facilities; anyone else's is a 404. */
export async function shipmentFor(
  tx: Tx,
  p: Principal,
  id: number,
  lock: boolean,
): Promise<ShipmentRow & { side: 'sender' | 'receiver'; programmes: string[] }> {
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
