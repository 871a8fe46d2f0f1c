import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { GENERAL, programmeSteps } from '../../test/programmes.js';

/** Internal QC: `qc_run/` and `qc_result/`, judged by the Westgard rules on the server. */

let t: TestApp;
let low: number; // Ikeja, General: haemoglobin control, target 8.0 ± 0.2
let high: number; // Ikeja: its high level, target 16.0 ± 0.4
let yabaVl: number; // Yaba, Viral Load

const call = async (actor: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await t.token(actor)), ...(payload ? { payload } : {}) });

const testId = async (code: string) => rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from test_types where code = ${code}`))[0]!.id;

async function material(admin: string, test: number, level: string, mean: number, sd: number): Promise<number> {
  const res = await call(admin, 'POST', '/api/qc_test_config/', {
    test_type: test,
    name: `Control ${level}`,
    lot_number: `LOT-${level}`,
    expiry_date: '2027-12-31',
    level,
    target_mean: mean,
    target_sd: sd,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** A run of these levels' values, as the analyst enters it. */
const run = (actor: string, values: [number, number][], extra: object = {}) =>
  call(actor, 'POST', '/api/qc_run/', { results: values.map(([m, value]) => ({ material: m, value })), ...extra });

beforeAll(async () => {
  t = await createTestApp();
  const hb = await testId('FBC-HB');
  low = await material('clin_admin', hb, 'low', 8, 0.2);
  high = await material('clin_admin', hb, 'high', 16, 0.4);
  yabaVl = await material('ph_admin', await testId('VL-HIV-RNA'), 'low', 1000, 100);
});
afterAll(() => t.close());

describe('a run of controls', () => {
  it('is accepted within 2 SD, with each result’s z-score, and audited', async () => {
    const res = await run('clin_analyst', [
      [low, 8.1],
      [high, 15.8],
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ verdict: 'accepted', entered_by: 'clin_analyst', machine: null });
    expect(body.results.map((r: { material: number; z: number }) => [r.material, r.z])).toEqual([
      [low, 0.5],
      [high, -0.5],
    ]);
    const audit = rowsOf<{ action: string; after: { verdict: string } }>(
      await t.database.db.execute(sql`select action, after from audit_events where entity = 'qc_run' and entity_id = ${String(body.id)}`),
    );
    expect(audit).toEqual([expect.objectContaining({ action: 'qc.run', after: expect.objectContaining({ verdict: 'accepted' }) })]);
  });

  it('warns on 1-2s and rejects on 1-3s', async () => {
    expect((await run('clin_analyst', [[low, 8.45]])).json()).toMatchObject({
      verdict: 'warning',
      results: [{ violations: [{ rule: '1-2s', severity: 'warning' }] }],
    });
    const rejected = (await run('clin_supervisor', [[high, 17.4]])).json();
    expect(rejected.verdict).toBe('rejected');
    expect(rejected.results[0].violations.map((v: { rule: string }) => v.rule)).toEqual(['1-3s']);
  });

  it('rejects on 2-2s across consecutive runs of a level, naming both results', async () => {
    // the previous low was +2.25 SD (8.45); another beyond +2 SD completes 2-2s
    const res = (await run('clin_analyst', [[low, 8.42]])).json();
    expect(res.verdict).toBe('rejected');
    const rule = res.results[0].violations.find((v: { rule: string }) => v.rule === '2-2s');
    expect(rule.points).toHaveLength(2);
    expect(rule.points[1]).toBe(res.results[0].id);
  });

  it('rejects on R-4s within a run across its levels', async () => {
    const res = (
      await run('clin_analyst', [
        [low, 8.5],
        [high, 15.1],
      ])
    ).json();
    expect(res.verdict).toBe('rejected');
    expect(res.results[1].violations.map((v: { rule: string }) => v.rule)).toContain('R-4s');
  });

  it('draws the Levey–Jennings chart of a material: its targets and its results oldest first', async () => {
    const res = await call('clin_supervisor', 'GET', `/api/qc_result/?material=${low}`);
    expect(res.statusCode, res.body).toBe(200);
    const chart = res.json();
    expect(chart.material).toMatchObject({ id: low, level: 'low', target_mean: 8, target_sd: 0.2, lot_number: 'LOT-low' });
    expect(chart.results.map((r: { value: number }) => r.value)).toEqual([8.1, 8.45, 8.42, 8.5]);
    expect(chart.results[2].violations.map((v: { rule: string }) => v.rule)).toContain('2-2s');
  });
});

describe('who may record quality control', () => {
  it('is the programme’s analysts and supervisors; other roles are refused, naming the permission', async () => {
    for (const user of ['clin_receptionist', 'clin_clerk', 'clin_manager', 'clin_data_analyst']) {
      const res = await run(user, [[low, 8]]);
      expect(res.statusCode, user).toBe(403);
      expect(res.json().detail).toMatch(/record quality control/);
    }
    expect((await run('ph_analyst', [[yabaVl, 1000]])).statusCode).toBe(201);
    expect((await run('ph_receptionist', [[yabaVl, 1000]])).statusCode).toBe(403);
  });

  it('never reaches another facility’s materials: the material does not exist for them', async () => {
    for (const user of ['ph_supervisor', 'kano_supervisor', 'superadmin', 'fed_tier']) {
      const res = await run(user, [[low, 8]]);
      // The super admin and the officials record no QC anywhere: refused before the run is read.
      if (user === 'superadmin' || user === 'fed_tier') {
        expect(res.statusCode, user).toBe(403);
        expect(res.json()).toEqual({ detail: 'Your role may not record quality control in any programme.' });
      } else {
        expect(res.statusCode, user).toBe(400);
        expect(res.json()).toEqual({ 'results.0.material': [`Invalid pk "${low}" - object does not exist.`] });
      }
      expect((await call(user, 'GET', `/api/qc_result/?material=${low}`)).statusCode, user).toBe(404);
    }
  });
});

describe('the release of patients’ results', () => {
  it('waits while the latest QC of their test on their instrument is rejected, and says why', async () => {
    const steps = programmeSteps(() => t, GENERAL);
    const glucose = await material('clin_admin', await testId(GENERAL.test), 'normal', 5, 0.25);
    const { sample } = await steps.received();
    const ids = await steps.enterAll(sample);
    expect((await call('clin_supervisor', 'POST', '/api/results/verify/', { ids })).statusCode).toBe(200);
    // the morning's control is 3.6 SD high: rejected
    expect((await run('clin_analyst', [[glucose, 5.9]])).json().verdict).toBe('rejected');
    const refused = await call('clin_supervisor', 'POST', '/api/results/approve/', { ids, password: 'Demo@12345' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().detail).toMatch(/latest quality control of .+ on this instrument was rejected \(QC run \d+\)/);
    // the run and the test, for the approval page's way to the QC page
    expect(refused.json().qc).toEqual({ run: expect.any(Number), test_type: await testId(GENERAL.test) });
    // rerun, accepted: the results may go
    expect((await run('clin_analyst', [[glucose, 5.05]])).json().verdict).toBe('accepted');
    const approved = await call('clin_supervisor', 'POST', '/api/results/approve/', { ids, password: 'Demo@12345' });
    expect(approved.statusCode, approved.body).toBe(200);
  });
});

describe('the monthly summary', () => {
  it('gives each material its month: n, mean, SD, CV and the rules fired, as JSON and CSV', async () => {
    const month = new Date(Date.now() + 3_600_000).toISOString().slice(0, 7);
    const res = await call('clin_supervisor', 'GET', `/api/qc_summary/?month=${month}`);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().rows.find((r: { material: number }) => r.material === low);
    // the low level's results this month (entered above): 8.1, 8.45, 8.42, 8.5
    expect(row).toMatchObject({ level: 'low', lot_number: 'LOT-low', n: 4, target_mean: 8, target_sd: 0.2 });
    expect(row.mean).toBeCloseTo(8.3675, 4);
    expect(row.sd).toBeCloseTo(0.1814, 3);
    expect(row.cv).toBeCloseTo(2.17, 1);
    expect(row.warnings).toBe(3); // 8.45, 8.42 and 8.5 beyond 2 SD
    expect(row.rejections).toBeGreaterThanOrEqual(2);
    expect(row.rejected_runs).toBe(2);
    // another month: the materials are listed with nothing in them
    const empty = (await call('clin_supervisor', 'GET', '/api/qc_summary/?month=2020-01')).json().rows.find((r: { material: number }) => r.material === low);
    expect(empty).toMatchObject({ n: 0, mean: null, sd: null, cv: null });
    const csv = await call('clin_supervisor', 'GET', `/api/qc_summary/?month=${month}&format=csv`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(
      'test,name,level,lot_number,unit,target_mean,target_sd,n,mean,sd,cv,warnings,rejections,rejected_runs',
    );
  });

  it('is the facility’s own, for its staff; a bad month is named', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const yaba = (await call('ph_supervisor', 'GET', `/api/qc_summary/?month=${month}`)).json().rows as { material: number }[];
    expect(yaba.map((r) => r.material)).not.toContain(low);
    for (const user of ['superadmin', 'fed_tier']) expect((await call(user, 'GET', `/api/qc_summary/?month=${month}`)).statusCode, user).toBe(403);
    for (const bad of ['', '?month=2026-13', '?month=26-11', `?month=${month}&format=pdf`]) {
      const res = await call('clin_supervisor', 'GET', `/api/qc_summary/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(
        Object.keys(res.json()).some((k) => k === 'month' || k === 'format'),
        bad,
      ).toBe(true);
    }
  });
});

