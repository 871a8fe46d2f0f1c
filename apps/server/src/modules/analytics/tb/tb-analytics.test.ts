import { rowsOf } from '../../../core/db.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RESULT_STATUS as R, SAMPLE_STATUS as S, TB_CODES, TB_REPORT_COLUMNS, type TbDashboard, type TbRequestFormInput } from '@nlims/contracts';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.js';
import type { CatalogueRow } from '../../../test/clinical.js';

let t: TestApp;
let code: (c: string) => number;
let sputum: number;

const as = async (user: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await t.token(user)), ...(payload ? { payload } : {}) });
const dashboard = async (user = 'ph_supervisor', query = ''): Promise<TbDashboard> => {
  const res = await as(user, 'GET', `/api/facility_tb_dashboard/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** The laboratory's day (Africa/Lagos), which the dates use: between 23:00 and midnight UTC it is already tomorrow. */
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' });
const rows = rowsOf;

const FORM: TbRequestFormInput = {
  patient_category: 'relapse',
  reason_for_examination: 'diagnosis',
  hiv_status: 'positive',
  test_status: 'initial',
  specimen: 'sputum_spot',
  presumptive_drtb: true,
};

let tbNumbers = 0;
/** A TB order at Yaba for a new client (each with an LGA TB number of their own: LMD/TEST/0001, 0002…); answers its first sample. */
async function tbOrder(
  tests: string[],
  firstName = 'Kemi',
  form: TbRequestFormInput = { ...FORM, lga_tb_number: `LMD/TEST/${String(++tbNumbers).padStart(4, '0')}` },
) {
  const client = await as('ph_receptionist', 'POST', '/api/clients/', {
    first_name: firstName,
    last_name: 'Balogun',
    sex: 'female',
    date_of_birth: '1990-04-12',
  });
  expect(client.statusCode, client.body).toBe(201);
  const res = await as('ph_receptionist', 'POST', '/api/tb_sample/', { client: client.json().id, test_types: tests.map(code), form });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json();
  expect(order.program).toBe('Tuberculosis');
  return { ...order.samples[0], lab_number: order.lab_number } as {
    id: number;
    barcode: string;
    lab_number: string;
    tests: { id: number; test_type: number }[];
  };
}
async function received(sample: { id: number }) {
  expect(
    (await as('ph_receptionist', 'POST', `/api/tb_sample/${sample.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: sputum })).statusCode,
  ).toBe(200);
  expect((await as('ph_receptionist', 'POST', `/api/tb_sample/${sample.id}/accept/`, {})).statusCode).toBe(200);
}
/** Enter the members' values as the analyst; with `release`, verified and approved by the supervisor. */
async function results(sample: { tests: { id: number; test_type: number }[] }, values: Record<string, string>, release: boolean) {
  for (const [member, value] of Object.entries(values)) {
    const test = sample.tests.find((x) => x.test_type === code(member))!;
    const entered = await as('ph_analyst', 'POST', '/api/results/', { test_order: test.id, value });
    expect(entered.statusCode, entered.body).toBe(201);
    if (!release) continue;
    const id = entered.json().id;
    expect((await as('ph_supervisor', 'POST', `/api/results/${id}/verify/`)).statusCode).toBe(200);
    expect((await as('ph_supervisor', 'POST', `/api/results/${id}/approve/`, { password: 'Demo@12345' })).statusCode).toBe(200);
  }
}
const xpertOf = (d: TbDashboard) =>
  d.by_test_type.find((x) => x.code === TB_CODES.XPERT) ?? { tests: 0, released: 0, mtb_detected: 0, rejected: 0, positivity_percent: null, results: [] };
const backlogOf = (d: TbDashboard, status: number) => d.backlog.find((b) => b.test_order_status === status)?.count ?? 0;

let rrSample: { id: number; barcode: string; lab_number: string; tests: { id: number; test_type: number }[] };
let before: TbDashboard;
let after: TbDashboard;

