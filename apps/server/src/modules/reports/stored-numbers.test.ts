import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { COVID, GENERAL, programmeSteps } from '../../test/programmes.js';

/**
 * Stored numbers as every reader prints them: a Ct stored with a numeric's long scale (16.85000000000000000000, as
 * arithmetic in the database leaves it) reads 16.85 on the to-notify list, the printed report, the line list's CSV and
 * the FHIR Observation; and a numeric report line prints its unit, the range in force and a flag agreeing with them,
 * or why it cannot be judged.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const covid = programmeSteps(() => t, COVID);
const general = programmeSteps(() => t, GENERAL);
const { as } = covid;
const LONG = /16\.850/;

const pdfText = (pdf: Buffer): string => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'stored-numbers-')), 'report.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};
const hasPdftotext = ['/usr/bin/pdftotext', '/usr/local/bin/pdftotext'].some(existsSync);

/** Enter, verify and approve values for a received sample's tests (by code): the result and test ids by code. */
async function release(
  steps: typeof covid,
  analyst: string,
  supervisor: string,
  sample: { tests: { id: number; test_type: number }[] },
  values: Record<string, number | string>,
) {
  const codes = new Map((await steps.catalogue()).map((x) => [x.id, x.code]));
  // A coded member first: a PCR's result opens its Ct members.
  const tests = [...sample.tests].sort((a, b) => Number(codes.get(a.test_type)!.endsWith('-CT')) - Number(codes.get(b.test_type)!.endsWith('-CT')));
  const ids = new Map<string, number>();
  const orders = new Map<string, number>();
  for (const to of tests) {
    const code = codes.get(to.test_type)!;
    if (values[code] === undefined) continue;
    const res = await as(analyst, 'POST', '/api/results/', { test_order: to.id, value: values[code] });
    expect(res.statusCode, `${code}: ${res.body}`).toBe(201);
    ids.set(code, res.json().id);
    orders.set(code, to.id);
  }
  expect((await as(supervisor, 'POST', '/api/results/verify/', { ids: [...ids.values()] })).statusCode).toBe(200);
  expect((await as(supervisor, 'POST', '/api/results/approve/', { ids: [...ids.values()], password: 'Demo@12345' })).statusCode).toBe(200);
  return { ids, orders };
}

