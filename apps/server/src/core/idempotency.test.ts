import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer, createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
let headers: Record<string, string>;
let client: number;
let testTypes: number[];

beforeAll(async () => {
  t = await createTestApp();
  headers = bearer(await t.token('clin_receptionist'));
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/clients/',
    headers,
    payload: { first_name: 'Amaka', last_name: 'Eze', sex: 'female', date_of_birth: '1990-04-12' },
  });
  expect(created.statusCode, created.body).toBe(201);
  client = created.json().id;
  const admin = bearer(await t.token('superadmin'));
  const catalogue = (await t.app.inject({ url: '/api/test_configuration/?program__name=General', headers: admin })).json() as {
    id: number;
    is_panel: boolean;
    panel: number | null;
  }[];
  testTypes = [catalogue.find((c) => !c.is_panel && c.panel == null)!.id];
});
afterAll(() => t.close());

const count = async (table: 'orders' | 'clients') =>
  Number(((await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n);

const order = (key: string | undefined, body: object = { client, test_types: testTypes }) =>
  t.app.inject({ method: 'POST', url: '/api/general_order/', headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) }, payload: body });

describe('Idempotency-Key on creates', () => {
  it('a retry with the same key and body replays the reply and creates nothing more', async () => {
    const before = await count('orders');
    const first = await order('retry-1');
    expect(first.statusCode, first.body).toBe(201);
    const second = await order('retry-1');
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await count('orders')).toBe(before + 1);
  });

  it('the same key with a different body is refused', async () => {
    expect((await order('retry-2')).statusCode).toBe(201);
    const other = await order('retry-2', { client, test_types: testTypes, priority: 'urgent' });
    expect(other.statusCode).toBe(422);
    expect(other.json().detail).toMatch(/different request/);
  });

  it('concurrent requests with one key create one order', async () => {
    const before = await count('orders');
    const replies = await Promise.all([order('race-1'), order('race-1'), order('race-1'), order('race-1')]);
    for (const r of replies) expect([201, 409]).toContain(r.statusCode);
    const created = replies.filter((r) => r.statusCode === 201).map((r) => r.json().id);
    expect(new Set(created).size).toBe(1);
    expect(await count('orders')).toBe(before + 1);
  });

  it('without a key each request creates', async () => {
    const before = await count('orders');
    await order(undefined);
    await order(undefined);
    expect(await count('orders')).toBe(before + 2);
  });

  it('a key is per user and expires after a day', async () => {
    const other = bearer(await t.token('clin_clerk'));
    const body = { first_name: 'Bola', last_name: 'Ade', sex: 'male', date_of_birth: '1980-01-01' };
    const post = (h: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/clients/', headers: { ...h, 'idempotency-key': 'shared' }, payload: body });
    const before = await count('clients');
    const mine = await post(headers);
    expect(mine.statusCode, mine.body).toBe(201);
    expect((await post(headers)).json().id).toBe(mine.json().id);
    const theirs = await post(other);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(await count('clients')).toBe(before + 2);
    await t.database.db.execute(sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'shared'`);
    const later = await post(headers);
    expect(later.statusCode).toBe(201);
    expect(later.json().id).not.toBe(mine.json().id);
  });

  it('the OpenAPI document declares the header on creates', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const params = doc.paths['/api/general_order/'].post.parameters as { name: string; in: string }[];
    expect(params).toContainEqual(expect.objectContaining({ name: 'idempotency-key', in: 'header' }));
    expect(doc.paths['/api/clients/'].post.parameters).toContainEqual(expect.objectContaining({ name: 'idempotency-key', in: 'header' }));
  });
});
