import { type AssetCategory, type AssetCreateBody, assetDatePlusDays, assetCreateBody } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../core/db.js';
import { lagosToday } from '../core/period.js';
import { checkOut } from '../modules/inventory/assets.moves.js';
import { addCalibration, addCertificate, addMaintenance } from '../modules/inventory/assets.upkeep.js';
import { createAsset } from '../modules/inventory/assets.service.js';
import type { Principal } from '../modules/users/users.service.js';
import { principalOf } from './demo-steps.js';

/**
 * The equipment registers of Ikeja and Yaba, through the register's services (audited as their administrators'):
 * Yaba's GeneXpert IV is the machine setting its TB results name (made here when the demo has none), its Abbott
 * m2000 (linked when a machine setting names that instrument), centrifuges, a biosafety cabinet with its
 * certificate and a refrigerator; Ikeja's chemistry analyser, centrifuge and microscope. Everything is in use and
 * calibrated, so no result or worksheet waits on the demo's equipment; one calibration falls due within the month
 * and one centrifuge is checked out to a bench.
 */

const DAY = 86_400_000;

interface Kind {
  name: string;
  category: AssetCategory;
  maintenance: number | null;
  calibration: number | null;
}

const KINDS: Kind[] = [
  { name: 'PCR analyser', category: 'analyser', maintenance: 180, calibration: 365 },
  { name: 'Chemistry analyser', category: 'analyser', maintenance: 90, calibration: 180 },
  { name: 'Centrifuge', category: 'centrifuge', maintenance: 90, calibration: 365 },
  { name: 'Biosafety cabinet', category: 'safety_cabinet', maintenance: 180, calibration: 365 },
  { name: 'Laboratory refrigerator', category: 'cold_chain', maintenance: 90, calibration: 365 },
  { name: 'Microscope', category: 'microscope', maintenance: 180, calibration: null },
];

interface DemoAsset {
  body: Omit<AssetCreateBody, 'generic' | 'location' | 'manufacturer' | 'supplier' | 'machine_setting'>;
  kind: string;
  location: string;
  manufacturer: string;
  supplier: string;
  /** The machine setting of this instrument at the facility (made when missing if `make` is set). */
  instrument?: { name: string; make?: { name: string; model: string; serial: string; modules: string[] } };
  /** Calibrated so many days ago; valid for so many days (the kind's interval when not given). */
  calibrated?: { daysAgo: number; validDays?: number; calibrator: string };
  certificate?: { agency: string; number: string; fromDaysAgo: number; validDays: number };
  maintenance?: { kind: 'preventive' | 'repair' | 'enhancement'; daysAgo: number; hours: number; work: string; by: string; costKobo: number }[];
  checkOutToBench?: string;
}

