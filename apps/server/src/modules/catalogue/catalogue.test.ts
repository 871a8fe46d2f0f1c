import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCultureTestName, PROGRAMS } from '@nlims/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = bearer(await t.token('superadmin'));
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers: admin });

describe('seeded catalogue', () => {
  it('has tests for every programme, with culture tests flagged by their M/C/S name', async () => {
    const all = (await get('/api/test_type/')).json() as { program_name: string; name: string; is_culture: boolean }[];
    for (const program of PROGRAMS)
      expect(
        all.some((x) => x.program_name === program),
        program,
      ).toBe(true);
    for (const test of all) expect(test.is_culture, test.name).toBe(isCultureTestName(test.name));
    expect(all.filter((x) => x.is_culture).length).toBeGreaterThan(3);
  });

  it('configures TB tests as coded results and viral load as numeric copies/mL', async () => {
    const tb = (await get('/api/test_configuration/?program__name=Tuberculosis')).json() as { name: string; result_type: string; codes: string[] }[];
    const xpert = tb.find((x) => /Xpert MTB\/RIF/i.test(x.name) && x.codes.includes('MTB DETECTED'));
    expect(xpert?.result_type).toBe('coded');
    const vl = (await get('/api/test_configuration/?program__name=Viral%20Load')).json() as { unit: string; loinc_code: string }[];
    expect(vl.some((x) => x.unit === 'copies/mL' && x.loinc_code === '20447-9')).toBe(true);
    const one = (await get(`/api/test_configuration/?test_type=${(tb[0] as unknown as { id: number }).id}`)).json();
    expect(one).toHaveLength(1);
  });
});

describe('test_type/ writes', () => {
  it('names the field on bad input', async () => {
    const general = (await get('/api/program/')).json()[0].id;
    const base = { program: general, name: 'Ferritin', code: 'FERR', result_type: 'numeric', unit: 'ng/mL' };
    const lowHigh = await t.app.inject({ method: 'POST', url: '/api/test_type/', headers: admin, payload: { ...base, ref_low: 300, ref_high: 20 } });
    expect(lowHigh.json()).toEqual({ ref_low: ['The low value must not be above the high value.'] });
    const coded = await t.app.inject({ method: 'POST', url: '/api/test_type/', headers: admin, payload: { ...base, result_type: 'coded' } });
    expect(coded.json()).toEqual({ codes: ['A coded test needs at least one code.'] });
    const loinc = await t.app.inject({ method: 'POST', url: '/api/test_type/', headers: admin, payload: { ...base, loinc_code: 'abc' } });
    expect(loinc.json()).toHaveProperty('loinc_code');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/test_type/',
      headers: admin,
      payload: { ...base, ref_low: 20, ref_high: 300, sample_types: [2] },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ sample_types: [2], program_name: 'General' });
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/test_type/${ok.json().id}/`, headers: admin, payload: { ref_low: 500 } });
    expect(patched.json()).toEqual({ ref_low: ['The low value must not be above the high value.'] });
    const dup = await t.app.inject({ method: 'POST', url: '/api/test_type/', headers: admin, payload: { ...base, name: 'Other' } });
    expect(dup.json()).toHaveProperty('code');
  });
});
