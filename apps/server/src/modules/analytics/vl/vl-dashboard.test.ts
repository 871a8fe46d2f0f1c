import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VlDashboard, VlGroup } from '@nlims/contracts';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { programmeSteps, seedElsewhere, VIRAL_LOAD } from '../../../test/programmes.js';
import { vlCutoffsFromEnv } from './vl-settings.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedElsewhere(t);
});
afterAll(() => t.close());

const steps = programmeSteps(() => t, VIRAL_LOAD);
const { as } = steps;
const URL = '/api/facility_vl_dashboard/';
const board = async (user = 'ph_supervisor', query = ''): Promise<VlDashboard> => {
  const res = await as(user, 'GET', `${URL}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** A VL sample for a new client of this sex, age and request, released with this copies value (or left unreleased with null). */
async function released(value: number | string | null, client: { sex: 'male' | 'female'; age: number }, form: Record<string, unknown> = {}) {
  await steps.offer(VIRAL_LOAD.test);
  const made = await as('ph_receptionist', 'POST', '/api/clients/', {
    first_name: 'Ada',
    last_name: `Dash-${Math.random().toString(36).slice(2, 7)}`,
    sex: client.sex,
    estimated_age_years: client.age,
    identifiers: [],
  });
  expect(made.statusCode, made.body).toBe(201);
  const panel = (await steps.testByCode(VIRAL_LOAD.test)).id;
  const order = await as('ph_receptionist', 'POST', '/api/vl_sample/', {
    client: made.json().id,
    test_types: [panel],
    form: { ...VIRAL_LOAD.requestForm, art_number: `ART-D-${Math.random().toString(36).slice(2, 8)}`, ...form },
  });
  expect(order.statusCode, order.body).toBe(201);
  const sample = order.json().samples[0] as { id: number; tests: { id: number }[] };
  const type = await steps.sampleTypeId();
  expect(
    (
      await as('ph_receptionist', 'POST', `/api/vl_sample/${sample.id}/collect/`, {
        collected_at: new Date(Date.now() - 3_600_000).toISOString(),
        sample_type: type,
      })
    ).statusCode,
  ).toBe(200);
  expect((await as('ph_receptionist', 'POST', `/api/vl_sample/${sample.id}/accept/`, {})).statusCode).toBe(200);
  if (value == null) return sample;
  expect((await as('ph_analyst', 'POST', '/api/results/', { test_order: sample.tests[0]!.id, value })).statusCode).toBe(201);
  const detail = (await as('ph_supervisor', 'GET', `/api/vl_sample/${sample.id}/`)).json() as { tests: { result: { id: number } | null }[] };
  const ids = detail.tests.flatMap((x) => (x.result ? [x.result.id] : []));
  expect((await as('ph_supervisor', 'POST', '/api/results/verify/', { ids })).statusCode).toBe(200);
  expect((await as('ph_supervisor', 'POST', '/api/results/approve/', { ids, password: 'Demo@12345' })).statusCode).toBe(200);
  return sample;
}

const group = (d: VlDashboard, dim: keyof VlDashboard['by'], key: string): VlGroup =>
  d.by[dim].find((g) => g.key === key) ?? { key, samples: 0, released: 0, undetectable: 0, suppressed: 0, unsuppressed: 0, suppression_percent: null };
const minus = (a: VlGroup, b: VlGroup) => ({
  samples: a.samples - b.samples,
  released: a.released - b.released,
  undetectable: a.undetectable - b.undetectable,
  suppressed: a.suppressed - b.suppressed,
  unsuppressed: a.unsuppressed - b.unsuppressed,
});

describe('facility_vl_dashboard/', () => {
  it('classifies the released results and breaks suppression down', async () => {
    const before = await board();
    const kanoBefore = await board('kano_supervisor');
    await released('TARGET NOT DETECTED', { sex: 'female', age: 12 }, { pregnant: false, breastfeeding: false, regimen_line: 'first' });
    await released('< 40', { sex: 'female', age: 27 }, { pregnant: true, breastfeeding: false, regimen_line: 'first' });
    await released(450, { sex: 'male', age: 33 }, { regimen_line: 'second' });
    const unsuppressed = await released(15_400, { sex: 'female', age: 52 }, { pregnant: false, breastfeeding: true, regimen_line: 'second' });
    await released(null, { sex: 'male', age: 17 }, { regimen_line: 'third' });
    const after = await board();

    expect(after.facility).toBeTypeOf('number');
    expect(after.cutoffs).toEqual({ suppressed_max: 1000, bands: [20, 200, 1000], band_labels: ['< 20', '20–199', '200–999', '≥ 1,000'] });
    expect(minus({ ...after.totals, key: '' }, { ...before.totals, key: '' })).toEqual({
      samples: 5,
      released: 4,
      undetectable: 2,
      suppressed: 1,
      unsuppressed: 1,
    });
    expect(after.totals.clients - before.totals.clients).toBe(5);
    expect(after.totals.clients_with_result - before.totals.clients_with_result).toBe(4);
    expect(after.totals.awaiting_repeat - before.totals.awaiting_repeat).toBe(1);
    expect(after.totals.coverage_percent).toBe(Math.round((after.totals.clients_with_result / after.totals.clients) * 1000) / 10);
    // Bands: TND lowest; "< 40" the highest band below 40 (20–199); 450 in 200–999; 15,400 at or above 1,000.
    expect(after.bands.map((b, i) => b.count - before.bands[i]!.count)).toEqual([1, 1, 1, 1]);
    // By sex, age band, line, pregnancy and breastfeeding (female clients only).
    expect(minus(group(after, 'sex', 'female'), group(before, 'sex', 'female'))).toEqual({
      samples: 3,
      released: 3,
      undetectable: 2,
      suppressed: 0,
      unsuppressed: 1,
    });
    expect(minus(group(after, 'sex', 'male'), group(before, 'sex', 'male'))).toEqual({
      samples: 2,
      released: 1,
      undetectable: 0,
      suppressed: 1,
      unsuppressed: 0,
    });
    expect(minus(group(after, 'age_band', '0-14'), group(before, 'age_band', '0-14')).released).toBe(1);
    expect(minus(group(after, 'age_band', '15-19'), group(before, 'age_band', '15-19'))).toMatchObject({ samples: 1, released: 0 });
    expect(minus(group(after, 'age_band', '25-29'), group(before, 'age_band', '25-29')).undetectable).toBe(1);
    expect(minus(group(after, 'age_band', '50+'), group(before, 'age_band', '50+')).unsuppressed).toBe(1);
    expect(minus(group(after, 'regimen_line', 'second'), group(before, 'regimen_line', 'second'))).toMatchObject({
      released: 2,
      suppressed: 1,
      unsuppressed: 1,
    });
    expect(minus(group(after, 'pregnant', 'true'), group(before, 'pregnant', 'true'))).toMatchObject({ samples: 1, undetectable: 1 });
    expect(minus(group(after, 'breastfeeding', 'true'), group(before, 'breastfeeding', 'true'))).toMatchObject({ samples: 1, unsuppressed: 1 });
    // Male clients are not counted in pregnancy or breastfeeding.
    const pregnancy = (d: VlDashboard) => d.by.pregnant.reduce((n, g) => n + g.samples, 0);
    expect(pregnancy(after) - pregnancy(before)).toBe(3);
    expect(group(after, 'sex', 'female').suppression_percent).not.toBeNull();
    expect(after.turnaround.released - before.turnaround.released).toBe(4);
    expect(after.turnaround.collection_to_release_hours).toBeGreaterThan(0);
    // Once the repeat is requested, it is no longer awaited.
    expect((await as('ph_receptionist', 'POST', `/api/vl_sample/${unsuppressed.id}/follow_on/`, {})).statusCode).toBe(201);
    expect((await board()).totals.awaiting_repeat - before.totals.awaiting_repeat).toBe(0);
    // Another facility's user sees none of it.
    expect((await board('kano_supervisor')).totals.samples).toBe(kanoBefore.totals.samples);
  });

  it('takes a period, checks its dates, and is audited', async () => {
    const past = await board('ph_supervisor', '?start_date=2001-01-01&end_date=2001-01-31');
    expect(past).toMatchObject({ start_date: '2001-01-01', end_date: '2001-01-31', totals: { samples: 0, released: 0, suppression_percent: null } });
    expect(past.bands.map((b) => b.count)).toEqual([0, 0, 0, 0]);
    for (const q of ['?start_date=2026-02-30', '?start_date=yesterday', '?start_date=2026-03-02&end_date=2026-03-01']) {
      const res = await as('ph_supervisor', 'GET', `${URL}${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    const audit = await t.database.db.execute(sql`select count(*)::int as n from audit_events where entity = 'vl_dashboard' and action = 'report.view'`);
    expect((audit as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
  });

  it('answers the roles that read Viral Load, and no one else', async () => {
    const users = [
      // the super admin administers and reads no facility's patients (DESIGN §3)
      ['superadmin', 403],
      ['ph_supervisor', 200],
      ['ph_receptionist', 200],
      ['ph_analyst', 200],
      ['ph_clerk', 200],
      ['ph_data_analyst', 200],
      ['kano_supervisor', 200],
      ['kano_receptionist', 200],
      ['kano_analyst', 200],
      ['ph_admin', 403],
      ['clin_supervisor', 403],
      ['clin_receptionist', 403],
      ['clin_manager', 403],
      ['abuja_supervisor', 403],
      ['fed_tier', 403],
    ] as const;
    for (const [user, status] of users) expect((await as(user, 'GET', URL)).statusCode, user).toBe(status);
    expect((await t.app.inject({ url: URL })).statusCode).toBe(401);
    // The cut-offs are for anyone signed in.
    expect((await as('clin_receptionist', 'GET', '/api/vl_classification/')).json()).toMatchObject({ suppressed_max: 1000 });
  });
});

describe('vl_report/ (CSV)', () => {
  it('lists the period’s VL samples with their values as printed, classification and band, for the roles that read VL', async () => {
    await released('< 40', { sex: 'female', age: 30 }, { art_number: 'ART-CSV-0001', regimen: 'other', regimen_other: 'DRV/r + RAL', regimen_line: 'third' });
    const res = await as('ph_data_analyst', 'GET', '/api/vl_report/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, ...lines] = res.body.trim().split('\r\n');
    expect(header).toBe(
      'lab_number,client_name,sex,age_years,art_number,regimen,regimen_line,pregnant,breastfeeding,reason,sample_type,status,copies_per_ml,log10,classification,band,flag,collected_at,received_at,released_at,repeat_request',
    );
    const row = lines.find((l) => l.includes('ART-CSV-0001'))!;
    expect(row).toContain('DRV/r + RAL,Third line');
    // the log10 at its declared two decimals, as every stored number is printed
    expect(row).toContain('< 40,< 1.60,Undetectable,20–199');
    // Demo rows too: a target not detected and an unsuppressed result.
    expect(lines.some((l) => l.includes('Target not detected,,Undetectable,< 20'))).toBe(true);
    expect(lines.some((l) => /"Unsuppressed \(> 1,000 copies\/mL\)","≥ 1,000",UNSUPPRESSED/.test(l))).toBe(true);
    for (const [user, status] of [
      ['ph_admin', 403],
      ['clin_supervisor', 403],
      ['fed_tier', 403],
      ['superadmin', 403],
    ] as const)
      expect((await as(user, 'GET', '/api/vl_report/')).statusCode, user).toBe(status);
    const kano = await as('kano_supervisor', 'GET', '/api/vl_report/');
    expect(kano.body).not.toContain('ART-CSV-0001');
    expect((await as('ph_supervisor', 'GET', '/api/vl_report/?end_date=2001-01-01&start_date=2001-02-01')).statusCode).toBe(400);
  });
});

describe('the cut-offs from the environment', () => {
  it('are read and checked', () => {
    expect(vlCutoffsFromEnv({ VL_SUPPRESSED_MAX: '200', VL_BANDS: '50, 200' })).toEqual({ suppressed_max: 200, bands: [50, 200] });
    expect(() => vlCutoffsFromEnv({ VL_BANDS: '200,20' })).toThrow(/VL_BANDS/);
    expect(() => vlCutoffsFromEnv({ VL_SUPPRESSED_MAX: 'many' })).toThrow(/VL_SUPPRESSED_MAX/);
    expect(vlCutoffsFromEnv({})).toEqual({ suppressed_max: 1000, bands: [20, 200, 1000] });
  });
});