beforeAll(async () => {
  t = await createTestApp();
  const catalogue: CatalogueRow[] = (await as('superadmin', 'GET', '/api/test_configuration/?program__name=Tuberculosis')).json();
  code = (c: string) => catalogue.find((x) => x.code === c)!.id;
  sputum = (await as('ph_receptionist', 'GET', '/api/tb_form_lookup/')).json().specimen_sample_types.sputum_spot;

  before = await dashboard();
  // Released: RR-TB, and MTB not detected; at the bench: a result entered, not released; at reception: ordered only.
  rrSample = await tbOrder([TB_CODES.XPERT], '=HYPERLINK("x")');
  await received(rrSample);
  await results(rrSample, { [TB_CODES.XPERT_MTB]: 'MTB DETECTED MEDIUM', [TB_CODES.XPERT_RIF]: 'RIF RESISTANCE DETECTED' }, true);
  const negative = await tbOrder([TB_CODES.XPERT], 'Tolu');
  await received(negative);
  await results(negative, { [TB_CODES.XPERT_MTB]: 'MTB NOT DETECTED' }, true);
  const entered = await tbOrder([TB_CODES.XPERT], 'Ada');
  await received(entered);
  await results(entered, { [TB_CODES.XPERT_MTB]: 'MTB DETECTED HIGH' }, false);
  await tbOrder([TB_CODES.XPERT], 'Bisi');
  after = await dashboard();
}, 120_000);
afterAll(() => t.close());

