import { resultBody, shipmentCreateBody, shipmentReceiveBody, TB_CODES } from '@nlims/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../core/db.js';
import { testTypes } from '../modules/catalogue/catalogue.table.js';
import { receiveShipment } from '../modules/dispatch/dispatch.receive.js';
import { createShipment, moveShipment } from '../modules/dispatch/dispatch.service.js';
import { enterResult } from '../modules/results/results.service.js';
import { createOrder, moveSample } from '../modules/samples/samples.service.js';
import { testOrders } from '../modules/samples/samples.table.js';
import { facilityLabNetworks } from '../modules/facilities/facilities.table.js';
import { programs } from '../modules/programs/programs.table.js';
import { courierProviders, labNetworks, sampleTypes } from '../modules/reference/reference.table.js';
import { declaredMethods, type DemoClient, insertDemoClient, principalOf, principalsOf, programToSeed, reviewDemoResults } from './demo-steps.js';

/** The demo's referral network: Mushin's primary health centre sends its TB samples to the Yaba laboratory by a courier (idempotent). */
export async function seedReferralNetwork(tx: Tx, ids: { mushin: number; yaba: number }): Promise<void> {
  const courierName = 'Demo Lagos Sample Couriers';
  let [courier] = await tx.select({ id: courierProviders.id }).from(courierProviders).where(eq(courierProviders.name, courierName));
  if (!courier) [courier] = await tx.insert(courierProviders).values({ name: courierName, phone: '+234 801 234 5678' }).returning({ id: courierProviders.id });
  const [tb] = await tx.select({ id: programs.id }).from(programs).where(eq(programs.name, 'Tuberculosis'));
  const networkName = 'Lagos TB specimen referral';
  let [network] = await tx.select({ id: labNetworks.id }).from(labNetworks).where(eq(labNetworks.name, networkName));
  if (!network)
    [network] = await tx
      .insert(labNetworks)
      .values({
        name: networkName,
        description: 'Primary health centres refer presumptive-TB sputum to the Yaba laboratory for Xpert MTB/RIF.',
        program: tb!.id,
        testing_facility: ids.yaba,
        courier_provider: courier!.id,
        expected_hours: 48,
      })
      .returning({ id: labNetworks.id });
  const [member] = await tx
    .select()
    .from(facilityLabNetworks)
    .where(and(eq(facilityLabNetworks.facilityId, ids.mushin), eq(facilityLabNetworks.labNetworkId, network!.id)));
  if (!member) await tx.insert(facilityLabNetworks).values({ facilityId: ids.mushin, labNetworkId: network!.id });
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Mushin's presumptive-TB patients whose sputum goes to Yaba: which shipment each travels in (or none yet). */
const MUSHIN_PATIENTS: { client: DemoClient; shipment: 'received' | 'on_its_way' | 'overdue' | null }[] = [
  { client: { first_name: 'Kunle', last_name: 'Ajayi', sex: 'male', date_of_birth: '1979-02-11', phone: '08071110001' }, shipment: 'received' },
  { client: { first_name: 'Blessing', last_name: 'Eze', sex: 'female', date_of_birth: '1994-06-23', phone: '08071110002' }, shipment: 'received' },
  { client: { first_name: 'Rasheed', last_name: 'Lawal', sex: 'male', date_of_birth: '1968-09-05', phone: '08071110003' }, shipment: 'overdue' },
  { client: { first_name: 'Funmilayo', last_name: 'Ogun', sex: 'female', date_of_birth: '1987-12-30', phone: '08071110004' }, shipment: 'on_its_way' },
  { client: { first_name: 'Ikechukwu', last_name: 'Mba', sex: 'male', date_of_birth: '2003-04-17', phone: '08071110005' }, shipment: null },
];

/**
 * Mushin's referrals, through the product's own services (once): a shipment delivered and received at Yaba (one
 * result approved, so Mushin reads it), one overdue on the road, one on its way today, and a collected sample
 * waiting for the next courier.
 */
export async function seedReferralDemo(tx: Tx, ids: { mushin: number; yaba: number }, password: string): Promise<void> {
  if (!(await programToSeed(tx, ids.mushin, 'Tuberculosis'))) return;
  const receptionist = await principalOf(tx, 'mushin_receptionist');
  const supervisor = await principalOf(tx, 'mushin_supervisor');
  const yaba = await principalsOf(tx, { receptionist: 'ph_receptionist', analyst: 'ph_analyst', supervisor: 'ph_supervisor' });
  const [xpert] = await tx.select({ id: testTypes.id }).from(testTypes).where(eq(testTypes.code, TB_CODES.XPERT));
  const [sputum] = await tx.select({ id: sampleTypes.id }).from(sampleTypes).where(eq(sampleTypes.name, 'Sputum'));
  const now = Date.now();
  const when = { received: now - 4 * DAY, overdue: now - 4 * DAY, on_its_way: now - 2 * HOUR } as const;
  const groups = new Map<string, number[]>();
  for (const patient of MUSHIN_PATIENTS) {
    const at = new Date((patient.shipment ? when[patient.shipment] : now) - 5 * HOUR);
    const clientId = await insertDemoClient(tx, ids.mushin, receptionist, patient.client, at);
    const placed = await createOrder(
      tx,
      receptionist,
      'tb_sample',
      {
        client: clientId,
        test_types: [xpert!.id],
        form: { patient_category: 'new', reason_for_examination: 'diagnosis', test_status: 'initial', specimen: 'sputum_spot', hiv_status: 'negative' },
        priority: 'routine',
        requesting_clinician: 'Dr Olatunji (DOTS clinic)',
        clinical_notes: '',
      },
      { at },
    );
    const sample = placed.samples[0]!;
    await moveSample(tx, receptionist, ['Tuberculosis'], sample.id, 'collect', {
      collected_at: new Date(at.getTime() + HOUR).toISOString(),
      sample_type: sputum!.id,
    });
    if (patient.shipment) groups.set(patient.shipment, [...(groups.get(patient.shipment) ?? []), sample.id]);
  }
  const ship = async (key: keyof typeof when) => {
    const at = new Date(when[key]);
    const made = await createShipment(
      tx,
      supervisor,
      shipmentCreateBody.parse({
        receiving_facility: ids.yaba,
        samples: groups.get(key),
        packaging: 'Triple packaging (UN3373), cool box',
        boxes: 1,
        storage_temperature: '2-8',
        pickup_temperature: 6,
        packed_by: 'Mushin Supervisor',
        rider_name: 'Tunde Bakare',
        rider_phone: '+234 803 555 0101',
        pickup_date: at.toISOString().slice(0, 10),
      }),
      at,
    );
    await moveShipment(tx, supervisor, made.id, 'notify_courier', { reason: '' }, new Date(at.getTime() + 10 * 60_000));
    await moveShipment(tx, supervisor, made.id, 'dispatch', { reason: '' }, new Date(at.getTime() + HOUR));
    return made;
  };
  const received = await ship('received');
  await moveShipment(tx, yaba.receptionist, received.id, 'deliver', { reason: '' }, new Date(when.received + 20 * HOUR));
  await receiveShipment(
    tx,
    yaba.receptionist,
    received.id,
    shipmentReceiveBody.parse({
      received_at: new Date(when.received + 21 * HOUR).toISOString(),
      temperature: 7,
      samples: received.samples.map((s) => ({ id: s.id, condition: 'good', accept: true })),
    }),
    new Date(when.received + 21 * HOUR),
  );
  // The first one tested and released at Yaba: Mushin reads the result and prints the report.
  const first = received.samples[0]!.id;
  const tests = await tx
    .select({ id: testOrders.id, code: testTypes.code, test: testTypes.id })
    .from(testOrders)
    .innerJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
    .where(eq(testOrders.sampleId, first));
  const mtb = tests.find((t) => t.code === TB_CODES.XPERT_MTB);
  if (mtb) {
    const entered = await enterResult(
      tx,
      yaba.analyst,
      resultBody.parse({ test_order: mtb.id, value: 'MTB NOT DETECTED', method: (await declaredMethods(tx)).get(mtb.test) ?? null }),
    );
    await reviewDemoResults(tx, yaba.supervisor, [entered.id], [entered.id], password);
  }
  await ship('overdue');
  await ship('on_its_way');
}
