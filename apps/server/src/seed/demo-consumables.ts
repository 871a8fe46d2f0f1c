import { type ConsumableCategory, consumableIssueBody, consumableItemBody, consumableReceiptBody } from '@nlims/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../core/db.js';
import { testTypes } from '../modules/catalogue/catalogue.table.js';
import { facilityTestServices } from '../modules/facility-settings/facility-settings.table.js';
import { createItem } from '../modules/inventory/consumables.items.js';
import { receive } from '../modules/inventory/consumables.lots.js';
import { count, issue, openLot } from '../modules/inventory/consumables.moves.js';
import { consumableItems } from '../modules/inventory/consumables.table.js';
import { consumeRuns } from '../modules/inventory/consumables.use.js';
import { benches, manufacturers, measureUnits, suppliers } from '../modules/reference/reference.table.js';
import type { Principal } from '../modules/users/users.service.js';
import { principalOf } from './demo-steps.js';

/**
 * Consumables at Yaba (Xpert MTB/RIF Ultra cartridges the TB Xpert tests use automatically, a viral-load kit, HIV
 * rapid tests, gloves) and at Ikeja (chemistry reagents, malaria rapid tests, tubes), with three months of receipts,
 * issues to the benches and use — so months of stock mean something — and, at each, a lot near its expiry, an item
 * under its reorder level and an expired lot still on the shelf. Everything goes through the consumables' services on
 * the days it happened, so the stock cards, balances and audit rows are the server's own. Seeded once per facility.
 */

const DAY = 86_400_000;

interface DemoItem {
  key: string;
  name: string;
  category: ConsumableCategory;
  unit: string;
  pack: number;
  manufacturer: string;
  reorder: number;
  warn?: number;
  stability?: number;
  /** Test codes that use it automatically (one unit a run). */
  tests?: string[];
}

/** One thing that happened, `ago` days ago. */
type Step =
  | { ago: number; do: 'receive'; item: string; lot: string; expiresIn: number; packs: number; costPerPack: number; supplier: string }
  | { ago: number; do: 'issue'; item: string; bench: string; units: number }
  | { ago: number; do: 'use'; item: string; bench: string; units: number }
  | { ago: number; do: 'open'; item: string; lot: string }
  | { ago: number; do: 'count'; item: string; lot: string; bench: string; counted: number };

interface Plan {
  admin: string;
  items: DemoItem[];
  steps: Step[];
}

/** Weekly use over `weeks` weeks, the last `lastAgo` days ago. */
const weekly = (item: string, bench: string, units: number, weeks: number, lastAgo = 2): Step[] =>
  Array.from({ length: weeks }, (_, i) => ({ ago: lastAgo + 7 * (weeks - 1 - i), do: 'use' as const, item, bench, units }));

const NAIRA = 100;

