import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let orderId: number;
let resultId: number;

const as = async (user: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await t.token(user)), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  const catalogue = (await as('superadmin', 'GET', '/api/test_configuration/?program__name=General')).json();
  const test = catalogue.find((c: { result_type: string; panel: number | null; is_panel: boolean }) => c.result_type === 'numeric' && !c.panel && !c.is_panel);
  const client = (
    await as('clin_receptionist', 'POST', '/api/clients/', { first_name: 'Ngozi', last_name: 'Amend', sex: 'female', estimated_age_years: 50 })
  ).json();
  const order = (await as('clin_receptionist', 'POST', '/api/general_order/', { client: client.id, test_types: [test.id] })).json();
  orderId = order.id;
  await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: 1 });
  await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/accept/`, {});
  resultId = (await as('clin_analyst', 'POST', '/api/results/', { test_order: order.tests[0].id, value: 10 })).json().id;
  await as('clin_supervisor', 'POST', `/api/results/${resultId}/verify/`);
  expect((await as('clin_supervisor', 'POST', `/api/results/${resultId}/approve/`, { password: 'Demo@12345' })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('amendment and separation of duties', () => {
  it('records the amender as enterer and approver only: one person never ends up as entered, verified and approved', async () => {
    const amended = await as('clin_supervisor', 'POST', `/api/results/${resultId}/amend/`, {
      value: 11,
      reason: 'Transcription error',
      password: 'Demo@12345',
    });
    expect(amended.statusCode).toBe(201);
    const result = (await as('clin_supervisor', 'GET', `/api/general_order/${orderId}/`)).json().tests[0].result;
    expect(result).toMatchObject({ value: 11, entered_by: 'clin_supervisor', approved_by: 'clin_supervisor', verified_by: null });
    expect(result.entered_by === result.verified_by && result.verified_by === result.approved_by).toBe(false);
  });

  it('refuses an amendment by the person who entered the released value', async () => {
    const current = (await as('clin_supervisor', 'GET', `/api/general_order/${orderId}/`)).json().tests[0].result;
    const again = await as('clin_supervisor', 'POST', `/api/results/${current.id}/amend/`, { value: 12, reason: 'Second thoughts', password: 'Demo@12345' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/another reviewer/);
    expect((await as('clin_supervisor', 'GET', `/api/general_order/${orderId}/`)).json().tests[0].result.value).toBe(11);
  });
});