const YABA: DemoAsset[] = [
  {
    body: { tag: 'YABA-0001', name: 'Biosafety cabinet class II', model: 'Airstream AC2-4S8', serial_number: 'ESCO-2019-44817' },
    kind: 'Biosafety cabinet',
    location: 'TB laboratory',
    manufacturer: 'Esco',
    supplier: 'Zuma Diagnostics Ltd',
    calibrated: { daysAgo: 120, calibrator: 'Esco field service (airflow and HEPA integrity)' },
    certificate: { agency: 'NCDC National Reference Laboratory', number: 'BSC-LA-2026-0117', fromDaysAgo: 120, validDays: 365 },
    maintenance: [
      {
        kind: 'preventive',
        daysAgo: 120,
        hours: 4,
        work: 'HEPA filters tested; UV lamp replaced; airflow 0.45 m/s.',
        by: 'Esco field service',
        costKobo: 18_500_000,
      },
    ],
  },
  {
    body: { tag: 'YABA-0002', name: 'Centrifuge (sputum)', model: '5702', serial_number: '5702AB-118342' },
    kind: 'Centrifuge',
    location: 'TB laboratory',
    manufacturer: 'Eppendorf',
    supplier: 'Lagos Laboratory Supplies Ltd',
    // the month's calibration due, and its preventive maintenance
    calibrated: { daysAgo: 353, calibrator: 'Biomedical engineering unit (tachometer)' },
    maintenance: [
      {
        kind: 'preventive',
        daysAgo: 80,
        hours: 2,
        work: 'Brushes and lid seal checked; rotor cleaned.',
        by: 'Biomedical engineering unit',
        costKobo: 1_500_000,
      },
    ],
  },
  {
    body: { tag: 'YABA-0003', name: 'Refrigerated centrifuge', model: '5810 R', serial_number: '5811FK-402211' },
    kind: 'Centrifuge',
    location: 'Molecular laboratory',
    manufacturer: 'Eppendorf',
    supplier: 'Lagos Laboratory Supplies Ltd',
    calibrated: { daysAgo: 40, calibrator: 'Biomedical engineering unit (tachometer)' },
    maintenance: [
      {
        kind: 'preventive',
        daysAgo: 40,
        hours: 3,
        work: 'Refrigeration checked at 4 °C; rotor and buckets inspected.',
        by: 'Biomedical engineering unit',
        costKobo: 2_500_000,
      },
    ],
    checkOutToBench: 'GeneXpert Bench',
  },
  {
    body: { tag: 'YABA-0004', name: 'Reagent refrigerator', model: 'HYC-390', serial_number: 'HYC390-77120' },
    kind: 'Laboratory refrigerator',
    location: 'Main store',
    manufacturer: 'Haier Biomedical',
    supplier: 'Zuma Diagnostics Ltd',
    calibrated: { daysAgo: 30, calibrator: 'Calibrated thermometer, traceable to NIS' },
    maintenance: [
      { kind: 'preventive', daysAgo: 30, hours: 1, work: 'Condenser cleaned; door gasket replaced.', by: 'Haier service agent', costKobo: 1_800_000 },
    ],
  },
  {
    body: { tag: 'YABA-0005', name: 'Abbott m2000', model: 'm2000sp/rt', serial_number: 'M2000-275004' },
    kind: 'PCR analyser',
    location: 'Molecular laboratory',
    manufacturer: 'Abbott',
    supplier: 'Zuma Diagnostics Ltd',
    instrument: { name: 'Abbott m2000sp/rt' },
    calibrated: { daysAgo: 90, calibrator: 'Abbott field service engineer' },
    maintenance: [
      {
        kind: 'preventive',
        daysAgo: 90,
        hours: 6,
        work: 'Semi-annual maintenance: optics, tips and pipettor.',
        by: 'Abbott field service engineer',
        costKobo: 15_000_000,
      },
    ],
  },
  {
    body: {
      tag: 'YABA-0007',
      name: 'GeneXpert IV',
      model: 'GX-IV',
      serial_number: '804112',
      note: 'Four modules; on the national GeneXpert network.',
    },
    kind: 'PCR analyser',
    location: 'Molecular laboratory',
    manufacturer: 'Cepheid',
    supplier: 'Lagos Laboratory Supplies Ltd',
    instrument: { name: 'GeneXpert IV', make: { name: 'GeneXpert IV', model: 'GX-IV', serial: '804112', modules: ['A1', 'A2', 'A3', 'A4'] } },
    calibrated: { daysAgo: 60, calibrator: 'Cepheid Xpert Check calibration' },
    maintenance: [
      { kind: 'repair', daysAgo: 150, hours: 72, work: 'Module A3 failed its self-test; replaced under warranty.', by: 'Cepheid field engineer', costKobo: 0 },
      { kind: 'preventive', daysAgo: 60, hours: 3, work: 'Annual maintenance and module calibration.', by: 'Cepheid field engineer', costKobo: 9_000_000 },
    ],
  },
];

const IKEJA: DemoAsset[] = [
  {
    body: { tag: 'IKJ-0001', name: 'Chemistry analyser', model: 'Cobas c 311', serial_number: 'C311-16-0921' },
    kind: 'Chemistry analyser',
    location: 'Clinical chemistry',
    manufacturer: 'Roche',
    supplier: 'Lagos Laboratory Supplies Ltd',
    calibrated: { daysAgo: 45, calibrator: 'Roche field service engineer' },
    maintenance: [
      { kind: 'preventive', daysAgo: 45, hours: 5, work: 'Quarterly maintenance: lamp, cuvettes, probes.', by: 'Roche field service', costKobo: 12_500_000 },
    ],
  },
  {
    body: { tag: 'IKJ-0002', name: 'Centrifuge', model: 'EBA 200', serial_number: 'EBA200-55318' },
    kind: 'Centrifuge',
    location: 'Sample reception',
    manufacturer: 'Hettich',
    supplier: 'Lagos Laboratory Supplies Ltd',
    calibrated: { daysAgo: 100, calibrator: 'Biomedical engineering unit (tachometer)' },
    maintenance: [{ kind: 'preventive', daysAgo: 35, hours: 2, work: 'Rotor and lid lock checked.', by: 'Biomedical engineering unit', costKobo: 1_200_000 }],
  },
  {
    body: { tag: 'IKJ-0003', name: 'Binocular microscope', model: 'CX23', serial_number: 'CX23-3K12877' },
    kind: 'Microscope',
    location: 'Haematology',
    manufacturer: 'Olympus',
    supplier: 'Zuma Diagnostics Ltd',
    maintenance: [
      { kind: 'preventive', daysAgo: 100, hours: 1, work: 'Optics cleaned; stage and focus adjusted.', by: 'Olympus service agent', costKobo: 800_000 },
    ],
  },
];

/** A reference row by name (manufacturers, suppliers: global lists), inserted when missing. */
async function named(tx: Tx, table: 'manufacturers' | 'suppliers', name: string): Promise<number> {
  await tx.execute(sql`insert into ${sql.raw(table)} (name) values (${name}) on conflict (name) do nothing`);
  return rowsOf<{ id: number }>(await tx.execute(sql`select id from ${sql.raw(table)} where name = ${name}`))[0]!.id;
}