/** Benches are named by code; `@TEST` is the bench that runs that test at the facility. */
const YABA: Plan = {
  admin: 'ph_admin',
  items: [
    {
      key: 'ultra',
      name: 'Xpert MTB/RIF Ultra cartridges',
      category: 'cartridge',
      unit: 'Cartridge',
      pack: 10,
      manufacturer: 'Cepheid',
      reorder: 40,
      tests: ['TB-XPERT', 'TB-ULTRA'],
    },
    {
      key: 'vl',
      name: 'HIV-1 viral load kit (96 tests)',
      category: 'kit',
      unit: 'Test',
      pack: 96,
      manufacturer: 'Roche Diagnostics',
      reorder: 96,
      tests: ['VL-HIV'],
    },
    { key: 'hivrdt', name: 'Determine HIV-1/2 rapid test', category: 'rdt', unit: 'Test', pack: 100, manufacturer: 'Abbott', reorder: 100 },
    { key: 'gloves', name: 'Nitrile examination gloves, medium', category: 'supply', unit: 'Each', pack: 100, manufacturer: 'Premier Medical', reorder: 300 },
  ],
  steps: [
    { ago: 120, do: 'receive', item: 'hivrdt', lot: 'DET-2024-118', expiresIn: -10, packs: 1, costPerPack: 45_000 * NAIRA, supplier: 'Medical Stores Lagos' },
    { ago: 100, do: 'issue', item: 'hivrdt', bench: 'SERO-1', units: 60 },
    {
      ago: 90,
      do: 'receive',
      item: 'ultra',
      lot: 'U-2311-0457',
      expiresIn: 150,
      packs: 10,
      costPerPack: 160_000 * NAIRA,
      supplier: 'Cepheid distributor, Lagos',
    },
    { ago: 88, do: 'issue', item: 'ultra', bench: '@TB-XPERT', units: 40 },
    ...weekly('ultra', '@TB-XPERT', 5, 12),
    { ago: 70, do: 'receive', item: 'vl', lot: 'VLK-0907', expiresIn: 25, packs: 2, costPerPack: 960_000 * NAIRA, supplier: 'Roche Diagnostics Nigeria' },
    { ago: 68, do: 'issue', item: 'vl', bench: '@VL-HIV', units: 96 },
    ...weekly('vl', '@VL-HIV', 8, 9),
    { ago: 60, do: 'receive', item: 'gloves', lot: 'GLV-55120', expiresIn: 700, packs: 10, costPerPack: 6_500 * NAIRA, supplier: 'Medical Stores Lagos' },
    ...[56, 49, 42, 35, 28, 21].map((ago) => ({ ago, do: 'issue' as const, item: 'gloves', bench: '@TB-XPERT', units: 100 })),
    { ago: 45, do: 'issue', item: 'ultra', bench: '@TB-XPERT', units: 30 },
    { ago: 40, do: 'receive', item: 'hivrdt', lot: 'DET-2025-031', expiresIn: 200, packs: 1, costPerPack: 48_000 * NAIRA, supplier: 'Medical Stores Lagos' },
    { ago: 35, do: 'issue', item: 'hivrdt', bench: 'SERO-1', units: 40 },
    {
      ago: 20,
      do: 'receive',
      item: 'ultra',
      lot: 'U-2402-1133',
      expiresIn: 300,
      packs: 5,
      costPerPack: 165_000 * NAIRA,
      supplier: 'Cepheid distributor, Lagos',
    },
    { ago: 7, do: 'count', item: 'gloves', lot: 'GLV-55120', bench: '@TB-XPERT', counted: 150 },
  ],
};

const IKEJA: Plan = {
  admin: 'clin_admin',
  items: [
    {
      key: 'glucose',
      name: 'Glucose reagent (GOD-PAP), 4 × 100 mL',
      category: 'reagent',
      unit: 'Test',
      pack: 400,
      manufacturer: 'Randox',
      reorder: 400,
      stability: 30,
      tests: ['FBG', 'RBG'],
    },
    {
      key: 'creat',
      name: 'Creatinine reagent (Jaffe), 200 tests',
      category: 'reagent',
      unit: 'Test',
      pack: 200,
      manufacturer: 'Randox',
      reorder: 150,
      warn: 30,
      tests: ['EUCR-CREAT'],
    },
    {
      key: 'malaria',
      name: 'Malaria rapid test (Pf/Pan)',
      category: 'rdt',
      unit: 'Test',
      pack: 25,
      manufacturer: 'SD Biosensor',
      reorder: 50,
      tests: ['MAL-RDT'],
    },
    { key: 'tubes', name: 'Plain blood collection tubes, 4 mL', category: 'supply', unit: 'Each', pack: 100, manufacturer: 'Premier Medical', reorder: 200 },
  ],
  steps: [
    { ago: 80, do: 'receive', item: 'glucose', lot: 'GLU-24-0311', expiresIn: 200, packs: 2, costPerPack: 38_000 * NAIRA, supplier: 'Medical Stores Lagos' },
    { ago: 78, do: 'issue', item: 'glucose', bench: '@FBG', units: 400 },
    ...weekly('glucose', '@FBG', 25, 11),
    { ago: 75, do: 'receive', item: 'malaria', lot: 'MAL-2309-77', expiresIn: -3, packs: 4, costPerPack: 9_000 * NAIRA, supplier: 'Medical Stores Lagos' },
    { ago: 74, do: 'issue', item: 'malaria', bench: '@MAL-RDT', units: 50 },
    ...weekly('malaria', '@MAL-RDT', 4, 9, 8),
    { ago: 60, do: 'receive', item: 'tubes', lot: 'TUB-8841', expiresIn: 500, packs: 6, costPerPack: 4_000 * NAIRA, supplier: 'Medical Stores Lagos' },
    ...[58, 30, 10].map((ago) => ({ ago, do: 'issue' as const, item: 'tubes', bench: 'HAEM-1', units: 100 })),
    { ago: 50, do: 'receive', item: 'creat', lot: 'CRE-24-1022', expiresIn: 18, packs: 1, costPerPack: 42_000 * NAIRA, supplier: 'Medical Stores Lagos' },
    { ago: 49, do: 'issue', item: 'creat', bench: '@EUCR-CREAT', units: 200 },
    ...weekly('creat', '@EUCR-CREAT', 12, 7),
    { ago: 30, do: 'issue', item: 'glucose', bench: '@FBG', units: 300 },
    { ago: 25, do: 'receive', item: 'malaria', lot: 'MAL-2402-19', expiresIn: 400, packs: 8, costPerPack: 9_500 * NAIRA, supplier: 'Medical Stores Lagos' },
    { ago: 24, do: 'issue', item: 'malaria', bench: '@MAL-RDT', units: 50 },
    { ago: 15, do: 'receive', item: 'glucose', lot: 'GLU-24-0588', expiresIn: 120, packs: 1, costPerPack: 39_000 * NAIRA, supplier: 'Medical Stores Lagos' },
    { ago: 3, do: 'open', item: 'glucose', lot: 'GLU-24-0588' },
  ],
};