describe('TB dashboard', () => {
  it("shows the demo laboratory's TB samples", () => {
    // demo.ts: nine samples at Yaba, seven Xpert (four released, two of them MTB detected, one RR-TB) and two smears;
    // and two Xpert referred from Mushin and received (demo-referral.ts), one released, MTB not detected
    expect(before.facility).toEqual(expect.any(Number));
    expect(before.totals).toMatchObject({ samples: 11, tests: 11, released: 5, mtb_detected: 2, positivity_percent: 40 });
    expect(xpertOf(before)).toMatchObject({ tests: 9, released: 5, mtb_detected: 2, positivity_percent: 40 });
    expect(before.rr_tb).toEqual({ count: 1, mdr_tb: 0, results: 1 });
    expect(before.by_test_type.find((x) => x.code === TB_CODES.ZN)).toMatchObject({ tests: 2, released: 0 });
  });

  it('counts tests, positivity, RR-TB, turnaround and the backlog of the facility', () => {
    const [x0, x1] = [xpertOf(before), xpertOf(after)];
    expect(x1.tests - x0.tests).toBe(4);
    expect(x1.released - x0.released).toBe(2);
    expect(x1.mtb_detected - x0.mtb_detected).toBe(1);
    expect(x1.positivity_percent).toBe(Math.round((x1.mtb_detected / x1.released) * 1000) / 10);
    expect(after.totals.samples - before.totals.samples).toBe(4);
    expect(after.totals.positivity_percent).toBe(Math.round((after.totals.mtb_detected / after.totals.released) * 1000) / 10);
    // the key member's values, with their labels
    const medium = x1.results.find((r) => r.value === 'MTB DETECTED MEDIUM')!;
    expect(medium).toMatchObject({ label: 'MTB detected, medium', mtb_detected: true });
    expect(medium.count - (x0.results.find((r) => r.value === 'MTB DETECTED MEDIUM')?.count ?? 0)).toBe(1);
    expect(x1.results.find((r) => r.value === 'MTB NOT DETECTED')).toMatchObject({ mtb_detected: false });
    // the result entered but not released is not a value yet
    expect(x1.results.find((r) => r.value === 'MTB DETECTED HIGH')).toBeUndefined();
    // one more request with rifampicin resistance (the RR-TB flag, or the value before the flag is set)
    expect(after.rr_tb.count - before.rr_tb.count).toBe(1);
    expect(after.rr_tb.results - before.rr_tb.results).toBe(1);
    expect(after.turnaround.approved - before.turnaround.approved).toBe(2);
    expect(after.turnaround.within - before.turnaround.within).toBe(2);
    expect(after.turnaround.median_hours).toEqual(expect.any(Number));
    // open tests: one more ordered, one more with a result entered (a panel counts once: the Xpert RIF member is not a test of its own)
    expect(backlogOf(after, S.ORDERED) - backlogOf(before, S.ORDERED)).toBe(1);
    expect(backlogOf(after, R.ENTERED) - backlogOf(before, R.ENTERED)).toBe(1);
    expect(backlogOf(after, S.APPROVED)).toBe(backlogOf(before, S.APPROVED));
    // today's period of the series
    expect(after.series.at(-1)!.period).toBe(today());
    expect(after.series.at(-1)!.tests - before.series.at(-1)!.tests).toBe(4);
    expect(after.series.reduce((n, s) => n + s.tests, 0)).toBe(after.totals.tests);
  });

  it('covers the last 30 days by default, or the days asked for; the backlog is now', async () => {
    expect(after).toMatchObject({ end_date: today(), periodicity: 'daily' });
    expect(after.series).toHaveLength(30);
    expect(after.series[0]!.period).toBe(after.start_date);
    const old = await dashboard('ph_supervisor', '?start_date=2020-01-01&end_date=2020-01-31');
    expect(old).toMatchObject({ start_date: '2020-01-01', end_date: '2020-01-31', periodicity: 'daily' });
    expect(old.totals).toMatchObject({ samples: 0, tests: 0, released: 0, positivity_percent: null });
    expect(old.rr_tb.count).toBe(0);
    expect(old.series).toHaveLength(31);
    expect(old.backlog).toEqual(after.backlog);
    const weekly = await dashboard('ph_supervisor', `?start_date=${after.start_date}&end_date=${today()}&periodicity=weekly`);
    expect(weekly.series.every((s) => new Date(`${s.period}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(weekly.series.reduce((n, s) => n + s.tests, 0)).toBe(after.totals.tests);
    expect((await dashboard('ph_supervisor', '?start_date=2025-01-01&end_date=2025-12-31')).periodicity).toBe('weekly');
    // a start in the future ends the same day; the last day of the calendar is still a day
    expect((await dashboard('ph_supervisor', '?start_date=9999-12-31')).series.map((s) => s.period)).toEqual(['9999-12-31']);
    const tooMany = await as('ph_supervisor', 'GET', '/api/facility_tb_dashboard/?start_date=1900-01-01&end_date=2026-01-01&periodicity=daily');
    expect(tooMany.json()).toHaveProperty('periodicity');
    // one test type (a member chosen stands for its panel)
    const zn = await dashboard('ph_supervisor', `?test_type=${code(TB_CODES.ZN)}`);
    expect(zn.by_test_type.map((x) => x.code)).toEqual([TB_CODES.ZN]);
    expect(zn.rr_tb.count).toBe(0);
    const rif = await dashboard('ph_supervisor', `?test_type=${code(TB_CODES.XPERT_RIF)}`);
    expect(rif.by_test_type.map((x) => x.code)).toEqual([TB_CODES.XPERT]);
    expect(rif.rr_tb.count).toBe(after.rr_tb.count);
    expect((await dashboard('ph_supervisor', '?program=Tuberculosis')).totals).toEqual(after.totals);
  });

  it('refuses malformed dates and other programmes, naming the field', async () => {
    const message = ["Invalid date format, Accepted format 'YYYY-MM-DD'"];
    for (const [query, field] of [
      ['start_date=2026-13-40', 'start_date'],
      ['end_date=yesterday', 'end_date'],
      ['start_date=2026-02-30', 'start_date'],
      ['end_date=2026-1-5', 'end_date'],
    ]) {
      const res = await as('ph_supervisor', 'GET', `/api/facility_tb_dashboard/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ [field!]: message });
    }
    const backwards = await as('ph_supervisor', 'GET', '/api/facility_tb_dashboard/?start_date=2026-03-02&end_date=2026-03-01');
    expect(backwards.json()).toEqual({ end_date: ['The end date is before the start date.'] });
    expect((await as('ph_supervisor', 'GET', '/api/facility_tb_dashboard/?program=General')).json()).toHaveProperty('program');
    expect((await as('ph_supervisor', 'GET', '/api/facility_tb_dashboard/?periodicity=hourly')).json()).toHaveProperty('periodicity');
    expect((await as('ph_supervisor', 'GET', '/api/tb_report/?start_date=2026-13-40')).json()).toEqual({ start_date: message });
  });
});

