import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let hb: number;
let glucose: number;
beforeAll(async () => {
  t = await createTestApp();
  const admin = bearer(await t.token('superadmin'));
  const general = (await t.app.inject({ url: '/api/program/', headers: admin })).json().find((p: { name: string }) => p.name === 'General').id;
  const make = async (name: string, code: string, ref: [number, number]) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/test_type/',
        headers: admin,
        payload: {
          program: general,
          name,
          code,
          result_type: 'numeric',
          unit: 'g/dL',
          decimals: 1,
          ref_low: ref[0],
          ref_high: ref[1],
          critical_low: 5,
          default_tat_hours: 4,
        },
      })
    ).json().id as number;
  hb = await make('Haemoglobin (test)', 'T-HB', [12, 16]);
  glucose = await make('Glucose (test)', 'T-GLU', [3.9, 5.6]);
});
afterAll(() => t.close());

const call = async (actor: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await t.token(actor)), ...(payload ? { payload } : {}) });

describe('test services, TAT and reference ranges', () => {
  it('lets a facility admin price a test, set its TAT and a reference range, seen only at their facility', async () => {
    const service = await call('clin_admin', 'POST', '/api/facility_test_service/', { test_type: hb, price: 2500 });
    expect(service.statusCode).toBe(201);
    expect(service.json()).toMatchObject({ test_type: hb, test_type_name: 'Haemoglobin (test)', price: 2500 });
    const tat = await call('clin_admin', 'POST', '/api/facility_tat/', { test_type: hb, hours: 2 });
    expect(tat.json()).toMatchObject({ hours: 2, default_tat_hours: 4 });
    const range = await call('clin_admin', 'POST', '/api/facility_test_measure/', {
      test_type: hb,
      sex: 'female',
      age_min_days: 6570,
      low: 11.5,
      high: 15.5,
      critical_low: 6,
      unit: 'g/dL',
    });
    expect(range.statusCode).toBe(201);

    // staff of the facility read them; another facility sees none of them
    expect((await call('clin_analyst', 'GET', `/api/facility_test_service/?page=1&Filters.test_type=${hb}`)).json().count).toBe(1);
    expect((await call('ph_admin', 'GET', `/api/facility_test_service/?page=1&Filters.test_type=${hb}`)).json().count).toBe(0);
    expect((await call('ph_admin', 'GET', `/api/facility_test_service/${service.json().id}/`)).statusCode).toBe(404);
    expect((await call('ph_admin', 'PATCH', `/api/facility_test_service/${service.json().id}/`, { price: 1 })).statusCode).toBe(404);
  });

  it('deletes a TAT or a reference range for good, by the facility admin only, with an audit row', async () => {
    const tat = (await call('clin_admin', 'POST', '/api/facility_tat/', { test_type: glucose, hours: 3 })).json();
    const range = (
      await call('clin_admin', 'POST', '/api/facility_test_measure/', { test_type: glucose, sex: 'male', low: 4, high: 6, unit: 'mmol/L' })
    ).json();
    for (const url of [`/api/facility_tat/${tat.id}/`, `/api/facility_test_measure/${range.id}/`]) {
      expect((await call('clin_supervisor', 'DELETE', url)).statusCode, url).toBe(403);
      expect((await call('ph_admin', 'DELETE', url)).statusCode, url).toBe(404);
      expect((await call('clin_admin', 'DELETE', url)).statusCode, url).toBe(204);
      expect((await call('clin_admin', 'GET', url)).statusCode, url).toBe(404);
    }
    const audit = (await t.database.db.execute(
      sql`select action, before from audit_events where entity = 'tat' and entity_id = ${String(tat.id)} order by id`,
    )) as unknown as { rows: { action: string; before: { hours: number } | null }[] };
    expect(audit.rows.map((r) => r.action)).toEqual(['tat.created', 'tat.deleted']);
    expect(audit.rows[1]!.before).toMatchObject({ hours: 3 });
  });

  it('refuses settings for a test of a programme the facility does not run', async () => {
    // Yaba runs TB, EID, Viral Load, Lassa Fever and COVID-19, not General
    for (const path of ['facility_test_service', 'facility_tat', 'facility_test_measure']) {
      const res = await call('ph_admin', 'POST', `/api/${path}/`, { test_type: glucose, price: 100, hours: 2, sex: 'any', low: 1, high: 2, unit: 'x' });
      expect(res.statusCode, path).toBe(400);
      expect(res.json(), path).toEqual({ test_type: ['This test belongs to the General programme, which your facility does not run.'] });
    }
    const tb = (await call('superadmin', 'GET', '/api/test_configuration/?program__name=Tuberculosis')).json()[0].id;
    const ok = await call('ph_admin', 'POST', '/api/facility_tat/', { test_type: tb, hours: 48 });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('deactivates, never deletes, the settings that orders and QC refer to', async () => {
    const service = (await call('clin_admin', 'GET', '/api/facility_test_service/?page=1')).json().results[0];
    for (const path of ['facility_test_service', 'machine_setting', 'qc_test_config']) {
      expect((await call('clin_admin', 'DELETE', `/api/${path}/${service.id}/`)).statusCode, path).toBe(404);
    }
    const off = await call('clin_admin', 'PATCH', `/api/facility_test_service/${service.id}/`, { is_active: false });
    expect(off.json()).toMatchObject({ is_active: false });
    expect((await call('clin_admin', 'GET', `/api/facility_test_service/${service.id}/`)).statusCode).toBe(200);
  });

  it('gives the effective measure: the facility range where set, else the catalogue default', async () => {
    const res = await call('clin_analyst', 'GET', `/api/facility_test_measure/effective?test_types=${hb},${glucose}`);
    expect(res.statusCode).toBe(200);
    const [a, b] = res.json();
    expect(a).toMatchObject({ test_type: hb, source: 'facility', ranges: [{ sex: 'female', low: 11.5, high: 15.5 }] });
    expect(b).toMatchObject({ test_type: glucose, source: 'catalogue', ranges: [{ sex: 'any', low: 3.9, high: 5.6 }] });
    const elsewhere = (await call('ph_analyst', 'GET', `/api/facility_test_measure/effective?test_types=${hb}`)).json();
    expect(elsewhere[0].source).toBe('catalogue');
    expect((await call('clin_analyst', 'GET', '/api/facility_test_measure/effective?test_types=abc')).json()).toHaveProperty('test_types');
    expect((await call('clin_analyst', 'GET', '/api/facility_test_measure/effective?test_types=99999')).statusCode).toBe(400);
  });

  it('names the field on bad input', async () => {
    const negative = await call('clin_admin', 'POST', '/api/facility_test_service/', { test_type: glucose, price: -5 });
    expect(negative.json()).toEqual({ price: ['Ensure this value is greater than or equal to 0.'] });
    const dup = await call('clin_admin', 'POST', '/api/facility_test_service/', { test_type: hb, price: 1 });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toHaveProperty('test_type');
    const lowHigh = await call('clin_admin', 'POST', '/api/facility_test_measure/', { test_type: hb, low: 20, high: 10 });
    expect(lowHigh.json()).toEqual({ low: ['The low value must not be above the high value.'] });
    const unknown = await call('clin_admin', 'POST', '/api/facility_tat/', { test_type: 99999, hours: 3 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toHaveProperty('test_type');
  });

  it('is written by the facility admin only', async () => {
    for (const actor of ['clin_supervisor', 'clin_analyst', 'superadmin', 'fed_tier']) {
      expect((await call(actor, 'POST', '/api/facility_test_service/', { test_type: glucose, price: 100 })).statusCode, actor).toBe(403);
    }
    expect((await call('fed_tier', 'GET', '/api/facility_test_service/?page=1')).statusCode).toBe(403);
  });
});

describe('machine settings and QC materials', () => {
  it('are kept by every laboratory’s admin, a clinical one’s too, and read by its staff', async () => {
    // Yaba runs Tuberculosis, not General
    const tb = (await call('superadmin', 'GET', '/api/test_configuration/?program__name=Tuberculosis')).json()[0].id;
    const body = { name: 'GeneXpert 1', model: 'GX-IV', serial_number: 'SN-001', modules: ['A1', 'A2', 'A3', 'A4'] };
    // a clinical laboratory runs chemistry and haematology analysers and their QC (DESIGN §3)
    const chemistry = await call('clin_admin', 'POST', '/api/machine_setting/', { ...body, name: 'Chemistry analyser', serial_number: 'SN-CHEM-1' });
    expect(chemistry.statusCode).toBe(201);
    expect((await call('clin_analyst', 'GET', '/api/machine_setting/?page=1')).json().results.map((m: { name: string }) => m.name)).toEqual([
      'Chemistry analyser',
    ]);
    expect((await call('clin_analyst', 'POST', '/api/machine_setting/', { ...body, serial_number: 'SN-X' })).statusCode).toBe(403);
    const created = await call('ph_admin', 'POST', '/api/machine_setting/', body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ serial_number: 'SN-001', modules: ['A1', 'A2', 'A3', 'A4'] });
    expect((await call('ph_admin', 'POST', '/api/machine_setting/', body)).json()).toHaveProperty('serial_number');
    const qc = await call('ph_admin', 'POST', '/api/qc_test_config/', {
      test_type: tb,
      name: 'Haematology control',
      lot_number: 'L-2026-01',
      expiry_date: '2027-06-30',
      level: 'normal',
      target_mean: 13.2,
      target_sd: 0.4,
    });
    expect(qc.statusCode).toBe(201);
    const badDate = await call('ph_admin', 'POST', '/api/qc_test_config/', {
      test_type: tb,
      name: 'x',
      lot_number: 'y',
      expiry_date: '30/06/2027',
      level: 'normal',
      target_mean: 1,
      target_sd: 0,
    });
    expect(badDate.json().expiry_date).toEqual(["Invalid date format, Accepted format 'YYYY-MM-DD'"]);
    expect(badDate.json().target_sd).toBeDefined();
    // its staff read it (beside the demo's own viral-load controls)
    const listed = (await call('ph_analyst', 'GET', '/api/qc_test_config/?page=1&search=L-2026-01')).json();
    expect(listed.results.map((m: { id: number }) => m.id)).toEqual([qc.json().id]);
  });
});
