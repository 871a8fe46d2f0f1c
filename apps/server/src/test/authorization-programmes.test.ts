import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.js';
import { EID, GENERAL, LASSA, PROGRAMME_CASES, type ProgrammeCase, programmeSteps, seedElsewhere, TUBERCULOSIS, VIRAL_LOAD } from './programmes.js';

/**
 * Every sample and result endpoint of a programme × every role of its facility, a tier user, the
 * super admin, a user of the same facility without a role in the programme (`outsider`), and a
 * user of another facility holding the same role there (`elsewhere`). One matrix, run for every
 * programme (DESIGN §4: one lifecycle). Each row names who may call it; everyone else gets 403 —
 * the super admin too, who administers and reads no patient's sample, result or report (DESIGN §3).
 */
interface Cast {
  c: ProgrammeCase;
  users: readonly string[];
  read: readonly string[];
  order: readonly string[];
  reception: readonly string[];
  entry: readonly string[];
  review: readonly string[];
}

const CASTS: Cast[] = [
  {
    c: GENERAL,
    users: ['superadmin', 'clin_admin', 'clin_manager', 'clin_supervisor', 'clin_receptionist', 'clin_analyst', 'clin_clerk', 'clin_data_analyst'],
    read: ['clin_manager', 'clin_supervisor', 'clin_receptionist', 'clin_analyst', 'clin_clerk', 'clin_data_analyst'],
    order: ['clin_supervisor', 'clin_receptionist', 'clin_clerk'],
    reception: ['clin_supervisor', 'clin_receptionist'],
    entry: ['clin_supervisor', 'clin_analyst', 'clin_clerk'],
    review: ['clin_supervisor'],
  },
  // The programmes the demo's Yaba staff hold, every role of SPEC §6 among them.
  ...[TUBERCULOSIS, EID, VIRAL_LOAD, LASSA].map((c) => ({
    c,
    users: ['superadmin', 'ph_admin', 'ph_supervisor', 'ph_receptionist', 'ph_analyst', 'ph_clerk', 'ph_data_analyst'],
    read: ['ph_supervisor', 'ph_receptionist', 'ph_analyst', 'ph_clerk', 'ph_data_analyst'],
    order: ['ph_supervisor', 'ph_receptionist', 'ph_clerk'],
    reception: ['ph_supervisor', 'ph_receptionist', 'ph_clerk'],
    entry: ['ph_supervisor', 'ph_analyst', 'ph_clerk'],
    review: ['ph_supervisor'],
  })),
  // The other public-health programmes, with the Yaba staff who hold them (admin, receptionist, analyst, supervisor).
  ...PROGRAMME_CASES.filter((c) => c.supervisor === 'yaba_ph_supervisor').map((c) => ({
    c,
    users: ['superadmin', 'yaba_ph_admin', 'yaba_ph_supervisor', 'yaba_ph_receptionist', 'yaba_ph_analyst'],
    read: ['yaba_ph_supervisor', 'yaba_ph_receptionist', 'yaba_ph_analyst'],
    order: ['yaba_ph_supervisor', 'yaba_ph_receptionist'],
    reception: ['yaba_ph_supervisor', 'yaba_ph_receptionist'],
    entry: ['yaba_ph_supervisor', 'yaba_ph_analyst'],
    review: ['yaba_ph_supervisor'],
  })),
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedElsewhere(t);
});
afterAll(() => t.close());

