import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCELLED_STATUS, RESULT_STATUS as R, SAMPLE_STATUS as S, VL_REPEAT_REASON, vlLogValue as vlLog } from '@nlims/contracts';
import { hashPassword } from '../../users/users.service.js';
import { seedUser } from '../../../seed/builders.js';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.js';
import { GENERAL, programmeSteps, seedElsewhere, VIRAL_LOAD } from '../../../test/programmes.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedElsewhere(t);
});
afterAll(() => t.close());

const steps = programmeSteps(() => t, VIRAL_LOAD);
const { as } = steps;

interface Detail {
  id: number;
  form: Record<string, unknown>;
  completed: boolean;
  follow_on_request: { order: number; lab_number: string } | null;
  tests: { id: number; test_type_name: string; status: number; result: { id: number; value: number | string; flag: string | null } | null }[];
}
const detail = async (id: number): Promise<Detail> => (await as('ph_supervisor', 'GET', `/api/vl_sample/${id}/`)).json();
const member = (d: Detail, log: boolean) => d.tests.find((x) => x.test_type_name.includes('log10') === log)!;

/** A received VL sample with the copies entered: the sample's detail. */
async function withCopies(value: number | string) {
  const { sample, placed } = await steps.received();
  const copies = sample.tests[0]!;
  const res = await as('ph_analyst', 'POST', '/api/results/', { test_order: copies.id, value });
  expect(res.statusCode, res.body).toBe(201);
  return { sample, placed, entered: res.json() as { id: number; flag: string | null }, detail: await detail(sample.id) };
}

