import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PH_REPORT_COLUMNS, type PhReportRow, type Role, roleMay } from '@nlims/contracts';
import { seedUser } from '../../../seed/builders.js';
import { hashPassword } from '../../users/users.service.js';
import { lineListColumns } from './line-list.js';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.js';
import { EID, programmeSteps, seedElsewhere, VIRAL_LOAD } from '../../../test/programmes.js';

/** The EID and viral-load line list: `general_program_report/?program=EID|Viral Load`. */

let t: TestApp;
const eid = programmeSteps(() => t, EID);
// A viral load below the assay's limit: stored as the qualifier and the limit, printed "< 40".
const vl = programmeSteps(() => t, { ...VIRAL_LOAD, values: { 'VL-HIV-RNA': '< 40' } });
const { as } = eid;
let eidBarcode: string;
let vlBarcode: string;
let yaba: string;

const report = (user: string, program: string, extra = '') => as(user, 'GET', `/api/general_program_report/?program=${encodeURIComponent(program)}${extra}`);

/** Every row of the programme the user sees, page by page. */
async function allRows(user: string, program: string): Promise<PhReportRow[]> {
  const rows: PhReportRow[] = [];
  for (let page = 1; ; page++) {
    const res = await report(user, program, `&page=${page}&page_size=100`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { count: number; results: PhReportRow[] };
    rows.push(...body.results);
    if (rows.length >= body.count || !body.results.length) return rows;
  }
}

beforeAll(async () => {
  t = await createTestApp();
  await seedElsewhere(t);
  const [facility] = (await t.app.inject({ url: '/api/facilities/?page=1&search=Yaba', headers: bearer(await t.token('superadmin')) })).json().results;
  yaba = facility.facility_name;
  await seedUser(t.database.db, {
    username: 'yaba_tb_only',
    passwordHash: await hashPassword('Demo@12345'),
    facilityId: facility.id,
    roles: [['Tuberculosis', 'Supervisor']],
  });
  for (const [steps, set] of [
    [eid, (b: string) => (eidBarcode = b)],
    [vl, (b: string) => (vlBarcode = b)],
  ] as const) {
    const { sample } = await steps.received();
    await steps.enterAll(sample);
    set(sample.barcode);
  }
});
afterAll(() => t.close());

describe('the export columns', () => {
  it('are the public-health line list’s, or the shared ones and the programme’s request-form fields, each once', () => {
    expect(lineListColumns('ph', undefined)).toEqual([...PH_REPORT_COLUMNS]);
    for (const [family, program, field] of [
      ['eid', 'EID', 'pcr_sequence'],
      ['vl', 'Viral Load', 'regimen_line'],
    ] as const) {
      const columns = lineListColumns(family, program);
      expect(columns).toEqual(expect.arrayContaining(['barcode', 'result', 'flag', field]));
      expect(columns).not.toContain('epid_number');
      expect(new Set(columns).size).toBe(columns.length);
    }
  });
});

describe('the EID and viral-load line list', () => {
  it('lists an EID sample with its test, result and request-form answers', async () => {
    const row = (await allRows('ph_supervisor', 'EID')).find((r) => r.barcode === eidBarcode)!;
    expect(row).toMatchObject({ disease: 'EID', facility: yaba, epid_number: null, result: 'NOT DETECTED', sample_type: expect.any(String) });
    expect(row.test).toMatch(/DNA PCR/);
    expect(row.request).toEqual(expect.arrayContaining([expect.arrayContaining([expect.stringMatching(/entry point/i)])]));
    expect(row.request!.length).toBeGreaterThanOrEqual(5);
  });

  it('prints a viral load below the limit as "< 40", the copies once with the log10 beside them', async () => {
    const rows = (await allRows('ph_supervisor', 'Viral Load')).filter((r) => r.barcode === vlBarcode);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ disease: 'Viral Load', result: '< 40' });
    expect(rows[0]!.other_results).toMatch(/log10.*: < 1\.6/i);
    expect(Object.fromEntries(rows[0]!.request!)).toMatchObject({ 'ART number': expect.stringMatching(/^ART\/LA\/0001/) });
  });

  it('exports CSV with the programme’s request-form columns and no public-health case columns', async () => {
    const res = await report('ph_supervisor', 'Viral Load', '&format=csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/viral-load-line-list/);
    const [header, ...lines] = res.body.split('\r\n');
    const columns = header!.split(',');
    expect(columns).toEqual(expect.arrayContaining(['barcode', 'result', 'art_number', 'regimen', 'reason']));
    expect(columns).not.toContain('epid_number');
    const line = lines.find((l) => l.includes(vlBarcode))!;
    expect(line).toContain('< 40');
    expect(line).toContain('ART/LA/0001');
  });

  it('exports XLSX as a workbook with the same columns', async () => {
    const res = await report('ph_supervisor', 'EID', '&format=xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['barcode', 'entry_point', 'pcr_sequence']));
    let found = false;
    sheet.eachRow((r) => {
      if ((r.values as unknown[]).includes(eidBarcode)) found = true;
    });
    expect(found).toBe(true);
  });

  it('opens to each role that reads the programme, and only to them', async () => {
    const cast: [string, Role][] = [
      ['ph_admin', 'Admin'],
      ['ph_supervisor', 'Supervisor'],
      ['ph_receptionist', 'Receptionist'],
      ['ph_analyst', 'Analyst'],
      ['ph_clerk', 'Data Clerk'],
      ['ph_data_analyst', 'Data Analyst'],
    ];
    for (const program of ['EID', 'Viral Load'])
      for (const [user, role] of cast) expect((await report(user, program)).statusCode, `${user} ${program}`).toBe(roleMay(role, program, 'read') ? 200 : 403);
  });

  it('refuses a Tuberculosis-only or General user, and an unknown programme', async () => {
    for (const program of ['EID', 'Viral Load']) {
      expect((await report('yaba_tb_only', program)).statusCode).toBe(403);
      expect((await report('clin_supervisor', program)).statusCode).toBe(403);
    }
    const bad = await report('ph_supervisor', 'Tuberculosis');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('program');
  });

  it('never shows another facility’s rows', async () => {
    const eidRows = await allRows('abuja_eid_supervisor', 'EID');
    expect(eidRows.some((r) => r.barcode === eidBarcode || r.facility === yaba)).toBe(false);
    const vlRows = await allRows('kano_supervisor', 'Viral Load');
    expect(vlRows.some((r) => r.barcode === vlBarcode || r.facility === yaba)).toBe(false);
    const csv = await report('abuja_eid_supervisor', 'EID', '&format=csv');
    expect(csv.body).not.toContain(eidBarcode);
    // Abuja holds no viral load: a 403, not an empty list.
    expect((await report('abuja_eid_supervisor', 'Viral Load')).statusCode).toBe(403);
  });

  it('keeps serving the public-health line list as before', async () => {
    const res = await as('ph_supervisor', 'GET', '/api/general_program_report/?page=1');
    expect(res.statusCode).toBe(200);
    expect((res.json().results as PhReportRow[]).every((r) => r.request === undefined && r.disease !== 'EID')).toBe(true);
  });
});
