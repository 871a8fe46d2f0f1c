import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_STATUS as R, SAMPLE_STATUS as S } from '@nlims/contracts';
import { clinicalSteps, type CatalogueRow } from '../../test/clinical.js';
import { expectAggregatesConsistent } from '../../test/aggregates.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let catalogue: CatalogueRow[];
let sampleType: number;
let reasonId: number;
let resultReason: number;

beforeAll(async () => {
  t = await createTestApp();
  const admin = bearer(await t.token('superadmin'));
  catalogue = (await t.app.inject({ url: '/api/test_configuration/?program__name=General', headers: admin })).json();
  sampleType = (await t.app.inject({ url: '/api/sample_type/', headers: admin })).json()[0].id;
  reasonId = (await t.app.inject({ url: '/api/rejection_reason/', headers: admin })).json()[0].id;
  resultReason = (await t.app.inject({ url: '/api/result_rejection_reason/', headers: admin })).json()[0].id;
});
afterAll(() => t.close());

const { as, newClient, newOrder, acceptedOrder: accepted } = clinicalSteps(() => t);
const acceptedOrder = (testIds: number[]) => accepted(testIds, sampleType);
const numericTest = () => catalogue.find((c) => c.result_type === 'numeric' && !c.panel && !c.is_panel)!;

describe('one order through every status', () => {
  it('throttles the approval signature like a sign-in: wrong passwords slow the signer down', async () => {
    const order = await acceptedOrder([numericTest().id]);
    const entered = await as('clin_analyst', 'POST', '/api/results/', { test_order: order.tests[0].id, value: 12.5 });
    expect(entered.statusCode, entered.body).toBe(201);
    const resultId = entered.json().id;
    const verified = await as('clin_supervisor', 'POST', `/api/results/${resultId}/verify/`);
    expect(verified.statusCode, verified.body).toBe(200);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await as('clin_supervisor', 'POST', `/api/results/${resultId}/approve/`, { password: `guess-${i}` })).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
    const slowed = await as('clin_supervisor', 'POST', `/api/results/${resultId}/approve/`, { password: 'Demo@12345' });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBeDefined();
    // let the owed delay pass, as the signer would by waiting
    await t.database.db.execute(sql`update login_failures set last_attempt_at = now() - interval '2 minutes' where key = 'acct:clin_supervisor'`);
    const signed = await as('clin_supervisor', 'POST', `/api/results/${resultId}/approve/`, { password: 'Demo@12345' });
    expect(signed.statusCode, signed.body).toBe(200);
  });

  it('walks from order to approved result, with the audit trail', async () => {
    // the receptionist registers the client and orders a test
    const numeric = numericTest();
    const order = await newOrder([numeric.id]);
    expect(order).toMatchObject({ status: S.ORDERED, lab_number: expect.stringMatching(/^LA-IKJ-001-\d{2}-\d{6}$/) });
    expect(order.tests).toEqual([{ id: expect.any(Number), test_type: numeric.id, status: S.ORDERED }]);

    // collection, then reception
    const collected = await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/collect/`, {
      collected_at: new Date().toISOString(),
      sample_type: sampleType,
    });
    expect(collected.json().status).toBe(S.COLLECTED);
    const accepted = await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/accept/`, {});
    expect(accepted.json().status).toBe(S.APPROVED);
    expect(accepted.json().tests[0].due_at).not.toBeNull();

    // the analyst enters a result; the sample is now ongoing
    const entered = await as('clin_analyst', 'POST', '/api/results/', { test_order: order.tests[0].id, value: 12.5, comment: 'Run 1' });
    expect(entered.statusCode, entered.body).toBe(201);
    const resultId = entered.json().id;
    expect((await as('clin_analyst', 'GET', `/api/general_order/${order.id}/`)).json()).toMatchObject({
      status: S.ONGOING,
      tests: [{ status: R.ENTERED, result: { value: 12.5 } }],
    });

    // the supervisor verifies and approves with their password
    expect((await as('clin_supervisor', 'POST', `/api/results/${resultId}/verify/`)).statusCode).toBe(200);
    const wrong = await as('clin_supervisor', 'POST', `/api/results/${resultId}/approve/`, { password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toHaveProperty('password');
    expect((await as('clin_supervisor', 'POST', `/api/results/${resultId}/approve/`, { password: 'Demo@12345' })).statusCode).toBe(200);
    const done = (await as('clin_supervisor', 'GET', `/api/general_order/${order.id}/`)).json();
    expect(done.tests[0]).toMatchObject({
      status: R.APPROVAL,
      result: { status: R.APPROVAL, entered_by: 'clin_analyst', verified_by: 'clin_supervisor', approved_by: 'clin_supervisor' },
    });

    const history = (await as('clin_supervisor', 'GET', `/api/general_order/${order.id}/history/`)).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'order.created',
      'sample.collect',
      'sample.accept',
      'result.entered',
      'result.verified',
      'result.approved',
      'sample.completed',
    ]);
    expect(history.at(-2)).toMatchObject({
      user: 'clin_supervisor',
      from_status: R.VERIFIED,
      to_status: R.APPROVAL,
      reason: expect.stringMatching(/^Approved/),
    });
  });

  it('expands a panel into its member tests and flags numeric values', async () => {
    const panel = catalogue.find((c) => c.is_panel && catalogue.some((m) => m.panel === c.id && m.result_type === 'numeric'))!;
    const order = await acceptedOrder([panel.id]);
    const members = catalogue.filter((m) => m.panel === panel.id);
    expect(order.tests.map((x: { test_type: number }) => x.test_type).sort()).toEqual(members.map((m) => m.id).sort());
    const detail = (await as('clin_analyst', 'GET', `/api/general_order/${order.id}/`)).json();
    const member = detail.tests.find((x: { result_type: string }) => x.result_type === 'numeric');
    const cfg = (await as('clin_analyst', 'GET', `/api/test_type/${member.test_type}/`)).json();
    if (cfg.ref_high != null) {
      const high = Math.min(cfg.ref_high * 1.2 + 1, cfg.reporting_high ?? Infinity);
      const res = await as('clin_analyst', 'POST', '/api/results/', { test_order: member.id, value: high });
      expect(['H', 'HH']).toContain(res.json().flag);
    }
  });
});

