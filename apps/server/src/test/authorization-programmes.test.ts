import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../modules/auth/passwords.js';
import { seedUser } from '../seed/builders.js';
import { bearer, createTestApp, type TestApp } from './harness.js';

/**
 * The General programme's sample and result endpoints × every role, and a
 * General supervisor of another facility (Abuja), who gets 404 for Ikeja's
 * samples. Each row names who may call it; everyone else gets 403.
 */
const USERS = [
  'superadmin',
  'clin_admin',
  'clin_manager',
  'clin_supervisor',
  'clin_receptionist',
  'clin_analyst',
  'clin_clerk',
  'clin_data_analyst',
  'ph_supervisor',
  'fed_tier',
  'abuja_supervisor',
] as const;
type User = (typeof USERS)[number];

let t: TestApp;
let order: { id: number; tests: { id: number }[] };
let resultId: number;
let clientId: number;
let testId: number;
let value: number;

const as = async (user: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await t.token(user)), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  const [abuja] = (await as('superadmin', 'GET', '/api/facilities/?page=1&search=Abuja')).json().results;
  await seedUser(t.database.db, {
    username: 'abuja_supervisor',
    passwordHash: await hashPassword('Demo@12345'),
    facilityId: abuja.id,
    roles: [['General', 'Supervisor']],
  });
  const catalogue = (await as('superadmin', 'GET', '/api/test_configuration/?program__name=General')).json();
  const test = catalogue.find(
    (c: { result_type: string; panel: number | null; is_panel: boolean; ref_low: number | null }) =>
      c.result_type === 'numeric' && !c.panel && !c.is_panel && c.ref_low != null,
  );
  testId = test.id;
  value = test.ref_low;
  clientId = (await as('clin_receptionist', 'POST', '/api/clients/', { first_name: 'Ada', last_name: 'Obi', sex: 'female', estimated_age_years: 30 })).json()
    .id;
  // The order's one sample: moves, details and documents take the sample's id.
  order = (await as('clin_receptionist', 'POST', '/api/general_order/', { client: clientId, test_types: [testId] })).json().samples[0];
  await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: 1 });
  await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/accept/`, {});
  resultId = (await as('clin_analyst', 'POST', '/api/results/', { test_order: order.tests[0]!.id, value })).json().id;
});
afterAll(() => t.close());

const READ: User[] = ['superadmin', 'clin_manager', 'clin_supervisor', 'clin_receptionist', 'clin_analyst', 'clin_clerk', 'clin_data_analyst'];

/**
 * Expected status per user: `allowed` get `ok`, Abuja's supervisor `elsewhere` (when allowed by role), the
 * rest 403. On the endpoints that span every programme (`results/`), Yaba's supervisor — who validates TB
 * results there — is another facility too.
 */
function expected(allowed: User[], ok: number, elsewhere = 404, away: User[] = ['abuja_supervisor']): Record<User, number> {
  return Object.fromEntries(USERS.map((u) => [u, allowed.includes(u) ? ok : away.includes(u) ? elsewhere : 403])) as Record<User, number>;
}
const ACROSS_PROGRAMMES: User[] = ['abuja_supervisor', 'ph_supervisor'];

describe('authorisation matrix: General programme samples and results', () => {
  it('reads: list, detail, history, report, label, counts, worklist', async () => {
    const reads: [string, number][] = [
      [`/api/general_order/${order.id}/`, 404],
      [`/api/general_order/${order.id}/history/`, 404],
      [`/api/general_order/${order.id}/report/`, 404],
      [`/api/general_order/${order.id}/label/`, 404],
    ];
    for (const [url, elsewhere] of reads) {
      const seen = Object.fromEntries(await Promise.all(USERS.map(async (u) => [u, (await as(u, 'GET', url)).statusCode])));
      expect(seen, url).toEqual(expected(READ, 200, elsewhere));
    }
    // lists answer 200 to another facility's supervisor, with none of Ikeja's rows
    // (clients/ is shared by every programme: the administration matrix covers it)
    for (const [url, away] of [
      ['/api/general_order/?page=1', ['abuja_supervisor']],
      ['/api/results/?page=1', ACROSS_PROGRAMMES],
    ] as const) {
      const seen = Object.fromEntries(await Promise.all(USERS.map(async (u) => [u, (await as(u, 'GET', url)).statusCode])));
      expect(seen, url).toEqual(expected([...READ, ...away], 200));
      for (const u of away) expect((await as(u, 'GET', url)).json().count, `${u} ${url}`).toBe(0);
    }
    // the workplan: for those who run tests (SPEC §6), and never another facility's tests
    const waiting = (await as('clin_receptionist', 'POST', '/api/general_order/', { client: clientId, test_types: [testId] })).json().samples[0];
    await as('clin_receptionist', 'POST', `/api/general_order/${waiting.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: 1 });
    await as('clin_receptionist', 'POST', `/api/general_order/${waiting.id}/accept/`, {});
    const workplan = Object.fromEntries(await Promise.all(USERS.map(async (u) => [u, (await as(u, 'GET', '/api/workplan/?page=1')).statusCode])));
    expect(workplan).toEqual(expected(['clin_supervisor', 'clin_analyst', 'clin_clerk', ...ACROSS_PROGRAMMES], 200));
    expect((await as('clin_analyst', 'GET', '/api/workplan/?page=1')).json().count).toBeGreaterThan(0);
    for (const u of ACROSS_PROGRAMMES) expect((await as(u, 'GET', '/api/workplan/?page=1')).json().count, u).toBe(0);
  });

  it('moves: each by its roles only, never across facilities', async () => {
    // A cancelled order and a released result: every move below is allowed by role but not by
    // status, so allowed roles get 409 and nothing changes; others get 403, Abuja 404.
    const cancelled = (await as('clin_receptionist', 'POST', '/api/general_order/', { client: clientId, test_types: [testId] })).json().samples[0];
    await as('clin_receptionist', 'POST', `/api/general_order/${cancelled.id}/cancel/`, {});
    const o2 = (await as('clin_receptionist', 'POST', '/api/general_order/', { client: clientId, test_types: [testId] })).json().samples[0];
    await as('clin_receptionist', 'POST', `/api/general_order/${o2.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: 1 });
    await as('clin_receptionist', 'POST', `/api/general_order/${o2.id}/accept/`, {});
    const released = (await as('clin_analyst', 'POST', '/api/results/', { test_order: o2.tests[0].id, value })).json().id;
    await as('clin_supervisor', 'POST', `/api/results/${released}/verify/`);
    await as('clin_supervisor', 'POST', `/api/results/${released}/approve/`, { password: 'Demo@12345' });

    const ORDER: User[] = ['clin_supervisor', 'clin_receptionist', 'clin_clerk'];
    const RECEPTION: User[] = ['clin_supervisor', 'clin_receptionist'];
    const ENTRY: User[] = ['clin_supervisor', 'clin_analyst', 'clin_clerk'];
    const REVIEW: User[] = ['clin_supervisor'];
    const moves: [string, object, User[], number, number][] = [
      [`/api/general_order/${cancelled.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: 1 }, ORDER, 409, 404],
      [`/api/general_order/${order.id}/cancel/`, {}, ORDER, 409, 404],
      [`/api/general_order/${cancelled.id}/accept/`, {}, RECEPTION, 409, 404],
      [`/api/general_order/${cancelled.id}/reject/`, { rejection_reason: 1 }, RECEPTION, 409, 404],
      [`/api/general_order/${cancelled.id}/hold/`, { reason: 'check' }, RECEPTION, 409, 404],
      [`/api/general_order/${cancelled.id}/release/`, {}, RECEPTION, 409, 404],
      ['/api/results/', { test_order: order.tests[0]!.id, value }, ENTRY, 409, 400],
      [`/api/results/${released}/verify/`, {}, REVIEW, 409, 404],
      [`/api/results/${resultId}/approve/`, { password: 'Demo@12345' }, REVIEW, 409, 404],
      [`/api/results/${released}/reject/`, { reason: 1 }, REVIEW, 409, 404],
      [`/api/results/${released}/retest/`, { reason: 'again' }, REVIEW, 409, 404],
      ['/api/results/approve/', { ids: [released], password: 'Demo@12345' }, REVIEW, 409, 404],
      [`/api/results/${resultId}/amend/`, { value, reason: 'x', password: 'Demo@12345' }, ENTRY, 409, 404],
    ];
    for (const [url, body, allowed, ok, elsewhere] of moves) {
      const seen: Record<string, number> = {};
      for (const u of USERS) seen[u] = (await as(u, 'POST', url, body)).statusCode;
      expect(seen, url).toEqual(expected(allowed, ok, elsewhere, url.startsWith('/api/results/') ? ACROSS_PROGRAMMES : undefined));
    }
    // creating: the roles that order, at their own facility (Abuja's supervisor cannot order for Ikeja's client)
    const creates: [string, object, number][] = [['/api/general_order/', { client: clientId, test_types: [testId] }, 400]];
    for (const [url, body, elsewhere] of creates) {
      const seen: Record<string, number> = {};
      for (const u of USERS) seen[u] = (await as(u, 'POST', url, body)).statusCode;
      expect(seen, url).toEqual(expected(ORDER, 201, elsewhere));
    }
  });
});
