import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_RESOURCES } from '@nlims/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { auditEvents } from '../audit/audit.table.js';

let t: TestApp;
let admin: { authorization: string };
let clerk: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await t.token('superadmin'));
  clerk = bearer(await t.token('clin_clerk'));
});
afterAll(() => t.close());

const get = (url: string, headers = clerk) => t.app.inject({ url, headers });

describe('generic list conventions', () => {
  it('pages with count, next and previous', async () => {
    const first = (await get('/api/antibiotic/?page=1&page_size=5&ordering=name')).json();
    expect(first.count).toBeGreaterThan(10);
    expect(first.results).toHaveLength(5);
    expect(first.previous).toBeNull();
    expect(first.next).toContain('page=2');
    const second = (await get(first.next)).json();
    expect(second.results[0].name > first.results[4].name).toBe(true);
    expect(second.previous).toContain('page=1');
  });

  it('returns every row of a look-up when no page is given', async () => {
    const all = (await get('/api/sample_type/')).json();
    expect(Array.isArray(all)).toBe(true);
    expect(all.length).toBeGreaterThan(10);
  });

  it('refuses page sizes outside 5, 10, 20, 50, 100 and unknown orderings and filters', async () => {
    const size = await get('/api/method/?page=1&page_size=7');
    expect(size.statusCode).toBe(400);
    expect(size.json().page_size[0]).toMatch(/5, 10, 20, 50, 100/);
    expect((await get('/api/method/?page=1&page_size=500')).statusCode).toBe(400);
    const order = await get('/api/method/?page=1&ordering=-password');
    expect(order.statusCode).toBe(400);
    expect(order.json()).toHaveProperty('ordering');
    const filter = await get('/api/method/?page=1&Filters.owner=1');
    expect(filter.statusCode).toBe(400);
    expect(filter.json()).toHaveProperty(['Filters.owner']);
    expect((await get('/api/method/?page=0')).statusCode).toBe(400);
    expect((await get('/api/method/?page=999')).statusCode).toBe(400);
  });

  it('searches, filters and orders descending', async () => {
    const found = (await get('/api/organism/?page=1&search=strep')).json();
    expect(found.results.map((r: { name: string }) => r.name).sort()).toEqual(['Streptococcus pneumoniae', 'Streptococcus pyogenes']);
    const desc = (await get('/api/organism/?page=1&page_size=100&ordering=-name')).json().results.map((r: { name: string }) => r.name);
    expect(desc).toEqual([...desc].sort().reverse());
    const section = (await get('/api/section/?search=Microbiology')).json()[0];
    const benches = (await get(`/api/bench/?page=1&Filters.section=${section.id}`)).json();
    expect(benches.count).toBe(2);
    expect(benches.results.every((b: { section_name: string }) => b.section_name === 'Microbiology')).toBe(true);
  });
});

describe('writes', () => {
  it('lets the super admin create, update, patch and delete, with audit rows', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/supplier/',
      headers: admin,
      payload: { name: 'Lagos Reagents Ltd', phone: '0801', email: 'sales@lagosreagents.ng' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ name: 'Lagos Reagents Ltd', is_active: true, address: '' });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/supplier/${id}/`,
      headers: admin,
      payload: { name: 'Lagos Reagents Limited', address: 'Yaba' },
    });
    expect(put.json()).toMatchObject({ name: 'Lagos Reagents Limited', address: 'Yaba' });
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/supplier/${id}/`, headers: admin, payload: { is_active: false } });
    expect(patch.json()).toMatchObject({ name: 'Lagos Reagents Limited', address: 'Yaba', is_active: false });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/supplier/${id}/`, headers: admin })).statusCode).toBe(204);
    expect((await get(`/api/supplier/${id}/`)).statusCode).toBe(404);
    const trail = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'supplier'), eq(auditEvents.entityId, String(id))));
    expect(trail.map((e) => e.action)).toEqual(['supplier.created', 'supplier.updated', 'supplier.patched', 'supplier.deleted']);
    expect(trail[1]!.before).toMatchObject({ name: 'Lagos Reagents Ltd' });
  });

  it('names the field on bad input', async () => {
    const dup = await t.app.inject({ method: 'POST', url: '/api/method/', headers: admin, payload: { name: 'Real-time PCR' } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ name: [expect.stringMatching(/already exists/)] });
    const blank = await t.app.inject({ method: 'POST', url: '/api/method/', headers: admin, payload: { name: '  ' } });
    expect(blank.json()).toHaveProperty('name');
    const email = await t.app.inject({ method: 'POST', url: '/api/supplier/', headers: admin, payload: { name: 'X', email: 'not-an-email' } });
    expect(email.json()).toHaveProperty('email');
    const bench = await t.app.inject({ method: 'POST', url: '/api/bench/', headers: admin, payload: { name: 'New bench', section: 9999 } });
    expect(bench.statusCode).toBe(400);
    expect(bench.json().section[0]).toMatch(/does not exist/);
  });

  it('refuses writes to everyone but the super admin, and reads to no signed-in user', async () => {
    for (const user of ['clin_admin', 'clin_supervisor', 'ph_admin', 'fed_tier']) {
      const headers = bearer(await t.token(user));
      expect((await t.app.inject({ method: 'POST', url: '/api/organism/', headers, payload: { name: 'Shigella' } })).statusCode, user).toBe(403);
      expect((await t.app.inject({ url: '/api/organism/?page=1', headers })).statusCode, user).toBe(200);
    }
    expect((await t.app.inject({ url: '/api/organism/' })).statusCode).toBe(401);
  });

  it('serves every plain reference resource', async () => {
    for (const path of [...Object.keys(REFERENCE_RESOURCES), 'bench']) {
      const res = await get(`/api/${path}/?page=1&page_size=5`);
      expect(res.statusCode, path).toBe(200);
    }
  });
});