describe('TB report', () => {
  it('lists one row per TB test with its result, the request form and the RR-TB flag', async () => {
    const res = await as('ph_data_analyst', 'GET', `/api/tb_report/?test_order_status=${R.APPROVAL}&test_type=${code(TB_CODES.XPERT)}&page_size=100`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.count).toBe(page.results.length);
    expect(page.count).toBe(xpertOf(after).released);
    const row = page.results.find((r: { barcode: string }) => r.barcode === rrSample.barcode);
    expect(row).toMatchObject({
      facility: 'Yaba Demo Reference Laboratory',
      lab_number: rrSample.lab_number,
      client_name: '=HYPERLINK("x") Balogun',
      sex: 'female',
      date_of_birth: '1990-04-12',
      age_years: expect.any(Number),
      patient_category: 'relapse',
      reason_for_examination: 'diagnosis',
      treatment_month: null,
      hiv_status: 'positive',
      test_status: 'initial',
      specimen: 'sputum_spot',
      presumptive_drtb: true,
      sample_type: 'Sputum',
      test: 'Xpert MTB/RIF',
      test_order_status: R.APPROVAL,
      result: 'MTB DETECTED MEDIUM',
      other_results: 'Xpert MTB/RIF - RIF resistance: RIF RESISTANCE DETECTED',
      rr_tb_flag: 'RR-TB',
      tat_hours: expect.any(Number),
    });
    expect(row.approved_at).toEqual(expect.any(String));
    // every test of the period, a panel once; paged
    const all = (await as('ph_supervisor', 'GET', `/api/tb_report/?start_date=${today()}&end_date=${today()}&page_size=5`)).json();
    // this test's own samples are today's; the demo's may fall on yesterday in Lagos, near midnight
    expect(all.count).toBeGreaterThanOrEqual(4);
    expect(all.results).toHaveLength(Math.min(5, all.count));
    expect(all.page).toBe(1);
    const total = (await as('ph_supervisor', 'GET', '/api/tb_report/')).json().count;
    expect(total).toBe(after.totals.tests);
    expect((await as('ph_supervisor', 'GET', '/api/tb_report/?page_size=7')).json()).toHaveProperty('page_size');
    expect((await as('ph_supervisor', 'GET', '/api/tb_report/?start_date=2020-01-01&end_date=2020-01-02')).json().count).toBe(0);
  });

  it('exports CSV with its columns and formula-looking cells defused; every view and export is audited', async () => {
    const res = await as('ph_data_analyst', 'GET', '/api/tb_report/?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="tb-report-/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(TB_REPORT_COLUMNS.join(','));
    expect(lines[0]).toContain('lga_tb_number,patient_category,reason_for_examination');
    expect(lines).toHaveLength(after.totals.tests + 1);
    const line = lines.find((l) => l.includes(rrSample.barcode))!;
    expect(line).toContain(`"'=HYPERLINK(""x"") Balogun"`);
    expect(line).toContain('RR-TB');
    const audit = rows<{ action: string; username: string; after: { format: string; count: number } }>(
      await t.database.db.execute(sql`select action, username, after from audit_events where entity = 'tb_report' order by id`),
    );
    expect(audit.at(-1)).toMatchObject({ action: 'report.export', username: 'ph_data_analyst', after: { format: 'csv', count: after.totals.tests } });
    expect(audit.some((a) => a.action === 'report.view' && a.after.format === 'json')).toBe(true);
  });
});

describe('TB analytics: who may look', () => {
  it('answers TB staff and the super admin; 403 for General-only users, tier users and admins', async () => {
    for (const user of ['clin_supervisor', 'clin_manager', 'fed_tier', 'lagos_tier', 'ph_admin', 'clin_admin']) {
      // An official reads the TB report as aggregates of their area (modules/tier), never the line list.
      const official = user.endsWith('_tier');
      expect((await as(user, 'GET', '/api/facility_tb_dashboard/')).statusCode, `${user} dashboard`).toBe(403);
      const report = await as(user, 'GET', '/api/tb_report/');
      expect(report.statusCode, `${user} report`).toBe(official ? 200 : 403);
      if (official) expect(report.json()).toMatchObject({ aggregate: true });
    }
    for (const user of ['ph_receptionist', 'ph_analyst', 'ph_clerk', 'ph_data_analyst', 'kano_supervisor']) {
      for (const path of ['facility_tb_dashboard', 'tb_report']) expect((await as(user, 'GET', `/api/${path}/`)).statusCode, `${user} ${path}`).toBe(200);
    }
    expect((await t.app.inject({ url: '/api/facility_tb_dashboard/' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/tb_report/' })).statusCode).toBe(401);
  });

  it("shows another facility none of Yaba's rows; the super admin every facility, narrowed by state", async () => {
    const kano = (await as('kano_supervisor', 'GET', '/api/tb_report/?page_size=100')).json();
    expect(kano.count).toBeGreaterThan(0); // Kano's demo samples
    expect(kano.results.every((r: { lab_number: string; facility: string }) => r.lab_number.startsWith('KN-NSW-001-') && r.facility.startsWith('Kano'))).toBe(
      true,
    );
    const kanoCsv = (await as('kano_supervisor', 'GET', '/api/tb_report/?format=csv')).body;
    expect(kanoCsv).not.toContain('LA-LMD-001');
    const kanoBoard = await dashboard('kano_supervisor');
    expect(kanoBoard.facility).not.toBe(after.facility);
    expect(kanoBoard.totals.tests).toBe(kano.count);
    expect(kanoBoard.rr_tb.count).toBe(0);

    // The super admin reads no patient's line (DESIGN §3): its report is the officials' aggregates, of every facility,
    // narrowed by state or LGA, and the facility dashboard is not its page.
    expect((await as('superadmin', 'GET', '/api/facility_tb_dashboard/')).statusCode).toBe(403);
    type Row = { facility: string; state: string; requested: number };
    const all = (await as('superadmin', 'GET', '/api/tb_report/?page_size=100')).json();
    expect(all.aggregate).toBe(true);
    expect(JSON.stringify(all)).not.toMatch(/LA-LMD-001-|client/);
    // (its figures count every test, panel members too: more than the dashboard's panels counted once)
    const requested = (rs: Row[], prefix: string) => rs.filter((r) => r.facility.startsWith(prefix)).reduce((n, r) => n + r.requested, 0);
    expect(requested(all.results, 'Yaba')).toBeGreaterThanOrEqual(after.totals.tests);
    expect(requested(all.results, 'Kano')).toBeGreaterThanOrEqual(kano.count);
    const [lagos] = rows<{ id: number }>(await t.database.db.execute(sql`select id from states where name = 'Lagos'`));
    const inLagos = (await as('superadmin', 'GET', `/api/tb_report/?reporting_state=${lagos!.id}&page_size=100`)).json();
    expect(inLagos.results.length).toBeGreaterThan(0);
    expect(inLagos.results.every((r: Row) => r.state === 'Lagos')).toBe(true);
    const [nassarawa] = rows<{ id: number }>(
      await t.database.db.execute(sql`select l.id from lgas l join states s on s.id = l.state_id where s.name = 'Kano' and l.name = 'Nasarawa'`),
    );
    const inNassarawa = (await as('superadmin', 'GET', `/api/tb_report/?reporting_lga=${nassarawa!.id}&page_size=100`)).json();
    expect(requested(inNassarawa.results, 'Kano')).toBe(requested(all.results, 'Kano'));
    expect(requested(inNassarawa.results, 'Yaba')).toBe(0);
  });
});