/** The facility's machine setting of an instrument (the first active one), made when missing and asked for. */
async function machineOf(tx: Tx, facility: number, instrument: NonNullable<DemoAsset['instrument']>): Promise<number | null> {
  const [ins] = rowsOf<{ id: number }>(await tx.execute(sql`select id from instruments where name = ${instrument.name}`));
  if (!ins) return null;
  const [found] = rowsOf<{ id: number }>(
    await tx.execute(sql`select id from machine_settings where facility_id = ${facility} and instrument_id = ${ins.id} and is_active order by id limit 1`),
  );
  if (found || !instrument.make) return found?.id ?? null;
  const m = instrument.make;
  // the tests the instrument runs, from the catalogue, that the facility offers
  const tests = rowsOf<{ id: number }>(
    await tx.execute(sql`
      select ti.test_type_id as id from test_type_instruments ti
      join facility_test_services s on s.test_type_id = ti.test_type_id and s.facility_id = ${facility}
      where ti.instrument_id = ${ins.id} order by 1`),
  ).map((t) => t.id);
  const [made] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      insert into machine_settings (facility_id, name, model, serial_number, instrument_id, tests, modules)
      values (${facility}, ${m.name}, ${m.model}, ${m.serial}, ${ins.id}, ${JSON.stringify(tests)}::jsonb, ${JSON.stringify(m.modules)}::jsonb)
      returning id`),
  );
  return made!.id;
}

async function seedRegister(tx: Tx, facility: number, admin: string, plans: readonly DemoAsset[], now: Date): Promise<void> {
  const [seeded] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from assets where facility_id = ${facility}`));
  if (seeded!.n > 0) return;
  const p: Principal = await principalOf(tx, admin);
  const today = lagosToday(now);
  const kinds = new Map<string, number>();
  for (const k of KINDS.filter((k) => plans.some((a) => a.kind === k.name))) {
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into asset_generics (facility_id, name, category, maintenance_interval_days, calibration_interval_days)
        values (${facility}, ${k.name}, ${k.category}, ${k.maintenance}, ${k.calibration}) returning id`),
    );
    kinds.set(k.name, row!.id);
  }
  const locations = new Map<string, number>();
  for (const name of [...new Set([...plans.map((a) => a.location), 'Main store'])]) {
    const [row] = rowsOf<{ id: number }>(await tx.execute(sql`insert into asset_locations (facility_id, name) values (${facility}, ${name}) returning id`));
    locations.set(name, row!.id);
  }
  for (const plan of plans) {
    const body = assetCreateBody.parse({
      in_service_date: new Date(now.getTime() - 900 * DAY).toISOString().slice(0, 10),
      ...plan.body,
      generic: kinds.get(plan.kind)!,
      location: locations.get(plan.location)!,
      manufacturer: await named(tx, 'manufacturers', plan.manufacturer),
      supplier: await named(tx, 'suppliers', plan.supplier),
      machine_setting: plan.instrument ? await machineOf(tx, facility, plan.instrument) : null,
    });
    const asset = await createAsset(tx, p, body, now);
    for (const m of plan.maintenance ?? []) {
      const from = new Date(now.getTime() - m.daysAgo * DAY);
      await addMaintenance(
        tx,
        p,
        asset.id,
        {
          kind: m.kind,
          down_from: from.toISOString(),
          down_to: new Date(from.getTime() + m.hours * 3_600_000).toISOString(),
          work_done: m.work,
          performed_by: m.by,
          cost_kobo: m.costKobo,
        },
        now,
      );
    }
    if (plan.calibrated) {
      const on = assetDatePlusDays(today, -plan.calibrated.daysAgo);
      await addCalibration(
        tx,
        p,
        asset.id,
        {
          calibrated_on: on,
          valid_until: plan.calibrated.validDays ? assetDatePlusDays(on, plan.calibrated.validDays) : null,
          calibrator: plan.calibrated.calibrator,
          report: 'Within the manufacturer’s tolerances.',
        },
        now,
      );
    }
    if (plan.certificate) {
      const from = assetDatePlusDays(today, -plan.certificate.fromDaysAgo);
      await addCertificate(
        tx,
        p,
        asset.id,
        { agency: plan.certificate.agency, number: plan.certificate.number, valid_from: from, valid_to: assetDatePlusDays(from, plan.certificate.validDays) },
        now,
      );
    }
    if (plan.checkOutToBench) {
      const [bench] = rowsOf<{ id: number }>(await tx.execute(sql`select id from benches where name = ${plan.checkOutToBench}`));
      if (bench) await checkOut(tx, p, asset.id, { bench: bench.id, user: null, location: null, expected_back: null, note: 'Spins the Xpert samples.' }, now);
    }
  }
}

export async function seedAssetsDemo(tx: Tx, ids: { ikeja: number; yaba: number }, now = new Date()): Promise<void> {
  await seedRegister(tx, ids.yaba, 'ph_admin', YABA, now);
  await seedRegister(tx, ids.ikeja, 'clin_admin', IKEJA, now);
}