const SUPPLIERS = ['Cepheid distributor, Lagos', 'Medical Stores Lagos', 'Roche Diagnostics Nigeria'];
const MANUFACTURERS: [string, string][] = [
  ['Cepheid', 'United States'],
  ['Roche Diagnostics', 'Switzerland'],
  ['Abbott', 'United States'],
  ['Randox', 'United Kingdom'],
  ['SD Biosensor', 'Republic of Korea'],
  ['Premier Medical', 'Nigeria'],
];
const UNITS: [string, string][] = [
  ['Cartridge', 'cartridge'],
  ['Test', 'test'],
];

async function idsByName(tx: Tx, table: typeof suppliers | typeof manufacturers | typeof measureUnits, names: string[]) {
  const rows = await tx.select({ id: table.id, name: table.name }).from(table).where(inArray(table.name, names));
  return new Map(rows.map((r) => [r.name, r.id]));
}

async function seedPlan(tx: Tx, facilityId: number, plan: Plan): Promise<void> {
  const [done] = await tx.select({ id: consumableItems.id }).from(consumableItems).where(eq(consumableItems.facilityId, facilityId)).limit(1);
  if (done) return;
  const admin: Principal = await principalOf(tx, plan.admin);
  const now = Date.now();
  const at = (ago: number) => new Date(now - ago * DAY);
  const expiry = (inDays: number) => new Date(now + 3_600_000 + inDays * DAY).toISOString().slice(0, 10);
  const supplierIds = await idsByName(tx, suppliers, SUPPLIERS);
  const makerIds = await idsByName(
    tx,
    manufacturers,
    MANUFACTURERS.map(([n]) => n),
  );
  const unitIds = await idsByName(tx, measureUnits, ['Cartridge', 'Test', 'Each']);
  const codes = [
    ...new Set([
      ...plan.items.flatMap((i) => i.tests ?? []),
      ...plan.steps.flatMap((s) => ('bench' in s && s.bench.startsWith('@') ? [s.bench.slice(1)] : [])),
    ]),
  ];
  const tests = await tx.select({ id: testTypes.id, code: testTypes.code, panel: testTypes.panel }).from(testTypes).where(inArray(testTypes.code, codes));
  const services = await tx
    .select({ test: facilityTestServices.test_type, bench: facilityTestServices.bench })
    .from(facilityTestServices)
    .where(eq(facilityTestServices.facility, facilityId));
  const benchRows = await tx.select({ id: benches.id, code: benches.code }).from(benches);
  /** A test the facility offers (itself, or through its panel): its service. */
  const serviceOf = (code: string) => {
    const test = tests.find((t) => t.code === code);
    return test && (services.find((s) => s.test === test.id) ?? services.find((s) => s.test === test.panel));
  };
  const benchOf = (name: string): number => {
    const id = name.startsWith('@') ? serviceOf(name.slice(1))?.bench : benchRows.find((b) => b.code === name)?.id;
    if (id == null) throw new Error(`The demo's bench ${name} is missing`);
    return id;
  };
  const items = new Map<string, { id: number; pack: number }>();
  const lots = new Map<string, number>();
  for (const item of plan.items) {
    const body = consumableItemBody.parse({
      name: item.name,
      category: item.category,
      unit: unitIds.get(item.unit) ?? null,
      pack_size: item.pack,
      manufacturer: makerIds.get(item.manufacturer) ?? null,
      reorder_level: item.reorder,
      expiry_warning_days: item.warn ?? 60,
      open_stability_days: item.stability ?? null,
      tests: (item.tests ?? [])
        .filter((code) => serviceOf(code))
        .map((code) => ({ test_type: tests.find((t) => t.code === code)!.id, quantity_per_test: 1, automatic: true })),
    });
    const made = await createItem(tx, admin, body, at(Math.max(...plan.steps.map((s) => s.ago)) + 1));
    items.set(item.key, { id: made.id, pack: item.pack });
  }
  const steps = [...plan.steps].sort((a, b) => b.ago - a.ago);
  for (const step of steps) {
    const item = items.get(step.item)!;
    const when = at(step.ago);
    if (step.do === 'receive') {
      const { lot } = await receive(
        tx,
        admin,
        consumableReceiptBody.parse({
          item: item.id,
          lot_number: step.lot,
          expiry_date: expiry(step.expiresIn),
          received_date: new Date(when.getTime() + 3_600_000).toISOString().slice(0, 10),
          supplier: supplierIds.get(step.supplier) ?? null,
          quantity: step.packs,
          quantity_in: 'packs',
          cost: step.costPerPack,
          cost_per: 'pack',
          note: 'Delivery checked against the invoice.',
        }),
        when,
      );
      lots.set(step.lot, lot.id);
    } else if (step.do === 'issue') {
      await issue(tx, admin, consumableIssueBody.parse({ item: item.id, bench: benchOf(step.bench), quantity: step.units, quantity_in: 'units' }), when);
    } else if (step.do === 'use') {
      // A week's use at the bench in one line (the demo's samples are far fewer than a laboratory's week).
      await consumeRuns(tx, admin, [{ itemId: item.id, facilityId, benchId: benchOf(step.bench), quantity: step.units, testOrderId: null }], when);
    } else if (step.do === 'open') {
      await openLot(tx, admin, lots.get(step.lot)!, { opened_on: new Date(when.getTime() + 3_600_000).toISOString().slice(0, 10) }, when);
    } else {
      await count(tx, admin, lots.get(step.lot)!, { bench: benchOf(step.bench), counted: step.counted, note: 'Monthly bench count.' }, when);
    }
  }
}

export async function seedConsumablesDemo(tx: Tx, ids: { ikeja: number; yaba: number }): Promise<void> {
  await tx
    .insert(suppliers)
    .values(SUPPLIERS.map((name) => ({ name, phone: '', email: '', address: 'Lagos' })))
    .onConflictDoNothing();
  await tx
    .insert(manufacturers)
    .values(MANUFACTURERS.map(([name, country]) => ({ name, country })))
    .onConflictDoNothing();
  await tx
    .insert(measureUnits)
    .values(UNITS.map(([name, symbol]) => ({ name, symbol })))
    .onConflictDoNothing();
  await seedPlan(tx, ids.yaba, YABA);
  await seedPlan(tx, ids.ikeja, IKEJA);
  // Nothing in the demo may leave a balance that the lines do not add up to.
  const [drift] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      select count(*)::int as n from consumable_balances b
      where b.quantity <> (select coalesce(sum(s.quantity), 0) from stock_lines s where s.lot_id = b.lot_id and coalesce(s.bench_id, 0) = coalesce(b.bench_id, 0))`),
  );
  if (drift?.n) throw new Error('The consumables demo left a balance its stock lines do not add up to');
}
