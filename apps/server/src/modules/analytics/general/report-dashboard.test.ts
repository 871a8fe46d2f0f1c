import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RESULT_STATUS as R } from '@nlims/contracts';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let testId: number;
let orderId: number;
let value: number;
let decimals: number;

const as = async (user: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await t.token(user)), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  const catalogue = (await as('superadmin', 'GET', '/api/test_configuration/?program__name=General')).json();
  const test = catalogue.find(
    (c: { result_type: string; panel: number | null; is_panel: boolean; ref_low: number | null; decimals: number }) =>
      c.result_type === 'numeric' && !c.panel && !c.is_panel && c.ref_low != null,
  );
  testId = test.id;
  value = test.ref_low;
  decimals = test.decimals;
  // one order approved, one left ordered
  const client = (
    await as('clin_receptionist', 'POST', '/api/clients/', { first_name: '=HYPERLINK("x")', last_name: 'Musa', sex: 'male', estimated_age_years: 40 })
  ).json();
  // The order's one sample: moves, details and results take the sample's id.
  const order = (await as('clin_receptionist', 'POST', '/api/general_order/', { client: client.id, test_types: [testId] })).json().samples[0];
  orderId = order.id;
  await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: 1 });
  await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/accept/`, {});
  const r = (await as('clin_analyst', 'POST', '/api/results/', { test_order: order.tests[0].id, value })).json();
  await as('clin_supervisor', 'POST', `/api/results/${r.id}/verify/`);
  await as('clin_supervisor', 'POST', `/api/results/${r.id}/approve/`, { password: 'Demo@12345' });
  await as('clin_receptionist', 'POST', '/api/general_order/', { client: client.id, test_types: [testId] });
});
afterAll(() => t.close());

describe('general order report', () => {
  it('lists one row per test with its result, filtered by status and dates', async () => {
    // The laboratory's day (Africa/Lagos), which the date filters use: between 23:00 and midnight UTC it is already tomorrow.
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' });
    const all = (await as('clin_manager', 'GET', `/api/general_order_report/?start_date=${today}&end_date=${today}`)).json();
    expect(all.count).toBe(2);
    const approved = (await as('clin_manager', 'GET', `/api/general_order_report/?test_order_status=${R.APPROVAL}&test_type=${testId}`)).json();
    expect(approved.results).toHaveLength(1);
    // The value at the test's declared decimals (5.0 for a test of one decimal).
    expect(approved.results[0]).toMatchObject({ result: value.toFixed(decimals), test_order_status: R.APPROVAL, tat_hours: expect.any(Number) });
    expect((await as('clin_manager', 'GET', '/api/general_order_report/?start_date=2026-13-40')).json()).toEqual({
      start_date: ["Invalid date format, Accepted format 'YYYY-MM-DD'"],
    });
    expect((await as('clin_manager', 'GET', '/api/general_order_report/?end_date=yesterday')).statusCode).toBe(400);
  });

  it('exports CSV with formula-looking cells defused', async () => {
    const res = await as('clin_data_analyst', 'GET', '/api/general_order_report/?format=csv');
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'lab_number,client_name,sex,date_of_birth,test,test_order_status,result,unit,flag,ordered_at,collected_at,received_at,approved_at,tat_hours',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"") Musa"`);
  });

  it('is refused to other facilities and admins; officials get aggregates only', async () => {
    expect((await as('ph_supervisor', 'GET', '/api/general_order_report/')).statusCode).toBe(403);
    expect((await as('fed_tier', 'GET', '/api/general_order_report/')).json()).toMatchObject({ aggregate: true });
    expect((await as('clin_admin', 'GET', '/api/general_order_report/')).statusCode).toBe(403);
  });
});

describe('running status counts', () => {
  it('agree with counting the rows after every kind of move', async () => {
    const counted = await t.database.db.execute(sql`
      select status as test_order_status, count(*)::int as count from samples where facility_id = (select id from facilities where facility_code = 'LA-IKJ-001') group by status
      union all
      select status, count(*)::int from test_orders where facility_id = (select id from facilities where facility_code = 'LA-IKJ-001') and status between 5 and 9 group by status
      order by 1`);
    const kept = (await as('clin_manager', 'GET', '/api/general_order_count/')).json();
    expect(kept).toEqual((counted as unknown as { rows: unknown[] }).rows);
    const list = (await as('clin_manager', 'GET', '/api/general_order/?page=1&Filters.status=1')).json();
    expect(list.count).toBe(list.results.length);
  });
});

describe('clinical dashboard', () => {
  it("counts today's work, statuses, turnaround and overdue tests", async () => {
    const d = (await as('clin_manager', 'GET', '/api/facility_general_order_dashboard/')).json();
    expect(d.today).toEqual({ ordered: 2, received: 1, approved: 1 });
    expect(d.by_status).toEqual(expect.arrayContaining([{ test_order_status: 1, count: 1 }]));
    expect(d.tat).toMatchObject({ approved: 1, within: 1, within_percent: 100 });
    expect(d.overdue.count).toBe(0);
    expect(d.daily.at(-1).count).toBe(2);
    expect(orderId).toBeGreaterThan(0);
  });
});

describe('results worklist and multi-status filters', () => {
  it('lists current results by status with their sample and client, searchable', async () => {
    const released = (await as('clin_supervisor', 'GET', `/api/results/?page=1&Filters.status=${R.APPROVAL}`)).json();
    expect(released.count).toBe(1);
    expect(released.results[0]).toMatchObject({
      status: R.APPROVAL,
      value,
      entered_by: 'clin_analyst',
      verified_by: 'clin_supervisor',
      client_name: '=HYPERLINK("x") Musa',
      lab_number: expect.stringMatching(/^LA-IKJ-001-/),
    });
    const byLab = (await as('clin_supervisor', 'GET', `/api/results/?page=1&search=${encodeURIComponent(released.results[0].lab_number)}`)).json();
    expect(byLab.count).toBe(1);
    expect((await as('clin_supervisor', 'GET', `/api/results/?page=1&Filters.status__in=5,6`)).json().count).toBe(0);
    expect((await as('clin_supervisor', 'GET', `/api/results/?page=1&Filters.status__in=5,6,7`)).json().count).toBe(1);
    // Results span the programmes a user reads: Yaba's supervisor sees Yaba's, none of Ikeja's.
    const yaba = (await as('ph_supervisor', 'GET', `/api/results/?page=1&search=${encodeURIComponent(released.results[0].lab_number)}`)).json();
    expect(yaba.count).toBe(0);
    expect((await as('clin_admin', 'GET', '/api/results/?page=1')).statusCode).toBe(403);
    expect((await as('fed_tier', 'GET', '/api/results/?page=1')).statusCode).toBe(403);
    expect((await as('clin_supervisor', 'GET', '/api/results/?page=1&Filters.status__in=5,x')).statusCode).toBe(400);
  });

  it('filters samples on several statuses at once', async () => {
    const both = (await as('clin_supervisor', 'GET', '/api/general_order/?page=1&Filters.status__in=1,11')).json();
    expect(both.results.map((r: { status: number }) => r.status).sort()).toEqual([1, 11]);
  });
});
