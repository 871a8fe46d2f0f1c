import type { ConsumableAlerts, ConsumableItem, ConsumableLot, ConsumableStockCard, ConsumableStockLine } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { programmeSteps, TUBERCULOSIS } from '../../test/programmes.js';

/**
 * Consumables through the API as Yaba's administrator: items and their tests, receipts (a lot received twice adds
 * to it), FEFO issues to a bench, what is not usable (expired, quarantined, past its stability once opened), counts,
 * adjustments and disposal on the ledger, the stock card, the alerts, and automatic use when Xpert results are
 * entered (once per run, a panel's members sharing it; a retest uses again; a shortfall never refuses the entry).
 */

let t: TestApp;
const tb = programmeSteps(() => t, TUBERCULOSIS);
const call = async (actor: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...bearer(await t.token(actor)), ...headers }, ...(payload ? { payload } : {}) });
const admin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers?: Record<string, string>) =>
  call('ph_admin', method, url, payload, headers);
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + 3_600_000 + offset * DAY).toISOString().slice(0, 10);
const stamp = Math.random().toString(36).slice(2, 7);

let xpert: { id: number; bench: number; benchName: string };
let otherBench: number;

async function newItem(overrides: object = {}): Promise<ConsumableItem> {
  const res = await admin('POST', '/api/consumable_generic/', { name: `Item ${Math.random().toString(36).slice(2, 9)}`, category: 'reagent', ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function receiveLot(item: number, lot: string, expiry: string, quantity: number, extra: object = {}) {
  const res = await admin('POST', '/api/received_consumable/', { item, lot_number: lot, expiry_date: expiry, quantity, quantity_in: 'units', ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { receipt: { id: number; quantity: number; added_to_lot: boolean }; lot: ConsumableLot };
}

const lot = async (id: number) => (await admin('GET', `/api/consumable/${id}/`)).json() as ConsumableLot;
const item = async (id: number) => (await admin('GET', `/api/consumable_generic/${id}/`)).json() as ConsumableItem;
const card = async (query: string) => (await admin('GET', `/api/stock_card/?${query}&page_size=500`)).json() as ConsumableStockCard;

beforeAll(async () => {
  t = await createTestApp();
  const options = (await admin('GET', '/api/consumable_config/tests/')).json() as { id: number; code: string; bench: number; bench_name: string }[];
  const x = options.find((o) => o.code === 'TB-XPERT')!;
  xpert = { id: x.id, bench: x.bench, benchName: x.bench_name };
  const benches = (await admin('GET', '/api/bench/')).json() as { id: number }[];
  otherBench = benches.find((b) => b.id !== xpert.bench)!.id;
});
afterAll(() => t.close());

describe('the demo', () => {
  it('stocks Yaba and Ikeja with three months of use, a lot near expiry, an item under its reorder level and an expired lot', async () => {
    for (const user of ['ph_admin', 'clin_admin']) {
      const alerts = (await call(user, 'GET', '/api/consumable_alerts/')).json() as ConsumableAlerts;
      expect(alerts.low_stock, user).toBeGreaterThanOrEqual(1);
      expect(alerts.expiring_soon, user).toBeGreaterThanOrEqual(1);
      expect(alerts.expired_with_stock, user).toBeGreaterThanOrEqual(1);
      const items = (await call(user, 'GET', '/api/consumable_generic/?page_size=100')).json().results as ConsumableItem[];
      expect(items.filter((i) => i.months_of_stock != null).length, user).toBeGreaterThanOrEqual(2);
    }
    const items = (await admin('GET', '/api/consumable_generic/?search=Ultra')).json().results as ConsumableItem[];
    expect(items[0]).toMatchObject({ category: 'cartridge', pack_size: 10, unit_symbol: 'cartridge', months_of_stock: 4.5, low_stock: false });
    expect(items[0]!.tests.map((x) => x.test_code)).toContain('TB-XPERT');
    expect(items[0]!.usable_benches).toEqual([expect.objectContaining({ bench: xpert.bench, quantity: 10 })]);
  });
});

describe('items', () => {
  it('are added with the tests that use them, and refuse bad input naming the field', async () => {
    const made = await newItem({
      name: `Xpert cartridges ${stamp}`,
      category: 'cartridge',
      pack_size: 10,
      tests: [{ test_type: xpert.id, quantity_per_test: 1 }],
    });
    expect(made).toMatchObject({ pack_size: 10, usable_total: 0, low_stock: true, tests: [{ test_type: xpert.id, automatic: true, quantity_per_test: 1 }] });
    const bad = async (body: object, field: string) => {
      const res = await admin('POST', '/api/consumable_generic/', { name: `Bad ${Math.random()}`, category: 'kit', ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json()), res.body).toContain(field);
    };
    await bad({ name: '  ' }, 'name');
    await bad({ name: made.name.toUpperCase() }, 'name');
    await bad({ category: 'drink' }, 'category');
    await bad({ unit: 2_000_000 }, 'unit');
    await bad({ pack_size: 0 }, 'pack_size');
    await bad({ reorder_level: -1 }, 'reorder_level');
    await bad({ tests: [{ test_type: xpert.id }, { test_type: xpert.id }] }, 'tests');
    // a test of a programme Yaba does not run (General's glucose)
    const general = (await call('superadmin', 'GET', '/api/test_configuration/?program__name=General')).json() as { id: number; code: string }[];
    await bad({ tests: [{ test_type: general.find((g) => g.code === 'FBG')!.id }] }, 'tests');
    // a patch changes only what it sends; `tests` replaces the tests
    const patched = await admin('PATCH', `/api/consumable_generic/${made.id}/`, { reorder_level: 5, tests: [] });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ reorder_level: 5, pack_size: 10, tests: [] });
    // configurations on their own
    const config = await admin('POST', '/api/consumable_config/', { item: made.id, test_type: xpert.id, quantity_per_test: 2 });
    expect(config.statusCode, config.body).toBe(201);
    expect((await admin('POST', '/api/consumable_config/', { item: made.id, test_type: xpert.id })).statusCode).toBe(400);
    const changed = await admin('PATCH', `/api/consumable_config/${config.json().id}/`, { quantity_per_test: 1, automatic: false });
    expect(changed.json()).toMatchObject({ quantity_per_test: 1, automatic: false });
    expect((await admin('GET', `/api/consumable_config/?item=${made.id}`)).json().count).toBe(1);
    expect((await admin('DELETE', `/api/consumable_config/${config.json().id}/`)).statusCode).toBe(204);
    expect((await admin('GET', `/api/consumable_config/?item=${made.id}`)).json().count).toBe(0);
  });

  it('are another facility’s business: 404', async () => {
    const made = await newItem();
    expect((await call('clin_admin', 'GET', `/api/consumable_generic/${made.id}/`)).statusCode).toBe(404);
    expect((await call('clin_admin', 'PATCH', `/api/consumable_generic/${made.id}/`, { reorder_level: 1 })).statusCode).toBe(404);
    const res = await call('clin_admin', 'POST', '/api/received_consumable/', {
      item: made.id,
      lot_number: 'X',
      expiry_date: day(100),
      quantity: 1,
      quantity_in: 'units',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('item');
  });
});

describe('receipts', () => {
  it('store units, add to a lot already held (same expiry only), and a retried receipt is not doubled', async () => {
    const it1 = await newItem({ category: 'kit', pack_size: 24 });
    const first = await receiveLot(it1.id, 'KIT-1', day(300), 2, { quantity_in: 'packs', cost: 48_000_00, cost_per: 'pack' });
    expect(first.lot).toMatchObject({ quantity_received: 48, store_balance: 48, unit_cost_kobo: 2000_00, state: 'active', usable: true });
    expect(first.receipt).toMatchObject({ quantity: 48, added_to_lot: false });
    const wrong = await admin('POST', '/api/received_consumable/', {
      item: it1.id,
      lot_number: 'kit-1',
      expiry_date: day(299),
      quantity: 1,
      quantity_in: 'packs',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toHaveProperty('expiry_date');
    const body = { item: it1.id, lot_number: 'kit-1', expiry_date: day(300), quantity: 24, quantity_in: 'units', cost: 1000_00, cost_per: 'unit' };
    const key = { 'idempotency-key': `receipt-${stamp}` };
    const again = await admin('POST', '/api/received_consumable/', body, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().receipt).toMatchObject({ quantity: 24, added_to_lot: true });
    // the average cost of what was received: (48 × 2000 + 24 × 1000) / 72
    expect(again.json().lot).toMatchObject({
      id: first.lot.id,
      quantity_received: 72,
      store_balance: 72,
      unit_cost_kobo: Math.round((48 * 2000_00 + 24 * 1000_00) / 72),
    });
    const replay = await admin('POST', '/api/received_consumable/', body, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await lot(first.lot.id)).store_balance).toBe(72);
    const receipts = (await admin('GET', `/api/received_consumable/?item=${it1.id}`)).json();
    expect(receipts.count).toBe(2);
    // bad input names the field
    for (const [patch, field] of [
      [{ quantity: 0 }, 'quantity'],
      [{ quantity_in: 'boxes' }, 'quantity_in'],
      [{ expiry_date: '2026-02-30' }, 'expiry_date'],
      [{ received_date: day(2) }, 'received_date'],
      [{ supplier: 2_000_000 }, 'supplier'],
      [{ lot_number: '' }, 'lot_number'],
    ] as const) {
      const res = await admin('POST', '/api/received_consumable/', { ...body, lot_number: 'NEW-LOT', ...patch });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json(), field).toHaveProperty(field);
    }
  });
});

describe('issues to a bench', () => {
  it('take the first to expire first across usable lots, never more than is usable, and never an expired or quarantined lot', async () => {
    const it1 = await newItem({ category: 'rdt', pack_size: 10 });
    const late = await receiveLot(it1.id, 'LATE', day(200), 20);
    const soon = await receiveLot(it1.id, 'SOON', day(30), 10);
    const expired = await receiveLot(it1.id, 'GONE', day(-1), 50, { received_date: day(-100) });
    expect(expired.lot).toMatchObject({ expired: true, usable: false, unusable_reason: 'expired', state: 'expired' });

    const plan = (await admin('GET', `/api/consumable/issue_plan/?item=${it1.id}&quantity=15&quantity_in=units`)).json();
    expect(plan).toMatchObject({
      available: 30,
      short: 0,
      lines: [
        { lot: soon.lot.id, quantity: 10 },
        { lot: late.lot.id, quantity: 5 },
      ],
    });

    const issued = await admin('POST', '/api/consumable/issue/', { item: it1.id, bench: xpert.bench, quantity: 15, quantity_in: 'units' });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().lines).toEqual([
      expect.objectContaining({ lot: soon.lot.id, quantity: 10 }),
      expect.objectContaining({ lot: late.lot.id, quantity: 5 }),
    ]);
    expect(await lot(soon.lot.id)).toMatchObject({ store_balance: 0, bench_balance: 10, benches: [{ bench: xpert.bench, quantity: 10 }] });
    expect(await lot(late.lot.id)).toMatchObject({ store_balance: 15, bench_balance: 5 });
    expect(await lot(expired.lot.id)).toMatchObject({ store_balance: 50 });

    // more than is usable: the expired 50 do not count
    const tooMany = await admin('POST', '/api/consumable/issue/', { item: it1.id, bench: xpert.bench, quantity: 2, quantity_in: 'packs' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().quantity[0]).toMatch(/Only 15 units/);
    // a chosen lot must be usable
    const fromExpired = await admin('POST', '/api/consumable/issue/', {
      item: it1.id,
      bench: xpert.bench,
      quantity: 1,
      quantity_in: 'units',
      lot: expired.lot.id,
    });
    expect(fromExpired.statusCode).toBe(400);
    expect(fromExpired.json().lot[0]).toMatch(/expired/);
    // quarantined: not usable, nothing issued from it; released: usable again
    expect((await admin('POST', `/api/consumable/${late.lot.id}/quarantine/`, { note: 'cold chain broken in transit' })).json()).toMatchObject({
      status: 'quarantined',
      usable: false,
      unusable_reason: 'quarantined',
    });
    expect((await admin('POST', `/api/consumable/${late.lot.id}/quarantine/`, {})).statusCode).toBe(409);
    const none = await admin('POST', '/api/consumable/issue/', { item: it1.id, bench: xpert.bench, quantity: 1, quantity_in: 'units' });
    expect(none.statusCode).toBe(400);
    expect(none.json().quantity[0]).toMatch(/Nothing/);
    expect((await item(it1.id)).usable_total).toBe(10);
    expect((await admin('POST', `/api/consumable/${late.lot.id}/release/`, {})).json()).toMatchObject({ status: 'active', usable: true });
    // from the lot chosen
    const chosen = await admin('POST', '/api/consumable/issue/', { item: it1.id, bench: otherBench, quantity: 3, quantity_in: 'units', lot: late.lot.id });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().lines).toEqual([expect.objectContaining({ lot: late.lot.id, quantity: 3 })]);
    // bad input
    for (const [body, field] of [
      [{ item: it1.id, bench: 2_000_000, quantity: 1, quantity_in: 'units' }, 'bench'],
      [{ item: it1.id, bench: xpert.bench, quantity: -1, quantity_in: 'units' }, 'quantity'],
      [{ item: it1.id, bench: xpert.bench, quantity: 1 }, 'quantity_in'],
      [{ bench: xpert.bench, quantity: 1, quantity_in: 'units' }, 'item'],
    ] as const) {
      const res = await admin('POST', '/api/consumable/issue/', body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json()).toHaveProperty(field);
    }
  });
});

describe('the ledger', () => {
  it('counts, adjusts and disposes on stock lines, with a running balance on the stock card', async () => {
    const it1 = await newItem({ category: 'supply', pack_size: 100 });
    const gloves = await receiveLot(it1.id, 'GL-1', day(400), 2, { quantity_in: 'packs' });
    const id = gloves.lot.id;
    await admin('POST', '/api/consumable/issue/', { item: it1.id, bench: xpert.bench, quantity: 50, quantity_in: 'units' });
    // a count that agrees is still a line (0); one that finds less records the difference
    expect((await admin('POST', `/api/consumable/${id}/count/`, { bench: null, counted: 150 })).json()).toMatchObject({ store_balance: 150 });
    expect((await admin('POST', `/api/consumable/${id}/count/`, { bench: xpert.bench, counted: 42 })).json()).toMatchObject({ bench_balance: 42 });
    const lost = await admin('POST', `/api/consumable/${id}/adjust/`, { bench: null, quantity: -200, reason: 'lost' });
    expect(lost.statusCode).toBe(400);
    expect(lost.json().quantity[0]).toMatch(/holds 150/);
    expect((await admin('POST', `/api/consumable/${id}/adjust/`, { bench: null, quantity: 0, reason: 'lost' })).statusCode).toBe(400);
    expect((await admin('POST', `/api/consumable/${id}/adjust/`, { bench: null, quantity: -10, reason: 'damaged', note: 'torn box' })).json()).toMatchObject({
      store_balance: 140,
    });
    expect((await admin('POST', `/api/consumable/${id}/adjust/`, { bench: null, quantity: -1, reason: 'theft' })).statusCode).toBe(400);
    // part disposed at the store; then everything everywhere: the lot is disposed of
    expect((await admin('POST', `/api/consumable/${id}/dispose/`, { bench: null, quantity: 500, reason: 'damaged' })).statusCode).toBe(400);
    expect((await admin('POST', `/api/consumable/${id}/dispose/`, { bench: null, quantity: 40, reason: 'damaged' })).json()).toMatchObject({
      store_balance: 100,
      status: 'active',
    });
    expect((await admin('POST', `/api/consumable/${id}/dispose/`, { everywhere: true, reason: 'expired' })).json()).toMatchObject({
      balance: 0,
      status: 'disposed',
      state: 'disposed',
      usable: false,
      unusable_reason: 'disposed',
    });
    expect((await admin('POST', `/api/consumable/${id}/count/`, { bench: null, counted: 1 })).statusCode).toBe(409);

    // every place: the store-to-bench issue is one movement (− at the store, + at the bench) that leaves the total as it was
    const everywhere = await card(`lot=${id}`);
    const lines = everywhere.results as ConsumableStockLine[];
    expect(lines.map((l) => [l.kind, l.bench, l.quantity, l.balance, l.moved_to, l.moved_to_balance])).toEqual([
      ['receipt', null, 200, 200, null, null],
      ['issue', null, -50, 150, xpert.bench, 50],
      ['count', null, 0, 150, null, null],
      ['count', xpert.bench, -8, 42, null, null],
      ['adjustment', null, -10, 140, null, null],
      ['disposal', null, -40, 100, null, null],
      ['disposal', null, -100, 0, null, null],
      ['disposal', xpert.bench, -42, 0, null, null],
    ]);
    expect(everywhere.count).toBe(lines.length);
    expect(lines.map((l) => l.running)).toEqual([200, 200, 200, 192, 182, 142, 42, 0]);
    expect(lines[1]!.moved_to_name).toBeTruthy();
    expect(lines[4]).toMatchObject({ reason: 'damaged', note: 'torn box' });
    expect(lines.every((l) => l.user.length > 0)).toBe(true);
    // the store's own card: the issue is its − line, naming the bench; the bench's card: its + line
    const store = (await card(`lot=${id}&bench=store`)).results as ConsumableStockLine[];
    expect(store.map((l) => l.running)).toEqual([200, 150, 150, 140, 100, 0]);
    expect(store[1]).toMatchObject({ kind: 'issue', quantity: -50, moved_to: xpert.bench, moved_to_balance: null });
    const bench = (await card(`lot=${id}&bench=${xpert.bench}`)).results as ConsumableStockLine[];
    expect(bench.map((l) => [l.kind, l.quantity, l.running])).toEqual([
      ['issued', 50, 50],
      ['count', -8, 42],
      ['disposal', -42, 0],
    ]);
    // as files
    const csv = await admin('GET', `/api/stock_card/?lot=${id}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\n')[0]).toContain('running');
    expect(csv.body).toContain('torn box');
    const xlsx = await admin('GET', `/api/stock_card/?item=${it1.id}&format=xlsx`);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    expect((await admin('GET', '/api/stock_card/')).json()).toHaveProperty('item');
    expect((await admin('GET', '/api/stock_card/?lot=2000000000')).statusCode).toBe(404);
    // the balance equals the sum of the lines at every place
    const drift = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`
        select count(*)::int as n from consumable_balances b
        where b.quantity <> (select coalesce(sum(s.quantity), 0) from stock_lines s where s.lot_id = b.lot_id and coalesce(s.bench_id, 0) = coalesce(b.bench_id, 0))`),
    );
    expect(drift[0]!.n).toBe(0);
  });

  it('opens a lot: usable until the earlier of its expiry and the opened date plus the stability', async () => {
    const it1 = await newItem({ category: 'reagent', open_stability_days: 7 });
    const received = await receiveLot(it1.id, 'R-1', day(100), 5, { received_date: day(-30) });
    const future = await admin('POST', `/api/consumable/${received.lot.id}/open/`, { opened_on: day(1) });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toHaveProperty('opened_on');
    const opened = (await admin('POST', `/api/consumable/${received.lot.id}/open/`, { opened_on: day(-10) })).json() as ConsumableLot;
    expect(opened).toMatchObject({
      opened_on: day(-10),
      opened_expiry: day(-3),
      effective_expiry: day(-3),
      expired: true,
      usable: false,
      unusable_reason: 'open_expired',
    });
    expect((await admin('POST', `/api/consumable/${received.lot.id}/open/`, {})).statusCode).toBe(409);
    expect((await item(it1.id)).usable_total).toBe(0);
    // opened today: usable for seven days; no stability: until the expiry
    const fresh = await receiveLot(it1.id, 'R-2', day(3), 5);
    expect((await admin('POST', `/api/consumable/${fresh.lot.id}/open/`, {})).json()).toMatchObject({ opened_expiry: day(3), usable: true, state: 'in_use' });
  });
});

describe('alerts', () => {
  it('count usable stock only for low stock, and list lots expiring soon and expired lots holding stock', async () => {
    const it1 = await newItem({ category: 'kit', reorder_level: 20, expiry_warning_days: 30 });
    await receiveLot(it1.id, 'OLD', day(-5), 100, { received_date: day(-60) });
    const near = await receiveLot(it1.id, 'NEAR', day(10), 15);
    const before = (await admin('GET', '/api/consumable_alerts/')).json() as ConsumableAlerts;
    expect(before.low_stock_items.find((a) => a.item === it1.id)).toMatchObject({ usable_total: 15, reorder_level: 20 });
    expect(before.expiring_lots.find((a) => a.lot === near.lot.id)).toMatchObject({ days_to_expiry: 10, balance: 15 });
    expect(before.expired_lots.some((a) => a.item === it1.id)).toBe(true);
    expect(before.low_stock).toBe(before.low_stock_items.length);
    // one figure for the sidebar's badge and the page's alerts: every line the alerts list
    expect(before.alerts).toBe(before.low_stock_items.length + before.expiring_lots.length + before.expired_lots.length + before.short_items.length);
    expect(await item(it1.id)).toMatchObject({ usable_total: 15, expired_units: 100, low_stock: true, expiring_soon: true, nearest_expiry: day(10) });
    await receiveLot(it1.id, 'NEW', day(300), 10);
    const after = (await admin('GET', '/api/consumable_alerts/')).json() as ConsumableAlerts;
    expect(after.low_stock_items.some((a) => a.item === it1.id)).toBe(false);
    expect((await admin('GET', '/api/consumable_generic/?low=1&page_size=100')).json().results.some((i: ConsumableItem) => i.id === it1.id)).toBe(false);
  });
});

describe('automatic use when Xpert results are entered', () => {
  let cartridges: ConsumableItem;
  let store: ConsumableLot;
  let benchLot: ConsumableLot;

  beforeAll(async () => {
    cartridges = await newItem({
      name: `Auto cartridges ${stamp}`,
      category: 'cartridge',
      pack_size: 10,
      reorder_level: 0,
      tests: [{ test_type: xpert.id, quantity_per_test: 1, automatic: true }],
    });
    benchLot = (await receiveLot(cartridges.id, 'AUTO-B', day(60), 1, { quantity_in: 'packs' })).lot;
    await admin('POST', '/api/consumable/issue/', { item: cartridges.id, bench: xpert.bench, quantity: 3, quantity_in: 'units' });
    store = (await receiveLot(cartridges.id, 'AUTO-S', day(90), 1, { quantity_in: 'packs' })).lot;
  });

  const uses = async () => (await card(`item=${cartridges.id}`)).results.filter((l) => l.kind === 'use');
  const enter = async (testOrder: number, value: string) => {
    const res = await call('ph_analyst', 'POST', '/api/results/', { test_order: testOrder, value });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };
  const testsOf = async (sample: { tests: { id: number; test_type: number }[] }) => {
    const codes = await tb.catalogue();
    const code = (id: number) => codes.find((c) => c.id === id)!.code;
    return {
      mtb: sample.tests.find((x) => code(x.test_type) === 'TB-XPERT-MTB')!.id,
      rif: sample.tests.find((x) => code(x.test_type) === 'TB-XPERT-RIF')!.id,
    };
  };

  it('uses one cartridge per run of the panel, at the TB bench first expiry first, then at the store', async () => {
    const { sample } = await tb.received();
    const { mtb, rif } = await testsOf(sample);
    await enter(mtb, 'MTB DETECTED MEDIUM');
    let used = await uses();
    expect(used).toHaveLength(1);
    expect(used[0]).toMatchObject({ bench: xpert.bench, lot: benchLot.id, quantity: -1, test_order: mtb, lab_number: sample.barcode });
    // the panel's other member: the same run, no second cartridge
    await enter(rif, 'RIF RESISTANCE NOT DETECTED');
    expect(await uses()).toHaveLength(1);
    // a retest of RIF is a new run: another cartridge
    const rifResult = (await call('ph_supervisor', 'GET', `/api/tb_sample/${sample.id}/`)).json().tests.find((x: { id: number }) => x.id === rif).result.id;
    const retest = await call('ph_supervisor', 'POST', `/api/results/${rifResult}/retest/`, { reason: 'Invalid probe check' });
    expect(retest.statusCode, retest.body).toBe(200);
    await enter(rif, 'RIF RESISTANCE NOT DETECTED');
    used = await uses();
    expect(used).toHaveLength(2);
    expect(used[1]).toMatchObject({ test_order: rif, bench: xpert.bench });
    // the bench's three: when they are gone the store gives
    for (let i = 0; i < 2; i++) {
      const { sample: s } = await tb.received();
      await enter((await testsOf(s)).mtb, 'MTB NOT DETECTED');
    }
    used = await uses();
    expect(used.map((u) => [u.bench, u.lot])).toEqual([
      [xpert.bench, benchLot.id],
      [xpert.bench, benchLot.id],
      [xpert.bench, benchLot.id],
      [null, benchLot.id],
    ]);
    expect((await lot(store.id)).store_balance).toBe(10);
  });

  it('a correction of a result still entered uses nothing; a batch of samples uses one per run', async () => {
    const { enterResults, insertRuns } = await import('../results/results.service.js');
    const { loadPrincipal } = await import('../users/users.service.js');
    const { useConsumables } = await import('./consumables.use.js');
    const { resultBody } = await import('@nlims/contracts');
    const analystId = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from users where username = 'ph_analyst'`))[0]!.id;
    const analyst = (await loadPrincipal(t.database.db, analystId))!;
    const samples = await Promise.all([tb.received(), tb.received(), tb.received()]);
    const tests = await Promise.all(samples.map(({ sample }) => testsOf(sample)));
    const before = (await uses()).length;
    // one batch: three MTBs and the first sample's RIF beside its MTB (a plate's worth in one call)
    await t.database.db.transaction((tx) =>
      enterResults(tx, analyst, [
        ...tests.map((x) => resultBody.parse({ test_order: x.mtb, value: 'MTB DETECTED LOW' })),
        resultBody.parse({ test_order: tests[0]!.rif, value: 'RIF RESISTANCE NOT DETECTED' }),
      ]),
    );
    expect((await uses()).length - before).toBe(3);
    // a new version over one still ENTERED (a correction before verification) is the same run
    await t.database.db.transaction(async (tx) => {
      const [row] = rowsOf<{ id: number; facility_id: number }>(await tx.execute(sql`select id, facility_id from test_orders where id = ${tests[1]!.mtb}`));
      const [test] = rowsOf<Record<string, unknown>>(await tx.execute(sql`select * from test_types where code = 'TB-XPERT-MTB'`));
      await insertRuns(tx, analyst, [
        {
          t: { id: row!.id, facilityId: row!.facility_id },
          test: test as never,
          checked: { valueNumeric: null, valueText: 'MTB DETECTED HIGH', flag: null, range: null },
          body: { comment: 'corrected', isolates: [], method: null, instrument: null },
        },
      ]);
      await useConsumables(tx, analyst, [tests[1]!.mtb]);
    });
    expect((await uses()).length - before).toBe(3);
  });

  it('uses stock for a batch in the same number of statements as for one run', async () => {
    const { insertRuns } = await import('../results/results.service.js');
    const { loadPrincipal } = await import('../users/users.service.js');
    const { useConsumables } = await import('./consumables.use.js');
    const analystId = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from users where username = 'ph_analyst'`))[0]!.id;
    const analyst = (await loadPrincipal(t.database.db, analystId))!;
    const [test] = rowsOf<Record<string, unknown>>(await t.database.db.execute(sql`select * from test_types where code = 'TB-XPERT-MTB'`));
    /** Results stored for these samples' MTB (as result entry stores them), then their use, counting the statements it sends. */
    const statementsFor = async (n: number) => {
      const samples = await Promise.all(Array.from({ length: n }, () => tb.received()));
      const mtbs = await Promise.all(samples.map(({ sample }) => testsOf(sample).then((x) => x.mtb)));
      const before = (await uses()).length;
      let statements = 0;
      await t.database.db.transaction(async (tx) => {
        await insertRuns(
          tx,
          analyst,
          mtbs.map((id) => ({
            t: { id, facilityId: analyst.facilityId! },
            test: test as never,
            checked: { valueNumeric: null, valueText: 'MTB NOT DETECTED', flag: null, range: null },
            body: { comment: '', isolates: [], method: null, instrument: null },
          })),
        );
        const counted = new Proxy(tx, {
          get(target, key, receiver) {
            const value = Reflect.get(target, key, receiver);
            if (typeof value !== 'function') return value;
            return (...args: unknown[]) => {
              if (['execute', 'select', 'insert', 'update', 'delete'].includes(String(key))) statements++;
              return value.apply(target, args);
            };
          },
        });
        await useConsumables(counted, analyst, mtbs);
      });
      expect((await uses()).length - before).toBe(n);
      return statements;
    };
    const one = await statementsFor(1);
    expect(one).toBeGreaterThan(3);
    expect(await statementsFor(5)).toBe(one);
  });

  it('never refuses a result for lack of stock: the shortfall is counted on the item', async () => {
    const empty = await newItem({ category: 'kit', tests: [{ test_type: xpert.id, quantity_per_test: 2 }] });
    const { sample } = await tb.received();
    await enter((await testsOf(sample)).mtb, 'MTB NOT DETECTED');
    expect(await item(empty.id)).toMatchObject({ uses_short: 1, usable_total: 0 });
    const alerts = (await admin('GET', '/api/consumable_alerts/')).json() as ConsumableAlerts;
    expect(alerts.short_items.find((s) => s.item === empty.id)).toMatchObject({ uses_short: 1 });
    const audit = rowsOf<{ after: { units_short: number } }>(
      await t.database.db.execute(
        sql`select after from audit_events where entity = 'consumable_item' and entity_id = ${String(empty.id)} and action = 'consumable.use_short'`,
      ),
    );
    expect(audit[0]!.after.units_short).toBe(2);
  });
});

describe('months of stock', () => {
  it('divide the usable stock by the monthly use of the last three months', async () => {
    const it1 = await newItem({ category: 'supply', pack_size: 1 });
    const received = await receiveLot(it1.id, 'M-1', day(365), 90);
    // no test uses it automatically: what the store issued is its use
    await admin('POST', '/api/consumable/issue/', { item: it1.id, bench: xpert.bench, quantity: 30, quantity_in: 'units' });
    expect(await item(it1.id)).toMatchObject({ used_last_3_months: 30, monthly_use: 10, usable_total: 90, months_of_stock: 9 });
    expect(received.lot.id).toBeGreaterThan(0);
  });
});

describe('malformed input from the administrator', () => {
  it('never reaches a 5xx on any consumables operation, and a 400 names its fields', async () => {
    type Schema = { type?: string | string[]; properties?: Record<string, Schema>; anyOf?: Schema[] };
    type Operation = { requestBody?: { content?: Record<string, { schema?: Schema }> } };
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
    const ours = Object.entries(doc.paths).filter(([path]) => /consumable|stock_card/.test(path));
    expect(ours.length).toBeGreaterThan(12);
    const typeOf = (s: Schema | undefined): string => {
      const types = Array.isArray(s?.type) ? s.type.filter((x) => x !== 'null') : s?.type ? [s.type] : [];
      return types[0] ?? (s?.anyOf ? typeOf(s.anyOf.find((x) => x.type !== 'null')) : 'unknown');
    };
    const failures: string[] = [];
    for (const [path, ops] of ours) {
      for (const [method, op] of Object.entries(ops)) {
        const props = op.requestBody?.content?.['application/json']?.schema?.properties ?? {};
        const each = (make: (type: string) => unknown) => Object.fromEntries(Object.entries(props).map(([k, s]) => [k, make(typeOf(s))]));
        const bodies =
          method === 'get' || method === 'delete'
            ? [undefined]
            : [
                {},
                each((type) => (type === 'string' ? 12 : 'wrong')),
                each((type) => (type === 'integer' || type === 'number' ? 2 ** 31 : type === 'string' ? 'x'.repeat(5000) : -1)),
                each((type) => (type === 'integer' || type === 'number' ? -5 : type === 'boolean' ? 'yes' : '')),
              ];
        const urls = path.includes('{')
          ? ['1', '2147483647', '0', 'abc'].map((id) => path.replace(/\{[^}]+\}/g, id))
          : method === 'get'
            ? [`${path}?page=0`, `${path}?item=abc`, `${path}?lot=99999999&format=pdf`, `${path}?bench=store&item=1&start_date=2026-13-01`, path]
            : [path];
        for (const url of urls)
          for (const payload of bodies) {
            const res = await admin(method.toUpperCase() as 'GET', url, payload as object | undefined);
            const label = `${res.statusCode} ${method} ${url} ${JSON.stringify(payload)?.slice(0, 80)}`;
            if (res.statusCode >= 500) failures.push(`${label} ${res.body.slice(0, 200)}`);
            if (res.statusCode === 400 && !Object.values(res.json() as object).every((v) => Array.isArray(v) && v.length > 0)) failures.push(label);
          }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