describe('a Ct stored with a long scale', () => {
  let sample: { id: number; barcode: string };
  let eCt: number;
  let eCtTest: number;

  beforeAll(async () => {
    const received = await covid.received();
    sample = received.sample;
    const { ids, orders } = await release(covid, 'ph_analyst', 'ph_supervisor', received.sample, { ...COVID.values, 'COVID-PCR-E-CT': 16.85 });
    eCt = ids.get('COVID-PCR-E-CT')!;
    eCtTest = orders.get('COVID-PCR-E-CT')!;
    // As the database's arithmetic leaves a numeric: the value with twenty places.
    await t.database.db.execute(sql`update results set value_numeric = 16.85::numeric(40, 20) where id = ${eCt}`);
    const [row] = rowsOf<{ v: string }>(await t.database.db.execute(sql`select value_numeric::text as v from results where id = ${eCt}`));
    expect(row!.v).toBe('16.85000000000000000000');
  });

  it('reads 16.85 on the to-notify list', async () => {
    const list = (await as('ph_supervisor', 'GET', `/api/public_health_notify/?page=1&search=${sample.barcode}`)).json();
    const row = list.results.find((r: { id: number }) => r.id === sample.id);
    expect(row.results).toContain('E gene Ct: 16.85');
    expect(row.results).not.toMatch(LONG);
  });

  it.skipIf(!hasPdftotext)('reads 16.85 on the printed report', async () => {
    const res = await as('ph_supervisor', 'GET', `/api/public_health_sample/${sample.id}/report/`);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toMatch(/E gene Ct\s+16\.85\b/);
    expect(text).not.toMatch(LONG);
  });

  it('reads 16.85 in the line list, as JSON and in its CSV export', async () => {
    const page = (await as('ph_supervisor', 'GET', '/api/general_program_report/?page=1&page_size=100&program=COVID-19')).json();
    const row = page.results.find((r: { barcode: string }) => r.barcode === sample.barcode);
    expect(row.other_results).toContain('E gene Ct: 16.85');
    expect(row.other_results).not.toMatch(LONG);
    const csv = await as('ph_supervisor', 'GET', '/api/general_program_report/?format=csv&program=COVID-19');
    expect(csv.statusCode).toBe(200);
    const line = csv.body.split('\r\n').find((l) => l.includes(sample.barcode))!;
    expect(line).toContain('E gene Ct: 16.85');
    expect(csv.body).not.toMatch(LONG);
  });

  it('is the JSON number 16.85 in the FHIR Observation', async () => {
    const res = await t.app.inject({
      url: `/fhir/Observation/${eCtTest}`,
      headers: { ...bearer(await t.token('ph_supervisor')), accept: 'application/fhir+json' },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.body).not.toMatch(LONG);
    expect(res.json().valueQuantity.value).toBe(16.85);
  });
});

describe('a numeric line of the report', () => {
  it.skipIf(!hasPdftotext)('prints its unit, the range in force and a flag agreeing with them, or why it cannot be judged', async () => {
    const gen = general.as;
    const pcv = (await general.testByCode('FBC-PCV')).id;
    const fbc = (await general.testByCode('FBC')).id;
    await general.offer('FBC');
    // The laboratory's own PCV range covers adults only.
    const range = await gen('clin_admin', 'POST', '/api/facility_test_measure/', { test_type: pcv, age_min_days: 18 * 365, low: 36, high: 50, unit: '%' });
    expect(range.statusCode, range.body).toBe(201);
    const collect = async (age: number) => {
      const client = await gen('clin_receptionist', 'POST', '/api/clients/', {
        first_name: 'Ada',
        last_name: `Range-${age}`,
        sex: 'female',
        estimated_age_years: age,
        identifiers: [{ identifier_type: 1, identifier: `H-RANGE-${age}-${Date.now()}` }],
      });
      expect(client.statusCode, client.body).toBe(201);
      const placed = await gen('clin_receptionist', 'POST', '/api/general_order/', {
        client: client.json().id,
        program: 'General',
        test_types: [fbc],
        form: {},
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const s = placed.json().samples[0];
      const wb = await general.sampleTypeId('WB-EDTA');
      expect(
        (await gen('clin_receptionist', 'POST', `/api/general_order/${s.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: wb })).statusCode,
      ).toBe(200);
      expect((await gen('clin_receptionist', 'POST', `/api/general_order/${s.id}/accept/`, {})).statusCode).toBe(200);
      return s as { id: number; tests: { id: number; test_type: number }[] };
    };
    const report = async (id: number) => {
      const res = await gen('clin_supervisor', 'GET', `/api/general_order/${id}/report/`);
      expect(res.statusCode).toBe(200);
      return pdfText(res.rawPayload);
    };
    const lineOf = (text: string, name: string) => text.split('\n').find((l) => l.includes(name)) ?? '';

    // An adult: Hb 10 is low against 11.5 – 16.5 g/dL, PCV 30 low against the laboratory's 36 – 50 %.
    const adult = await collect(35);
    const { ids } = await release(general, 'clin_analyst', 'clin_supervisor', adult, { 'FBC-HB': 10, 'FBC-PCV': 30 });
    // An older row stored without its unit prints the catalogue's.
    await t.database.db.execute(sql`update results set unit = '' where id = ${ids.get('FBC-HB')!}`);
    const text = await report(adult.id);
    expect(lineOf(text, 'Haemoglobin')).toMatch(/10\.0\s+g\/dL\s+L\s+11\.5 – 16\.5/);
    expect(lineOf(text, 'Packed cell volume')).toMatch(/30\.0\s+%\s+L\s+36\.0 – 50\.0/);

    // A child: no PCV range for this age, so no flag and the reason; Hb 6.5 is critical against the catalogue's limits.
    const child = await collect(5);
    await release(general, 'clin_analyst', 'clin_supervisor', child, { 'FBC-HB': 6.5, 'FBC-PCV': 30 });
    const childText = await report(child.id);
    expect(lineOf(childText, 'Haemoglobin')).toMatch(/6\.5\s+g\/dL\s+LL \(critical\)\s+11\.5 – 16\.5/);
    const pcvLine = lineOf(childText, 'Packed cell volume');
    expect(pcvLine).toMatch(/30\.0\s+%\s+—/);
    expect(pcvLine).not.toMatch(/\bL\b/);
    expect(childText).toContain('Not flagged: no reference range for this age.');
  });
});
