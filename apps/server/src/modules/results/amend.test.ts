import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let orderId: number;
let released: number;

const as = async (user: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await t.token(user)), ...(payload ? { payload } : {}) });
const current = async () => (await as('clin_supervisor', 'GET', `/api/general_order/${orderId}/`)).json().tests[0].result;
const propose = (user: string, id: number, value: number, reason = 'Transcription error') =>
  as(user, 'POST', `/api/results/${id}/amend/`, { value, reason, password: 'Demo@12345' });

beforeAll(async () => {
  t = await createTestApp();
  const catalogue = (await as('superadmin', 'GET', '/api/test_configuration/?program__name=General')).json();
  const test = catalogue.find((c: { result_type: string; panel: number | null; is_panel: boolean }) => c.result_type === 'numeric' && !c.panel && !c.is_panel);
  const client = (
    await as('clin_receptionist', 'POST', '/api/clients/', { first_name: 'Ngozi', last_name: 'Amend', sex: 'female', estimated_age_years: 50 })
  ).json();
  // The order's one sample: moves, details and results take the sample's id.
  const order = (await as('clin_receptionist', 'POST', '/api/general_order/', { client: client.id, test_types: [test.id] })).json().samples[0];
  orderId = order.id;
  await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: 1 });
  await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/accept/`, {});
  released = (await as('clin_analyst', 'POST', '/api/results/', { test_order: order.tests[0].id, value: 10 })).json().id;
  await as('clin_supervisor', 'POST', `/api/results/${released}/verify/`);
  expect((await as('clin_supervisor', 'POST', `/api/results/${released}/approve/`, { password: 'Demo@12345' })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('amendment under the separation of duties of a release', () => {
  let amendment: number;

  it('enters the corrected value for review; the released value stays on the report meanwhile', async () => {
    const res = await propose('clin_supervisor', released, 11);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 5, version: 2, amends: released });
    amendment = res.json().id;
    expect(await current()).toMatchObject({ id: released, value: 10, status: 7 });
    const queue = (await as('clin_reviewer', 'GET', '/api/results/?Filters.status=5&page=1')).json().results;
    expect(queue).toContainEqual(expect.objectContaining({ id: amendment, amends: released, amendment_reason: 'Transcription error', value: 11 }));
    const counts = (await as('clin_reviewer', 'GET', '/api/general_order_count/')).json();
    expect(counts.find((c: { test_order_status: number }) => c.test_order_status === 5)?.count).toBeGreaterThanOrEqual(1);
  });

  it('allows one open amendment per result', async () => {
    const second = await propose('clin_reviewer', released, 12);
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toMatch(/already awaiting/);
  });

  it('is not verified by the person who entered it, nor sent for retest', async () => {
    const own = await as('clin_supervisor', 'POST', `/api/results/${amendment}/verify/`);
    expect(own.statusCode).toBe(403);
    expect((await as('clin_reviewer', 'POST', `/api/results/${amendment}/retest/`, { reason: 'Again' })).statusCode).toBe(409);
  });

  it('takes over from the released version once verified and approved by others', async () => {
    expect((await as('clin_reviewer', 'POST', `/api/results/${amendment}/verify/`)).statusCode).toBe(200);
    expect(await current()).toMatchObject({ id: released, value: 10 });
    const approved = await as('clin_reviewer', 'POST', `/api/results/${amendment}/approve/`, { password: 'Demo@12345' });
    expect(approved.statusCode, approved.body).toBe(200);
    const now = await current();
    expect(now).toMatchObject({ id: amendment, value: 11, status: 7, amends: released, entered_by: 'clin_supervisor', verified_by: 'clin_reviewer' });
    expect(new Set([now.entered_by, now.verified_by]).size).toBe(2);
    const history = (await as('clin_supervisor', 'GET', `/api/general_order/${orderId}/history/`)).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual(expect.arrayContaining(['result.amended', 'result.verified', 'result.approved']));
  });

  it('leaves the released version in force when the amendment is rejected', async () => {
    const res = await propose('clin_supervisor', amendment, 13, 'Wrong patient');
    expect(res.statusCode, res.body).toBe(201);
    const reasons = (await as('clin_reviewer', 'GET', '/api/result_rejection_reason/?page=1')).json().results;
    const rejected = await as('clin_reviewer', 'POST', `/api/results/${res.json().id}/reject/`, { reason: reasons[0].id });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await current()).toMatchObject({ id: amendment, value: 11, status: 7 });
    // The test stays released: a new amendment may be proposed, by one of two people at once.
    const both = await Promise.all([propose('clin_supervisor', amendment, 14), propose('clin_reviewer', amendment, 14)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('is refused to every role but the supervisor: amending a released result is a clinical act', async () => {
    // the probe's request: a data clerk (who enters results) amending an approved result
    for (const user of ['clin_clerk', 'clin_analyst', 'clin_receptionist', 'clin_manager', 'clin_data_analyst', 'clin_admin']) {
      const res = await propose(user, amendment, 15);
      expect(res.statusCode, user).toBe(403);
    }
    // Another facility's supervisor: the result is not found there.
    expect((await propose('ph_supervisor', amendment, 15)).statusCode).toBe(404);
  });
});