describe.each(CASTS)('authorisation matrix: $c.program samples and results', (cast) => {
  const { c } = cast;
  const steps = programmeSteps(() => t, c);
  const { as, base } = steps;
  const USERS = [...cast.users, c.outsider, 'fed_tier', c.elsewhere];
  /** On the endpoints spanning every programme (results/, workplan/), the outsider holds roles elsewhere: another facility's or programme's rows, not found. */
  const ACROSS = [c.elsewhere, c.outsider];

  /** Expected status per user: `allowed` get `ok`, those `away` get `elsewhere` (when allowed by role there), the rest 403. */
  const expected = (allowed: readonly string[], ok: number, elsewhere = 404, away: readonly string[] = [c.elsewhere]) =>
    Object.fromEntries(USERS.map((u) => [u, allowed.includes(u) ? ok : away.includes(u) ? elsewhere : 403]));
  const statuses = async (method: 'GET' | 'POST', url: string, body?: object) => {
    const seen: Record<string, number> = {};
    for (const u of USERS) seen[u] = (await as(u, method, url, body)).statusCode;
    return seen;
  };

  let sample: { id: number; barcode: string; tests: { id: number; test_type: number }[] };
  let resultId: number;
  let firstValue: string | number;
  beforeAll(async () => {
    ({ sample } = await steps.received());
    resultId = (await steps.enterAll({ id: sample.id, tests: sample.tests.slice(0, 1) }))[0]!;
    firstValue = Object.values(c.values)[0]!;
  });

  it('reads: detail, history, report, label, lists, counts, worklists', async () => {
    for (const url of [`${base}/${sample.id}/`, `${base}/${sample.id}/history/`, `${base}/${sample.id}/report/`, `${base}/${sample.id}/label/`]) {
      expect(await statuses('GET', url), url).toEqual(expected(cast.read, 200));
    }
    // Lists answer 200 to another facility's user with none of these rows.
    for (const [url, away] of [
      [`${base}/?page=1`, [c.elsewhere]],
      ['/api/results/?page=1', ACROSS],
      ['/api/result_samples/?page=1', ACROSS],
    ] as const) {
      expect(await statuses('GET', url), url).toEqual(expected([...cast.read, ...away], 200, 200, away));
      for (const u of away) expect((await as(u, 'GET', `${url}&search=${encodeURIComponent(sample.barcode)}`)).json().count, `${u} ${url}`).toBe(0);
    }
    const counts = `/api/test_status_count/?program__name=${encodeURIComponent(c.program)}`;
    expect(await statuses('GET', counts), counts).toEqual(expected([...cast.read, c.elsewhere], 200, 200));
    // The workplan: for those who run or enter tests, never another facility's or programme's tests.
    const workplan = `/api/workplan/?page=1&program__name=${encodeURIComponent(c.program)}`;
    expect(await statuses('GET', workplan), workplan).toEqual(expected(cast.entry, 200, 200, ACROSS));
    const { sample: waiting } = await steps.received();
    const find = `${workplan}&search=${encodeURIComponent(waiting.barcode)}`;
    expect((await as(c.analyst, 'GET', find)).json().count).toBe(waiting.tests.length);
    for (const u of ACROSS) expect((await as(u, 'GET', find)).json().count, u).toBe(0);
  });

  it('moves: each by its roles only, never across facilities', async () => {
    // A cancelled sample and a released result: every move below is allowed by role but not by
    // status, so allowed roles get 409 and nothing changes; others get 403, another facility 404.
    const cancelled = (await steps.order()).samples[0]!;
    await as(c.orderer, 'POST', `${base}/${cancelled.id}/cancel/`, {});
    const { sample: done } = await steps.received();
    const released = await steps.enterAll(done);
    await as(c.supervisor, 'POST', '/api/results/verify/', { ids: released });
    expect((await as(c.supervisor, 'POST', '/api/results/approve/', { ids: released, password: 'Demo@12345' })).statusCode).toBe(200);
    const type = await steps.sampleTypeId();
    const moves: [string, object, readonly string[], number, number][] = [
      [`${base}/${cancelled.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: type }, cast.order, 409, 404],
      [`${base}/${sample.id}/cancel/`, {}, cast.order, 409, 404],
      [`${base}/${cancelled.id}/accept/`, {}, cast.reception, 409, 404],
      [`${base}/${cancelled.id}/reject/`, { rejection_reason: 1 }, cast.reception, 409, 404],
      [`${base}/${cancelled.id}/hold/`, { reason: 'check' }, cast.reception, 409, 404],
      [`${base}/${cancelled.id}/release/`, {}, cast.reception, 409, 404],
      [`${base}/accept/`, { ids: [cancelled.id] }, cast.reception, 409, 404],
      [`${base}/${cancelled.id}/follow_on/`, {}, cast.order, 409, 404],
    ];
    for (const [url, body, allowed, ok, elsewhere] of moves) expect(await statuses('POST', url, body), url).toEqual(expected(allowed, ok, elsewhere));
    const results: [string, object, readonly string[], number, number][] = [
      ['/api/results/', { test_order: sample.tests[0]!.id, value: firstValue }, cast.entry, 409, 400],
      [`/api/results/${released[0]}/verify/`, {}, cast.review, 409, 404],
      [`/api/results/${resultId}/approve/`, { password: 'Demo@12345' }, cast.review, 409, 404],
      [`/api/results/${released[0]}/reject/`, { reason: 1 }, cast.review, 409, 404],
      [`/api/results/${released[0]}/retest/`, { reason: 'again' }, cast.review, 409, 404],
      ['/api/results/approve/', { ids: [released[0]], password: 'Demo@12345' }, cast.review, 409, 404],
      [`/api/results/${resultId}/amend/`, { value: firstValue, reason: 'x', password: 'Demo@12345' }, cast.review, 409, 404],
    ];
    for (const [url, body, allowed, ok, elsewhere] of results) expect(await statuses('POST', url, body), url).toEqual(expected(allowed, ok, elsewhere, ACROSS));
    // Ordering: the roles that order, at their own facility (another facility cannot order for this client).
    const client = await steps.newClient();
    const testId = (await steps.testByCode(c.test)).id;
    expect(await statuses('POST', `${base}/`, { client: client.id, program: c.program, test_types: [testId], form: c.requestForm })).toEqual(
      expected(cast.order, 201, 400),
    );
  });
});