describe('bad input', () => {
  it('names the field', async () => {
    const cases: [object, string][] = [
      [{ results: [] }, 'results'],
      [{}, 'results'],
      [{ results: [{ material: low, value: 'x' }] }, 'results'],
      [{ results: [{ material: 0, value: 1 }] }, 'results'],
      [
        {
          results: [
            { material: low, value: 1 },
            { material: low, value: 2 },
          ],
        },
        'results',
      ],
      [{ results: [{ material: low, value: 8 }], machine: 999999 }, 'machine'],
      [{ results: [{ material: low, value: 8 }], run_at: 'yesterday' }, 'run_at'],
      [{ results: [{ material: low, value: 8 }], run_at: '2099-01-01T00:00:00+01:00' }, 'run_at'],
      [{ results: [{ material: low, value: 8 }], comment: 'x'.repeat(501) }, 'comment'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('clin_analyst', 'POST', '/api/qc_run/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        Object.keys(res.json()).some((key) => key === field || key.startsWith(`${field}.`)),
        JSON.stringify(payload),
      ).toBe(true);
    }
    for (const query of ['', '?material=abc', '?material=1&days=0', '?material=1&days=9999'])
      expect((await call('clin_analyst', 'GET', `/api/qc_result/${query}`)).statusCode, query).toBe(400);
    expect((await call('clin_analyst', 'GET', '/api/qc_result/?material=2147483647')).statusCode).toBe(404);
  });
});

describe('the rules of a test on an instrument', () => {
  const defaults = () => ({
    '1-2s': { enabled: true, severity: 'warning' },
    '1-3s': { enabled: true, severity: 'reject' },
    '2-2s': { enabled: true, severity: 'reject' },
    'R-4s': { enabled: true, severity: 'reject' },
    '3-1s': { enabled: false, severity: 'warning' },
    '4-1s': { enabled: true, severity: 'reject' },
    '7-T': { enabled: false, severity: 'warning' },
    '10x': { enabled: true, severity: 'reject' },
  });

  it('are the defaults until a supervisor sets them; then a run is judged by them, on that instrument only', async () => {
    const glucose = await testId('FBG');
    const normal = await material('clin_admin', glucose, 'normal', 5.2, 0.2);
    const before = (await call('clin_analyst', 'GET', `/api/qc_rules/?test_type=${glucose}`)).json();
    expect(before).toEqual({ test_type: glucose, machine: null, rules: defaults(), custom: false });
    const rules = { ...defaults(), '1-2s': { enabled: false, severity: 'warning' }, '1-3s': { enabled: true, severity: 'warning' } };
    // the analyst records QC; the supervisor sets the rules that judge it
    expect((await call('clin_analyst', 'PUT', '/api/qc_rules/', { test_type: glucose, rules })).statusCode).toBe(403);
    const set = await call('clin_supervisor', 'PUT', '/api/qc_rules/', { test_type: glucose, rules });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ test_type: glucose, machine: null, rules, custom: true });
    expect((await call('clin_analyst', 'GET', `/api/qc_rules/?test_type=${glucose}`)).json()).toMatchObject({ rules, custom: true });
    // 3.5 SD high: 1-3s fires as a warning now, and 1-2s not at all
    const res = (await run('clin_analyst', [[normal, 5.9]])).json();
    expect(res.verdict).toBe('warning');
    expect(res.results[0].violations).toEqual([{ rule: '1-3s', severity: 'warning', points: [res.results[0].id] }]);
    const audit = rowsOf<{ action: string }>(await t.database.db.execute(sql`select action from audit_events where entity = 'qc_rule_setting'`));
    expect(audit.map((a) => a.action)).toContain('qc.rules');
    // set again: one setting, replaced
    expect((await call('clin_supervisor', 'PUT', '/api/qc_rules/', { test_type: glucose, rules: defaults() })).json().rules).toEqual(defaults());
    const rows = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from qc_rule_settings where test_type_id = ${glucose}`));
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses an incomplete rule set, an unknown test or machine, and another programme’s staff', async () => {
    const hb = await testId('FBC-HB');
    const { '10x': _gone, ...partial } = defaults();
    const missing = await call('clin_supervisor', 'PUT', '/api/qc_rules/', { test_type: hb, rules: partial });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toEqual(['rules.10x']);
    const badSeverity = await call('clin_supervisor', 'PUT', '/api/qc_rules/', {
      test_type: hb,
      rules: { ...defaults(), '2-2s': { enabled: true, severity: 'fatal' } },
    });
    expect(Object.keys(badSeverity.json())).toEqual(['rules.2-2s.severity']);
    expect((await call('clin_supervisor', 'PUT', '/api/qc_rules/', { test_type: 2_000_000_000, rules: defaults() })).json()).toHaveProperty('test_type');
    expect((await call('clin_supervisor', 'GET', `/api/qc_rules/?test_type=${hb}&machine=999999`)).json()).toHaveProperty('machine');
    expect((await call('ph_supervisor', 'GET', `/api/qc_rules/?test_type=${hb}`)).statusCode).toBe(403);
    expect((await call('ph_supervisor', 'PUT', '/api/qc_rules/', { test_type: hb, rules: defaults() })).statusCode).toBe(403);
  });
});

describe('a lot whose mean and SD are established from its first 20 results', () => {
  it('is judged by no rule until its 20th result, then by its own mean and SD', async () => {
    const urea = await testId('EUCR-UREA');
    const res = await call('clin_admin', 'POST', '/api/qc_test_config/', {
      test_type: urea,
      name: 'Urea control, new lot',
      lot_number: 'EST-1',
      expiry_date: '2027-12-31',
      level: 'low',
      target_mean: 100,
      target_sd: 10,
      establish: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const lot = res.json().id;
    // 19 results 5 SD above the insert's provisional target: nothing fires while the lot is established
    for (let i = 0; i < 19; i++) {
      const r = (await run('clin_analyst', [[lot, i % 2 ? 148 : 152]])).json();
      expect(r.verdict, `run ${i + 1}`).toBe('accepted');
      expect(r.results[0].violations).toEqual([]);
    }
    expect((await call('clin_analyst', 'GET', `/api/qc_result/?material=${lot}`)).json().material.establishing).toBe(true);
    // the 20th establishes the lot: mean 150, SD from the 20
    expect((await run('clin_analyst', [[lot, 148]])).json().verdict).toBe('accepted');
    const chart = (await call('clin_analyst', 'GET', `/api/qc_result/?material=${lot}`)).json();
    expect(chart.material).toMatchObject({ establishing: false, target_mean: 150 });
    expect(chart.material.target_sd).toBeCloseTo(2.052, 3);
    const audit = rowsOf<{ action: string }>(
      await t.database.db.execute(
        sql`select action from audit_events where entity = 'qc_material' and entity_id = ${String(lot)} and action = 'qc.lot_established'`,
      ),
    );
    expect(audit).toHaveLength(1);
    // from now on the rules judge it against its own figures
    const after = (await run('clin_analyst', [[lot, 160]])).json();
    expect(after.verdict).toBe('rejected');
    expect(after.results[0].violations.map((v: { rule: string }) => v.rule)).toContain('1-3s');
  });
});