describe('refusals', () => {
  it('refuses moves that the status does not allow with 409', async () => {
    const order = await newOrder([numericTest().id]);
    const accept = await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/accept/`, {});
    expect(accept.statusCode).toBe(409);
    expect(accept.json().detail).toMatch(/Cannot accept a sample that is ORDERED/);
    expect((await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/release/`, {})).statusCode).toBe(409);
    const result = await as('clin_analyst', 'POST', '/api/results/', { test_order: order.tests[0].id, value: 1 });
    expect(result.statusCode).toBe(409);
    expect((await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/cancel/`, {})).json().status).toBe(16);
    expect(
      (await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: sampleType }))
        .statusCode,
    ).toBe(409);
  });

  it('holds and releases to the previous status, and rejects some tests as a partial rejection', async () => {
    // Two chemistry tests on one serum sample.
    const tests = ['URIC-ACID', 'FBG'].map((code) => catalogue.find((c) => c.code === code)!);
    const order = await newOrder(tests.map((x) => x.id));
    expect(order.samples).toHaveLength(1);
    await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: sampleType });
    expect((await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/hold/`, {})).json()).toEqual({ reason: ['This field is required.'] });
    expect((await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/hold/`, { reason: 'Awaiting payment' })).json().status).toBe(S.ON_HOLD);
    expect((await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/release/`, {})).json().status).toBe(S.COLLECTED);
    const partial = await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/reject/`, {
      rejection_reason: reasonId,
      test_orders: [order.tests[0].id],
      comment: 'tube 1',
    });
    expect(partial.json()).toMatchObject({ status: S.PARTIALLY_REJECTED, tests: [{ status: S.REJECTED }, { status: S.ORDERED }] });
    expect((await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/accept/`, {})).json().tests[1].status).toBe(S.APPROVED);
  });

  it('refuses a bad collection and a bad result value naming the field', async () => {
    const order = await newOrder([numericTest().id]);
    const future = await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/collect/`, {
      collected_at: '2099-01-01T10:00:00Z',
      sample_type: sampleType,
    });
    expect(future.json()).toHaveProperty('collected_at');
    const badType = await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/collect/`, {
      collected_at: new Date().toISOString(),
      sample_type: 99999,
    });
    expect(badType.json()).toHaveProperty('sample_type');
    const coded = catalogue.find((c) => c.result_type === 'coded' && !c.is_panel && c.codes.length)!;
    const o2 = await acceptedOrder([coded.id]);
    const notACode = await as('clin_analyst', 'POST', '/api/results/', { test_order: o2.tests[0].id, value: 'MAYBE' });
    expect(notACode.statusCode).toBe(400);
    expect(notACode.json().value[0]).toMatch(/Choose one of/);
  });

  it('keeps separation of duties: who entered may not verify', async () => {
    const order = await acceptedOrder([numericTest().id]);
    const r = (await as('clin_supervisor', 'POST', '/api/results/', { test_order: order.tests[0].id, value: 10 })).json();
    const own = await as('clin_supervisor', 'POST', `/api/results/${r.id}/verify/`);
    expect(own.statusCode).toBe(403);
    expect(own.json().detail).toMatch(/another person must verify/);
  });

  it('rejects a result back to entry and keeps the old value as history; retest likewise', async () => {
    const order = await acceptedOrder([numericTest().id]);
    const first = (await as('clin_analyst', 'POST', '/api/results/', { test_order: order.tests[0].id, value: 10 })).json();
    expect((await as('clin_supervisor', 'POST', `/api/results/${first.id}/reject/`, { reason: resultReason, comment: 'QC failed' })).statusCode).toBe(200);
    const second = (await as('clin_analyst', 'POST', '/api/results/', { test_order: order.tests[0].id, value: 11 })).json();
    expect(second.version).toBe(2);
    expect((await as('clin_supervisor', 'POST', `/api/results/${second.id}/retest/`, { reason: 'Repeat on new sample' })).statusCode).toBe(200);
    const third = (await as('clin_analyst', 'POST', '/api/results/', { test_order: order.tests[0].id, value: 12 })).json();
    expect(third.version).toBe(3);
    const actions = (await as('clin_supervisor', 'GET', `/api/general_order/${order.id}/history/`)).json().map((h: { action: string }) => h.action);
    expect(actions.filter((a: string) => a.startsWith('result.'))).toEqual([
      'result.entered',
      'result.rejected',
      'result.entered',
      'result.sent_for_retest',
      'result.entered',
    ]);
  });

  it('verifies and approves many at once, all or nothing', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const order = await acceptedOrder([numericTest().id]);
      ids.push((await as('clin_analyst', 'POST', '/api/results/', { test_order: order.tests[0].id, value: 10 + i })).json().id);
    }
    expect((await as('clin_supervisor', 'POST', '/api/results/verify/', { ids })).json().ids.sort()).toEqual([...ids].sort());
    // one of them already approved: the bulk approval changes nothing and answers 409
    await as('clin_supervisor', 'POST', `/api/results/${ids[0]}/approve/`, { password: 'Demo@12345' });
    const mixed = await as('clin_supervisor', 'POST', '/api/results/approve/', { ids, password: 'Demo@12345' });
    expect(mixed.statusCode).toBe(409);
    const counts = Object.fromEntries(
      (await as('clin_supervisor', 'GET', '/api/general_order_count/'))
        .json()
        .map((c: { test_order_status: number; count: number }) => [c.test_order_status, c.count]),
    );
    expect(counts[R.VERIFIED]).toBeGreaterThanOrEqual(2);
    expect((await as('clin_supervisor', 'POST', '/api/results/approve/', { ids: ids.slice(1), password: 'Demo@12345' })).statusCode).toBe(200);
  });

  it('serialises two approvals of one result: one succeeds, one gets 409', async () => {
    const order = await acceptedOrder([numericTest().id]);
    const r = (await as('clin_analyst', 'POST', '/api/results/', { test_order: order.tests[0].id, value: 10 })).json();
    await as('clin_supervisor', 'POST', `/api/results/${r.id}/verify/`);
    const token = await t.token('clin_supervisor');
    const both = await Promise.all(
      [0, 1].map(() => t.app.inject({ method: 'POST', url: `/api/results/${r.id}/approve/`, headers: bearer(token), payload: { password: 'Demo@12345' } })),
    );
    expect(both.map((b) => b.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses roles that may not act, and hides another facility’s samples', async () => {
    const order = await acceptedOrder([numericTest().id]);
    expect((await as('clin_analyst', 'POST', `/api/general_order/${order.id}/hold/`, { reason: 'x' })).statusCode).toBe(403);
    expect((await as('clin_receptionist', 'POST', '/api/results/', { test_order: order.tests[0].id, value: 1 })).statusCode).toBe(403);
    expect((await as('clin_data_analyst', 'POST', '/api/general_order/', { client: 1, test_types: [1] })).statusCode).toBe(403);
    expect((await as('clin_admin', 'GET', `/api/general_order/${order.id}/`)).statusCode).toBe(403);
    expect((await as('fed_tier', 'GET', '/api/general_order/?page=1')).statusCode).toBe(403);
    const r = (await as('clin_analyst', 'POST', '/api/results/', { test_order: order.tests[0].id, value: 10 })).json();
    expect((await as('clin_analyst', 'POST', `/api/results/${r.id}/verify/`)).statusCode).toBe(403);
    expect((await as('clin_manager', 'GET', `/api/general_order/${order.id}/`)).statusCode).toBe(200);
    // a supervisor of another facility (General at Abuja is not theirs): ph users hold no General role
    expect((await as('ph_supervisor', 'GET', `/api/general_order/${order.id}/`)).statusCode).toBe(403);
  });

  it('finds samples by lab number, client name or identifier, and filters by status and date', async () => {
    const client = await newClient('clin_receptionist', 'HOSP-FIND-1');
    const order = (await as('clin_receptionist', 'POST', '/api/general_order/', { client: client.id, test_types: [numericTest().id] })).json();
    const sample = order.samples[0];
    for (const term of [order.lab_number, 'HOSP-FIND-1', 'Amaka']) {
      const found = (await as('clin_supervisor', 'GET', `/api/general_order/?page=1&search=${encodeURIComponent(term)}`)).json();
      expect(found.results.find((r: { id: number }) => r.id === sample.id)?.hospital_number, term).toBe('HOSP-FIND-1');
    }
    // The laboratory's day (Africa/Lagos), which the date filters use: between 23:00 and midnight UTC it is already tomorrow.
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' });
    const filtered = (
      await as('clin_supervisor', 'GET', `/api/general_order/?page=1&page_size=100&Filters.status=1&start_date=${today}&end_date=${today}`)
    ).json();
    expect(filtered.results.every((r: { status: number }) => r.status === 1)).toBe(true);
    const bad = await as('clin_supervisor', 'GET', '/api/general_order/?page=1&start_date=22/11/2026');
    expect(bad.json()).toEqual({ start_date: ["Invalid date format, Accepted format 'YYYY-MM-DD'"] });
    const dup = await as('clin_receptionist', 'POST', '/api/clients/', {
      first_name: 'X',
      last_name: 'Y',
      sex: 'male',
      estimated_age_years: 30,
      identifiers: [{ identifier_type: 1, identifier: 'HOSP-FIND-1' }],
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toHaveProperty('identifiers');
  });
});

describe('printing and amendment', () => {
  it('prints the report and the label as PDF, and amends a released result as a new version', async () => {
    const order = await acceptedOrder([numericTest().id]);
    const r = (await as('clin_analyst', 'POST', '/api/results/', { test_order: order.tests[0].id, value: 10, comment: 'Haemolysed slightly' })).json();
    await as('clin_supervisor', 'POST', `/api/results/${r.id}/verify/`);
    // amending before release is refused
    expect((await as('clin_supervisor', 'POST', `/api/results/${r.id}/amend/`, { value: 11, reason: 'x', password: 'Demo@12345' })).statusCode).toBe(409);
    await as('clin_supervisor', 'POST', `/api/results/${r.id}/approve/`, { password: 'Demo@12345' });

    const report = await as('clin_supervisor', 'GET', `/api/general_order/${order.id}/report/`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('application/pdf');
    expect(report.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const label = await as('clin_receptionist', 'GET', `/api/general_order/${order.id}/label/?download=1`);
    expect(label.headers['content-disposition']).toMatch(/^attachment; filename="label-LA-IKJ-001-/);

    const noReason = await as('clin_supervisor', 'POST', `/api/results/${r.id}/amend/`, { value: 11, password: 'Demo@12345' });
    expect(noReason.json()).toHaveProperty('reason');
    const amended = await as('clin_supervisor', 'POST', `/api/results/${r.id}/amend/`, {
      value: 11,
      reason: 'Transcription error corrected',
      password: 'Demo@12345',
    });
    expect(amended.statusCode).toBe(201);
    expect(amended.json()).toMatchObject({ version: 2, status: 5 });
    // The correction is reviewed by someone else before it replaces the released value.
    expect((await as('clin_supervisor', 'GET', `/api/general_order/${order.id}/`)).json().tests[0].result).toMatchObject({ value: 10, status: 7 });
    expect((await as('clin_reviewer', 'POST', `/api/results/${amended.json().id}/verify/`)).statusCode).toBe(200);
    expect((await as('clin_reviewer', 'POST', `/api/results/${amended.json().id}/approve/`, { password: 'Demo@12345' })).statusCode).toBe(200);
    const detail = (await as('clin_supervisor', 'GET', `/api/general_order/${order.id}/`)).json();
    expect(detail.tests[0].result).toMatchObject({ value: 11, amends: r.id, amendment_reason: 'Transcription error corrected', status: 7 });
    expect(
      (await as('clin_receptionist', 'POST', `/api/results/${amended.json().id}/amend/`, { value: 12, reason: 'x', password: 'Demo@12345' })).statusCode,
    ).toBe(403);
    expect((await as('ph_supervisor', 'GET', `/api/general_order/${order.id}/report/`)).statusCode).toBe(403);
    const history = (await as('clin_supervisor', 'GET', `/api/general_order/${order.id}/history/`)).json();
    expect(history).toContainEqual(expect.objectContaining({ action: 'result.amended', reason: 'Transcription error corrected' }));
  });
});

describe('retrospective data entry', () => {
  it('enters a paper record with its original dates in one go', async () => {
    const test = numericTest();
    const cfg = (await as('clin_clerk', 'GET', `/api/test_type/${test.id}/`)).json();
    const value = cfg.ref_low ?? cfg.reporting_low ?? 1;
    const client = await newClient('clin_clerk');
    const body = {
      client: client.id,
      test_types: [test.id],
      ordered_at: '2026-10-01T08:00:00+01:00',
      collected_at: '2026-10-01T08:30:00+01:00',
      received_at: '2026-10-01T09:00:00+01:00',
      sample_type: sampleType,
      results: [{ test_type: test.id, value, resulted_at: '2026-10-01T12:00:00+01:00' }],
    };
    const bad = await as('clin_clerk', 'POST', '/api/general_order/complete_entry/', { ...body, received_at: '2026-10-01T07:00:00+01:00' });
    expect(bad.json()).toEqual({ received_at: ['Reception cannot be before collection.'] });
    const res = await as('clin_clerk', 'POST', '/api/general_order/complete_entry/', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: S.ONGOING,
      created_at: '2026-10-01T07:00:00.000Z',
      tests: [{ status: R.ENTERED, due_at: expect.any(String), result: { value, entered_at: '2026-10-01T11:00:00.000Z' } }],
    });
    expect((await as('clin_analyst', 'POST', '/api/general_order/complete_entry/', body)).statusCode).toBe(403);
  });
});

describe("the dashboards' daily rows", () => {
  it('equal a rebuild after every move above (orders, reception, results, review, amendment)', async () => {
    expect(await expectAggregatesConsistent(t.database.db)).toBeGreaterThan(0);
  });
});