const pdfText = (pdf: Buffer): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vl-report-'));
  const file = path.join(dir, 'report.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};
const hasPdftotext = ['/usr/bin/pdftotext', '/usr/local/bin/pdftotext'].some(existsSync);

describe('viral-load results: censored values and the computed log10', () => {
  it('takes "< n" as the limit and its qualifier, computes "< log10(n)", and shows both as entered', async () => {
    const { detail: d, entered } = await withCopies('<40');
    expect(entered.flag).toBeNull();
    expect(member(d, false).result).toMatchObject({ value: '< 40', flag: null });
    expect(member(d, true).result).toMatchObject({ value: '< 1.6' });
    expect(member(d, true).status).toBe(R.ENTERED);
    const [row] = (
      (await t.database.db.execute(sql`select r.value_numeric::float as n, r.value_text as q from results r where r.id = ${entered.id}`)) as { rows: unknown[] }
    ).rows as {
      n: number;
      q: string;
    }[];
    expect(row).toEqual({ n: 40, q: '<' });
  });

  it('closes the log10 member for target not detected, so approving the copies completes the sample', async () => {
    const { sample, detail: d } = await withCopies('Target not detected');
    expect(member(d, false).result?.value).toBe('TARGET NOT DETECTED');
    expect(member(d, true)).toMatchObject({ status: CANCELLED_STATUS, result: null });
    const ids = [member(d, false).result!.id];
    expect((await as('ph_supervisor', 'POST', '/api/results/verify/', { ids })).statusCode).toBe(200);
    expect((await as('ph_supervisor', 'POST', '/api/results/approve/', { ids, password: 'Demo@12345' })).statusCode).toBe(200);
    expect((await detail(sample.id)).completed).toBe(true);
  });

  it('flags "> n" above the threshold UNSUPPRESSED and computes "> log10(n)"', async () => {
    const { detail: d, entered } = await withCopies('> 10,000,000');
    expect(entered.flag).toBe('UNSUPPRESSED');
    expect(member(d, false).result).toMatchObject({ value: '> 10000000', flag: 'UNSUPPRESSED' });
    expect(member(d, true).result?.value).toBe('> 7');
  });

  it('refuses the log10 typed by hand, a form the test does not take, and a value outside the reportable range', async () => {
    const { sample } = await steps.received();
    const [copies, log] = sample.tests as unknown as [{ id: number }, { id: number }];
    const typed = await as('ph_analyst', 'POST', '/api/results/', { test_order: log.id, value: 3.2 });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().value[0]).toMatch(/computed from VL-HIV-RNA/);
    for (const value of ['about 40', '<', '> 0', '12 copies', 5, 20_000_001]) {
      const res = await as('ph_analyst', 'POST', '/api/results/', { test_order: copies.id, value });
      expect(res.statusCode, `${value}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json())).toEqual(['value']);
    }
    // A numeric test of another programme takes no censored form.
    const general = programmeSteps(() => t, GENERAL);
    const { sample: glucose } = await general.received();
    const res = await general.as('clin_analyst', 'POST', '/api/results/', { test_order: glucose.tests[0]!.id, value: '< 2' });
    expect(res.statusCode).toBe(400);
    expect(res.json().value[0]).toMatch(/does not take/);
  });
});

describe('at the same time', () => {
  it('two analysts entering the copies: one result, one 409, one log10; two repeat requests: one made', async () => {
    const { sample } = await steps.received();
    const copies = sample.tests[0]!;
    const both = await Promise.all([
      as('ph_analyst', 'POST', '/api/results/', { test_order: copies.id, value: 15_400 }),
      as('ph_supervisor', 'POST', '/api/results/', { test_order: copies.id, value: 20_000 }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const d = await detail(sample.id);
    // the log10 of the copies that were kept, once
    expect(member(d, true).result).toMatchObject({ value: vlLog(member(d, false).result!.value) });
    const repeats = await Promise.all([
      as('ph_receptionist', 'POST', `/api/vl_sample/${sample.id}/follow_on/`, {}),
      as('ph_clerk', 'POST', `/api/vl_sample/${sample.id}/follow_on/`, {}),
    ]);
    expect(repeats.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('the log10 rejected alone', () => {
  it('is computed again from the copies, and takes no other value', async () => {
    const { sample, detail: d } = await withCopies(15_400);
    const log = member(d, true);
    expect((await as('ph_supervisor', 'POST', `/api/results/${log.result!.id}/reject/`, { reason: 1 })).statusCode).toBe(200);
    const typed = await as('ph_analyst', 'POST', '/api/results/', { test_order: log.id, value: 4.2 });
    expect(typed.statusCode).toBe(400);
    const again = await as('ph_analyst', 'POST', '/api/results/', { test_order: log.id, value: 4.19 });
    expect(again.statusCode, again.body).toBe(201);
    expect(member(await detail(sample.id), true).result).toMatchObject({ value: 4.19 });
  });
});

describe('amending released copies', () => {
  it('amends the log10 with them, and refuses an amendment of the log10 itself', async () => {
    const { sample, detail: d } = await withCopies(2400);
    const ids = d.tests.map((x) => x.result!.id);
    await as('ph_supervisor', 'POST', '/api/results/verify/', { ids });
    expect((await as('ph_supervisor', 'POST', '/api/results/approve/', { ids, password: 'Demo@12345' })).statusCode).toBe(200);
    const [copies, log] = [member(d, false).result!.id, member(d, true).result!.id];
    const refused = await as('ph_supervisor', 'POST', `/api/results/${log}/amend/`, { value: 2.5, reason: 'typo', password: 'Demo@12345' });
    expect(refused.statusCode).toBe(400);
    const amended = await as('ph_supervisor', 'POST', `/api/results/${copies}/amend/`, {
      value: '< 40',
      reason: 'Transcription error',
      password: 'Demo@12345',
    });
    expect(amended.statusCode, amended.body).toBe(201);
    expect(amended.json().flag).toBeNull();
    const review = (await as('ph_supervisor', 'GET', `/api/result_samples/?page=1&Filters.status=5&search=${encodeURIComponent(sample.barcode)}`)).json();
    const values = review.results[0].tests.map((x: { result: { value: unknown; amends: number | null } }) => [x.result.value, x.result.amends]);
    expect(values).toEqual(
      expect.arrayContaining([
        ['< 40', copies],
        ['< 1.6', log],
      ]),
    );
  });
});

describe('an unsuppressed result', () => {
  it('raises the flag, heads the report, and asks for the repeat after counselling in one action, once', async () => {
    const { sample, placed, detail: d } = await withCopies(15_400);
    expect(member(d, false).result?.flag).toBe('UNSUPPRESSED');
    expect(member(d, true).result?.value).toBe(4.19);
    // Released, as the laboratory reviews it; the repeat is then one action away.
    const ids = d.tests.map((x) => x.result!.id);
    expect((await as('ph_supervisor', 'POST', '/api/results/verify/', { ids })).statusCode).toBe(200);
    expect((await as('ph_supervisor', 'POST', '/api/results/approve/', { ids, password: 'Demo@12345' })).statusCode).toBe(200);
    const made = await as('ph_receptionist', 'POST', `/api/vl_sample/${sample.id}/follow_on/`, {});
    expect(made.statusCode, made.body).toBe(201);
    const repeat = made.json() as { id: number; lab_number: string; samples: { id: number; tests: unknown[] }[] };
    expect(repeat.id).not.toBe(placed.id);
    expect(repeat.samples[0]!.tests).toHaveLength(2);
    const repeatDetail = await detail(repeat.samples[0]!.id);
    expect(repeatDetail.form).toMatchObject({ reason: VL_REPEAT_REASON, last_vl_result: 15_400, regimen: 'TDF_3TC_DTG' });
    expect((await detail(sample.id)).follow_on_request).toEqual({ order: repeat.id, lab_number: repeat.lab_number });
    expect((await as('ph_receptionist', 'POST', `/api/vl_sample/${sample.id}/follow_on/`, {})).statusCode).toBe(409);
    const label = await as('ph_receptionist', 'GET', `/api/vl_sample/${repeat.samples[0]!.id}/label/`);
    expect(label.statusCode).toBe(200);

    const report = await as('ph_supervisor', 'GET', `/api/vl_sample/${sample.id}/report/`);
    expect(report.statusCode).toBe(200);
    if (hasPdftotext) {
      const text = pdfText(report.rawPayload);
      expect(text).toContain('UNSUPPRESSED VIRAL LOAD');
      expect(text).toMatch(/15,400/);
      expect(text).toMatch(/Interpretation: Unsuppressed \(> 1,000 copies\/mL\) · band ≥ 1,000/);
      expect(text).toContain('ART number');
    }
  });

  it('a suppressed result asks for nothing', async () => {
    const { sample } = await withCopies(450);
    expect((await as('ph_receptionist', 'POST', `/api/vl_sample/${sample.id}/follow_on/`, {})).statusCode).toBe(409);
  });
});

describe('a Tuberculosis role at the same facility', () => {
  it('neither reads nor moves a VL sample, until the user is given a VL role', async () => {
    const facility = ((await t.database.db.execute(sql`select facility_id as id from users where username = 'ph_supervisor'`)) as { rows: unknown[] })
      .rows[0] as { id: number };
    const userId = await seedUser(t.database.db, {
      username: 'tb_only_supervisor',
      passwordHash: await hashPassword('Demo@12345'),
      facilityId: facility.id,
      roles: [['Tuberculosis', 'Supervisor']],
    });
    const placed = await steps.order();
    const sample = placed.samples[0]!;
    const tbOnly = (method: 'GET' | 'POST', url: string, body?: object) => as('tb_only_supervisor', method, url, body);
    expect((await tbOnly('GET', `/api/vl_sample/${sample.id}/`)).statusCode).toBe(403);
    expect((await tbOnly('GET', '/api/vl_sample/?page=1')).statusCode).toBe(403);
    expect((await tbOnly('GET', `/api/vl_sample/${sample.id}/report/`)).statusCode).toBe(403);
    const collect = { collected_at: new Date().toISOString(), sample_type: await steps.sampleTypeId() };
    expect((await tbOnly('POST', `/api/vl_sample/${sample.id}/collect/`, collect)).statusCode).toBe(403);
    expect((await tbOnly('GET', '/api/facility_vl_dashboard/')).statusCode).toBe(403);
    // Through the spanning endpoints the VL sample is not there for them either.
    const listed = (await tbOnly('GET', `/api/result_samples/?page=1&search=${encodeURIComponent(placed.lab_number)}`)).json();
    expect(listed.count ?? 0).toBe(0);
    // Given a VL role by the facility's administrator, the same user reads and moves it.
    const admin = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${userId}/`,
      headers: bearer(await t.token('ph_admin')),
      payload: {
        programs_roles: [
          { programs: 'Tuberculosis', roles: 'Supervisor' },
          { programs: 'Viral Load', roles: 'Supervisor' },
        ],
      },
    });
    expect(admin.statusCode, admin.body).toBe(200);
    expect((await tbOnly('GET', `/api/vl_sample/${sample.id}/`)).statusCode).toBe(200);
    expect((await tbOnly('POST', `/api/vl_sample/${sample.id}/collect/`, collect)).statusCode).toBe(200);
  });
});

describe('the demo laboratories', () => {
  it('hold VL samples across the lifecycle at Yaba and Kano, one released unsuppressed awaiting its repeat', async () => {
    for (const user of ['ph_supervisor', 'kano_supervisor']) {
      const board = (await as(user, 'GET', '/api/facility_vl_dashboard/')).json();
      expect(board.totals.samples, user).toBeGreaterThanOrEqual(10);
      expect(board.totals.rejected, user).toBeGreaterThanOrEqual(1);
      expect(board.totals.released, user).toBeGreaterThanOrEqual(3);
      expect(board.totals.unsuppressed, user).toBeGreaterThanOrEqual(1);
      expect(board.totals.awaiting_repeat, user).toBeGreaterThanOrEqual(1);
      expect(board.totals.undetectable, user).toBeGreaterThanOrEqual(2);
      const list = (await as(user, 'GET', '/api/vl_sample/?page=1&page_size=50')).json() as { results: { status: number }[] };
      const statuses = new Set(list.results.map((s) => s.status));
      for (const s of [S.ORDERED, S.COLLECTED, S.APPROVED, S.REJECTED, S.ONGOING]) expect(statuses.has(s), `${user} ${s}`).toBe(true);
    }
  });
});
