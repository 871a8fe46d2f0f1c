import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

/**
 * Two administrators issue the last pack at the same moment: the balances are locked in id order, so one issue waits
 * for the other and then finds nothing left — exactly one wins, the other is told how much is usable, and no balance
 * goes below zero (the table's CHECK is the last guard). On PostgreSQL the requests truly overlap.
 */
let t: TestApp;
let bench = 0;
const day = (offset: number) => new Date(Date.now() + 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
const admin = async (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await t.token('ph_admin')), ...(payload ? { payload } : {}) });

async function stocked(packs: number, lots = 1) {
  const item = (
    await admin('POST', '/api/consumable_generic/', { name: `Race ${Math.random().toString(36).slice(2)}`, category: 'cartridge', pack_size: 10 })
  ).json();
  for (let i = 0; i < lots; i++) {
    const res = await admin('POST', '/api/received_consumable/', {
      item: item.id,
      lot_number: `RACE-${i}`,
      expiry_date: day(100 + i),
      quantity: packs,
      quantity_in: 'packs',
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  return item.id as number;
}

const negative = async () =>
  rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from consumable_balances where quantity < 0`))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  bench = ((await admin('GET', '/api/bench/')).json() as { id: number }[])[0]!.id;
});
afterAll(() => t.close());

describe('issues at the same moment', () => {
  it('of the last pack: exactly one wins, the other is refused, stock never negative', async () => {
    const item = await stocked(1);
    const issue = () => admin('POST', '/api/consumable/issue/', { item, bench, quantity: 1, quantity_in: 'packs' });
    const replies = await Promise.all([issue(), issue()]);
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses, replies.map((r) => r.body).join(' | ')).toEqual([200, 400]);
    const refused = replies.find((r) => r.statusCode === 400)!;
    expect(refused.json().quantity[0]).toMatch(/Nothing .* is usable at the store/);
    const [lot] = (await admin('GET', `/api/consumable/?item=${item}`)).json().results;
    expect(lot).toMatchObject({ store_balance: 0, bench_balance: 10 });
    expect(await negative()).toBe(0);
  });

  it('of more than there is, across two lots: the issues that fit win, the balance adds up', async () => {
    const item = await stocked(1, 2);
    const issue = () => admin('POST', '/api/consumable/issue/', { item, bench, quantity: 6, quantity_in: 'units' });
    const replies = await Promise.all([issue(), issue(), issue(), issue()]);
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(replies.filter((r) => r.statusCode === 400)).toHaveLength(1);
    const lots = (await admin('GET', `/api/consumable/?item=${item}`)).json().results as { store_balance: number; bench_balance: number }[];
    expect(lots.reduce((s, l) => s + l.store_balance, 0)).toBe(2);
    expect(lots.reduce((s, l) => s + l.bench_balance, 0)).toBe(18);
    expect(await negative()).toBe(0);
    const lines = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select coalesce(sum(quantity), 0)::int as n from stock_lines where item_id = ${item} and bench_id is null`),
    );
    expect(lines[0]!.n).toBe(2);
  });

  it('a receipt of one new lot twice at once makes one lot holding both', async () => {
    const item = (await admin('POST', '/api/consumable_generic/', { name: `Race receipt ${Math.random()}`, category: 'kit' })).json().id;
    const receive = () => admin('POST', '/api/received_consumable/', { item, lot_number: 'SAME', expiry_date: day(50), quantity: 5, quantity_in: 'units' });
    const replies = await Promise.all([receive(), receive()]);
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201]);
    const lots = (await admin('GET', `/api/consumable/?item=${item}`)).json().results;
    expect(lots).toHaveLength(1);
    expect(lots[0]).toMatchObject({ quantity_received: 10, store_balance: 10 });
  });
});
