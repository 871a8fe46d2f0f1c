import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './db.js';
import { bearer, createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await t.token('superadmin'));
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers: admin });

describe('the findings of the malformed-input probe, each answered with a 400 naming its field', () => {
  it('refuses ids beyond the database integer in paths, bodies and filters', async () => {
    expect((await get('/api/users/2147483648/')).json()).toEqual({ id: ['Ensure this value is less than or equal to 2147483647.'] });
    expect((await get('/api/general_order/99999999999999999999/')).statusCode).toBe(400);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/general_order/',
      headers: bearer(await t.token('clin_receptionist')),
      payload: { client: 2 ** 31, test_types: [1] },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json()).toHaveProperty('client');
    // the super admin reads no samples: the General staff's list
    const list = await t.app.inject({
      url: '/api/general_order/?page=1&Filters.status=99999999999999999999',
      headers: bearer(await t.token('clin_supervisor')),
    });
    expect(list.json()).toHaveProperty(['Filters.status']);
  });

  it('refuses NUL and other control characters anywhere, the login username included', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/login/', payload: { username: 'super\u0000admin', password: 'x' } });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ username: [expect.stringContaining('control character')] });
    expect((await get('/api/clients/?page=1&search=%00')).json()).toHaveProperty('search');
  });

  it('refuses text-direction overrides in names', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clients/',
      headers: bearer(await t.token('clin_receptionist')),
      payload: { first_name: 'Ada\u202Emi', last_name: 'Eze', sex: 'female' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ first_name: [expect.stringContaining('U+202E')] });
  });

  it('refuses a line break or tab in a path or a query value, which are one line, and keeps it in multi-line text', async () => {
    const search = await get('/api/clients/?page=1&search=a%0D%0Ab');
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({ search: ['This field is one line: remove the line break or tab.'] });
    expect((await get('/api/users/1%0A/')).statusCode).toBe(400);
    // A note keeps its lines: a non-conformity report's description.
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/non_conformity_report/',
      headers: bearer(await t.token('clin_supervisor')),
      payload: {
        title: 'Fridge 2 too warm',
        event_date: '2026-01-05',
        description: 'At 08:00 it read 12 °C.\r\nSamples moved to fridge 1.',
        severity: 'minor',
      },
    });
    expect(report.statusCode, report.body).toBe(201);
    expect(report.json().description).toContain('\r\n');
  });

  it('answers a PATCH that names nothing to change with a 400 on the body, never an empty update', async () => {
    const supervisor = bearer(await t.token('clin_supervisor'));
    const [action] = rowsOf<{ id: number; report: number }>(
      await t.database.db.execute(
        sql`select a.id, a.report_id as report from ncr_actions a join ncr_reports r on r.id = a.report_id
            join users u on u.facility_id = r.facility_id where u.username = 'clin_supervisor' and r.state <> 'closed' order by a.id limit 1`,
      ),
    );
    expect(action).toBeDefined();
    const url = `/api/non_conformity_report/${action!.report}/actions/${action!.id}/`;
    for (const payload of ['{}', 'null', '{"__proto__": {"polluted": true}}', '{"not_a_field": 1}']) {
      const res = await t.app.inject({ method: 'PATCH', url, headers: { ...supervisor, 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: ['Send at least one field to change.'] });
    }
    // Every PATCH: a reference list's row, as the super admin who keeps it.
    const section = await t.app.inject({ method: 'PATCH', url: '/api/section/1/', headers: { ...admin, 'content-type': 'application/json' }, payload: '{}' });
    expect(section.json()).toEqual({ non_field_errors: ['Send at least one field to change.'] });
  });

  it('drops __proto__ from a body instead of calling it malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"nobody","password":"x","__proto__":{"admin":true}}',
    });
    expect(res.statusCode).toBe(401);
  });

  it('pages state/ like every other list when asked', async () => {
    const page = (await get('/api/state/?page=2&page_size=10')).json();
    expect(page).toMatchObject({ count: 37, next: expect.stringContaining('page=3'), previous: expect.stringContaining('page=1') });
    expect(page.results).toHaveLength(10);
    expect((await get('/api/state/')).json()).toHaveLength(37);
    expect((await get('/api/state/?page=9&page_size=10')).json()).toEqual({ page: ['Invalid page.'] });
  });

  it('answers deleting a reference row still in use with 409, not a server error', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/section/1/', headers: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/in use/);
  });
});
