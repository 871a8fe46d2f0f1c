import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCultureTestName, PROGRAMS, TB_CODES, TB_RESULT_VOCABULARIES, tbResultCodes } from '@nlims/contracts';
import { eq, inArray } from 'drizzle-orm';
import { seedCatalogue } from '../../seed/catalogue.seed.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { CATALOGUE } from '@nlims/contracts';
import { testTypes, testTypeSampleTypes } from './catalogue.table.js';

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
    const xpert = tb.find((x) => /Xpert MTB\/RIF/i.test(x.name) && x.codes.includes('MTB DETECTED HIGH'));
    expect(xpert?.result_type).toBe('coded');
    const vl = (await get('/api/test_configuration/?program__name=Viral%20Load')).json() as { unit: string; loinc_code: string }[];
    expect(vl.some((x) => x.unit === 'copies/mL' && x.loinc_code === '20447-9')).toBe(true);
    const one = (await get(`/api/test_configuration/?test_type=${(tb[0] as unknown as { id: number }).id}`)).json();
    expect(one).toHaveLength(1);
  });
});

type Row = {
  id: number;
  code: string;
  name: string;
  result_type: string;
  unit: string;
  codes: string[];
  is_panel: boolean;
  panel: number | null;
  sample_types: number[];
};

describe('TB catalogue', () => {
  it('has panels of members, each member with the vocabulary declared in contracts', async () => {
    const tb = (await get('/api/test_configuration/?program__name=Tuberculosis')).json() as Row[];
    const byCode = new Map(tb.map((x) => [x.code, x]));
    const membersOf = (panel: string) =>
      tb
        .filter((x) => x.panel === byCode.get(panel)?.id)
        .map((x) => x.code)
        .sort();
    expect(membersOf(TB_CODES.XPERT)).toEqual([TB_CODES.XPERT_MTB, TB_CODES.XPERT_RIF]);
    expect(membersOf(TB_CODES.ULTRA)).toEqual([TB_CODES.ULTRA_MTB, TB_CODES.ULTRA_RIF]);
    expect(membersOf(TB_CODES.ZN)).toEqual([TB_CODES.ZN_COUNT, TB_CODES.ZN_GRADE]);
    expect(membersOf(TB_CODES.LPA1)).toHaveLength(4);
    expect(membersOf(TB_CODES.LPA2)).toHaveLength(3);
    expect(membersOf(TB_CODES.CULTURE)).toEqual([TB_CODES.CULTURE_DAYS, TB_CODES.CULTURE_RESULT]);
    expect(membersOf(TB_CODES.CULTURE_LJ)).toHaveLength(2);
    expect(membersOf(TB_CODES.DST1)).toHaveLength(4);
    for (const code of [
      TB_CODES.ZN,
      TB_CODES.LED,
      TB_CODES.XPERT,
      TB_CODES.ULTRA,
      TB_CODES.LPA1,
      TB_CODES.LPA2,
      TB_CODES.CULTURE,
      TB_CODES.CULTURE_LJ,
      TB_CODES.DST1,
    ])
      expect(byCode.get(code), code).toMatchObject({ is_panel: true, panel: null, codes: [] });
    for (const code of Object.keys(TB_RESULT_VOCABULARIES)) expect(byCode.get(code), code).toMatchObject({ result_type: 'coded', codes: tbResultCodes(code) });
    expect(byCode.get(TB_CODES.DST1_RIF)?.codes).toEqual(['S', 'R']);
    expect(byCode.get(TB_CODES.ZN_COUNT)).toMatchObject({ result_type: 'numeric', unit: 'AFB/100 fields', codes: [] });
    expect(byCode.get(TB_CODES.CULTURE_DAYS)).toMatchObject({ result_type: 'numeric', unit: 'days' });
    const sampleTypes = (await get('/api/sample_type/')).json() as { id: number; name: string }[];
    const gastric = sampleTypes.find((x) => x.name === 'Gastric aspirate')!.id;
    expect(byCode.get(TB_CODES.ULTRA_MTB)?.sample_types).toContain(gastric);
  });

  it('reaches an existing install: missing codes inserted, changed definitions updated, links added, nothing deleted', async () => {
    const db = t.database.db;
    const id = async (code: string) => (await db.select({ id: testTypes.id }).from(testTypes).where(eq(testTypes.code, code)))[0]!.id;
    // An install seeded before the TB panels: Ultra a coded test, its RIF member standalone, no MTB member, DST in words.
    // (Ultra, not Xpert: the demo laboratories' TB samples hold Xpert tests, which an install that had them could not lose.)
    const ultra = await id(TB_CODES.ULTRA);
    await db.delete(testTypes).where(eq(testTypes.code, TB_CODES.ULTRA_MTB));
    await db
      .update(testTypes)
      .set({ is_panel: false, codes: ['MTB DETECTED', 'MTB NOT DETECTED'] })
      .where(eq(testTypes.id, ultra));
    await db.update(testTypes).set({ panel: null }).where(eq(testTypes.code, TB_CODES.ULTRA_RIF));
    await db
      .update(testTypes)
      .set({ codes: ['RESISTANT', 'SUSCEPTIBLE'] })
      .where(inArray(testTypes.code, [TB_CODES.DST1_RIF, TB_CODES.DST1_INH]));
    await db.delete(testTypeSampleTypes).where(eq(testTypeSampleTypes.testTypeId, ultra));
    const custom = await t.app.inject({
      method: 'POST',
      url: '/api/test_type/',
      headers: admin,
      payload: { program: (await get('/api/program/')).json()[1].id, name: 'Local TB test', code: 'TB-LOCAL', result_type: 'numeric' },
    });
    expect(custom.statusCode).toBe(201);
    const before = (await db.select({ id: testTypes.id }).from(testTypes)).length;

    await db.transaction((tx) => seedCatalogue(tx));

    const rows = await db.select().from(testTypes);
    expect(rows.length).toBe(before + 1);
    const row = (code: string) => rows.find((r) => r.code === code)!;
    expect(row(TB_CODES.ULTRA)).toMatchObject({ id: ultra, is_panel: true, codes: [] });
    expect(row(TB_CODES.ULTRA_MTB)).toMatchObject({ panel: ultra, codes: tbResultCodes(TB_CODES.ULTRA_MTB) });
    expect(row(TB_CODES.ULTRA_RIF).panel).toBe(ultra);
    expect(row(TB_CODES.DST1_INH).codes).toEqual(['S', 'R']);
    expect(row('TB-LOCAL')).toBeDefined();
    expect((await db.select().from(testTypeSampleTypes).where(eq(testTypeSampleTypes.testTypeId, ultra))).length).toBe(5);
    expect(rows.filter((r) => CATALOGUE.some((c) => c.code === r.code))).toHaveLength(CATALOGUE.length);

    // once in step, a second run changes nothing
    const snapshot = JSON.stringify(await db.select().from(testTypes).orderBy(testTypes.id));
    await db.transaction((tx) => seedCatalogue(tx));
    expect(JSON.stringify(await db.select().from(testTypes).orderBy(testTypes.id))).toBe(snapshot);
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
