import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PH_REPORT_COLUMNS, type PhDashboard, RESULT_STATUS as R, SAMPLE_STATUS as S } from '@nlims/contracts';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { COVID, LASSA, programmeSteps, seedElsewhere } from '../../../test/programmes.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedElsewhere(t);
});
afterAll(() => t.close());

const lassa = programmeSteps(() => t, LASSA);
const covid = programmeSteps(() => t, COVID);
const { as } = lassa;
const EPID = 'NIE-LAS-IKJ-26-017';

/** A received Lassa sample with these values entered, verified and (optionally) approved: the sample and its result ids. */
async function resulted(steps: typeof lassa, values: Record<string, string | number>, approve = true) {
  const { sample, placed } = await steps.received();
  const codes = new Map((await steps.catalogue()).map((x) => [x.id, x.code]));
  const ids: number[] = [];
  // The result member first: a NOT DETECTED closes the Ct members.
  const tests = [...sample.tests].sort((a, b) => Number(codes.get(a.test_type)!.endsWith('-CT')) - Number(codes.get(b.test_type)!.endsWith('-CT')));
  for (const to of tests) {
    const value = values[codes.get(to.test_type)!];
    if (value === undefined) continue;
    const res = await as('ph_analyst', 'POST', '/api/results/', { test_order: to.id, value });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().id);
  }
  expect((await as('ph_supervisor', 'POST', '/api/results/verify/', { ids })).statusCode).toBe(200);
  if (approve) expect((await as('ph_supervisor', 'POST', '/api/results/approve/', { ids, password: 'Demo@12345' })).statusCode).toBe(200);
  return { sample, placed, ids };
}

describe('the demo laboratory', () => {
  it('holds Lassa fever and COVID-19 samples in every state of the lifecycle', async () => {
    for (const program of ['Lassa Fever', 'COVID-19']) {
      const list = (await as('ph_supervisor', 'GET', `/api/public_health_sample/?page=1&page_size=50&program__name=${encodeURIComponent(program)}`)).json();
      const statuses = new Set(list.results.map((r: { status: number }) => r.status));
      for (const status of [S.ORDERED, S.COLLECTED, S.APPROVED, S.REJECTED, S.ONGOING]) expect(statuses.has(status), `${program} ${status}`).toBe(true);
      expect(list.results.some((r: { completed: boolean }) => r.completed)).toBe(true);
    }
    const retest = (await as('ph_supervisor', 'GET', `/api/result_samples/?page=1&program__name=Lassa%20Fever&Filters.status=${R.RETEST}`)).json();
    expect(retest.count).toBeGreaterThanOrEqual(1);
    const notified = (await as('ph_supervisor', 'GET', '/api/public_health_notify/?page=1&notified=true&search=NIE-LAS-IKJ-26-014')).json();
    expect(notified.results[0]).toMatchObject({ program: 'Lassa Fever', notified_by: 'ph_data_analyst' });
    const waiting = (await as('ph_supervisor', 'GET', '/api/public_health_notify/?page=1')).json();
    expect(waiting.results.map((r: { program: string }) => r.program)).toEqual(expect.arrayContaining(['Lassa Fever', 'COVID-19']));
  });
});

describe('public-health analytics and the notification list', () => {
  let positive: Awaited<ReturnType<typeof resulted>>;
  let verifiedOnly: Awaited<ReturnType<typeof resulted>>;
  let before: PhDashboard;

  beforeAll(async () => {
    before = (await as('ph_supervisor', 'GET', '/api/facility_general_program_dashboard/')).json();
    const client = await lassa.newClient();
    await lassa.offer('LASSA-PCR');
    // A case with its EPID number, positive and released.
    const pcr = (await lassa.testByCode('LASSA-PCR')).id;
    const placed = await as('ph_receptionist', 'POST', '/api/public_health_sample/', {
      client: client.id,
      program: 'Lassa Fever',
      test_types: [pcr],
      form: { ...LASSA.requestForm, epid_number: EPID },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const sample = placed.json().samples[0];
    await as('ph_receptionist', 'POST', `/api/public_health_sample/${sample.id}/collect/`, {
      collected_at: new Date().toISOString(),
      sample_type: await lassa.sampleTypeId(),
    });
    await as('ph_receptionist', 'POST', `/api/public_health_sample/${sample.id}/accept/`, {});
    const ids: number[] = [];
    for (const to of sample.tests) {
      const code = (await lassa.catalogue()).find((x) => x.id === to.test_type)!.code;
      const res = await as('ph_analyst', 'POST', '/api/results/', { test_order: to.id, value: LASSA.values[code] });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    await as('ph_supervisor', 'POST', '/api/results/verify/', { ids });
    await as('ph_supervisor', 'POST', '/api/results/approve/', { ids, password: 'Demo@12345' });
    positive = { sample, placed: placed.json(), ids };
    // A negative (its Ct members closed), a positive only verified, and a COVID-19 negative.
    await resulted(lassa, { 'LASSA-PCR-RESULT': 'NOT DETECTED' });
    verifiedOnly = await resulted(lassa, LASSA.values, false);
    await resulted(covid, { 'COVID-PCR-RESULT': 'NOT DETECTED' });
  });

  it('flags a positive of a notifiable disease and prints the banner on the report', async () => {
    const detail = (await as('ph_supervisor', 'GET', `/api/public_health_sample/${positive.sample.id}/`)).json();
    const result = detail.tests
      .map((x: { result: { value: string; flag: string } | null }) => x.result)
      .find((r: { value: string }) => r?.value === 'DETECTED');
    expect(result.flag).toBe('LASSA FEVER POSITIVE');
    expect(detail.completed).toBe(true);
    expect(detail.form.epid_number).toBe(EPID);
    const report = await as('ph_supervisor', 'GET', `/api/public_health_sample/${positive.sample.id}/report/`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('application/pdf');
    // The EPID number became the client's identifier.
    const found = (await as('ph_receptionist', 'GET', `/api/clients/?page=1&search=${EPID}`)).json();
    expect(found.count).toBe(1);
  });

  it('counts tests, positives, positivity and the cases to notify on the dashboard', async () => {
    const after: PhDashboard = (await as('ph_supervisor', 'GET', '/api/facility_general_program_dashboard/')).json();
    // Three Lassa samples (two positive: one released, one verified) and one COVID-19.
    expect(after.totals.samples - before.totals.samples).toBe(4);
    expect(after.totals.tests - before.totals.tests).toBe(4);
    expect(after.totals.released - before.totals.released).toBe(3);
    expect(after.totals.positive - before.totals.positive).toBe(1);
    expect(after.totals.to_notify - before.totals.to_notify).toBe(2);
    const lassaRow = after.by_disease.find((d) => d.program === 'Lassa Fever')!;
    expect(lassaRow.positive).toBeGreaterThanOrEqual(1);
    expect(lassaRow.positivity_percent).not.toBeNull();
    expect(after.series.reduce((n, p) => n + p.tests, 0)).toBe(after.totals.tests);
    expect(after.turnaround.approved).toBeGreaterThanOrEqual(3);
    // One programme only.
    const onlyCovid: PhDashboard = (await as('ph_supervisor', 'GET', '/api/facility_general_program_dashboard/?program=COVID-19')).json();
    expect(onlyCovid.by_disease.map((d) => d.program)).toEqual(['COVID-19']);
    expect(onlyCovid.totals.positive).toBe(after.by_disease.find((d) => d.program === 'COVID-19')!.positive);
  });

  it('lists the line list with the EPID number as JSON, CSV and XLSX, audited', async () => {
    const page = (await as('ph_data_analyst', 'GET', '/api/general_program_report/?page=1&page_size=100&program=Lassa%20Fever')).json();
    const row = page.results.find((r: { barcode: string }) => r.barcode === positive.sample.barcode);
    expect(row).toMatchObject({
      epid_number: EPID,
      disease: 'Lassa Fever',
      test: 'Lassa virus RT-PCR',
      result: 'DETECTED',
      positive: true,
      flag: 'LASSA FEVER POSITIVE',
      specimen: 'serum',
      date_of_onset: '2026-01-03',
      status: R.APPROVAL,
    });
    expect(row.other_results).toContain('GPC');
    expect(page.results.every((r: { disease: string }) => r.disease === 'Lassa Fever')).toBe(true);
    const csv = await as('ph_data_analyst', 'GET', '/api/general_program_report/?format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe(PH_REPORT_COLUMNS.join(','));
    expect(csv.body).toContain(EPID);
    const xlsx = await as('ph_data_analyst', 'GET', '/api/general_program_report/?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('epid_number');
    expect(sheet.rowCount).toBeGreaterThan(1);
    // Bad input is a 400 naming the field.
    expect((await as('ph_supervisor', 'GET', '/api/general_program_report/?program=Malaria')).json()).toHaveProperty('program');
    expect((await as('ph_supervisor', 'GET', '/api/general_program_report/?start_date=2026-13-01')).json()).toHaveProperty('start_date');
    expect((await as('ph_supervisor', 'GET', '/api/general_program_report/?format=pdf')).statusCode).toBe(400);
    expect((await as('ph_supervisor', 'GET', '/api/facility_general_program_dashboard/?start_date=2026-02-01&end_date=2026-01-01')).json()).toHaveProperty(
      'end_date',
    );
  });

  it('lists the positives to notify; marking one notified records who and when, once', async () => {
    const list = (await as('ph_supervisor', 'GET', '/api/public_health_notify/?page=1')).json();
    const mine = list.results.filter((r: { id: number }) => [positive.sample.id, verifiedOnly.sample.id].includes(r.id));
    expect(mine).toHaveLength(2);
    expect(mine.find((r: { id: number }) => r.id === positive.sample.id)).toMatchObject({
      program: 'Lassa Fever',
      epid_number: EPID,
      flag: 'LASSA FEVER POSITIVE',
      released: true,
      notified_at: null,
    });
    expect(mine.find((r: { id: number }) => r.id === verifiedOnly.sample.id).released).toBe(false);
    // Validation, then two people marking at once: one success, one 409.
    expect((await as('ph_supervisor', 'POST', `/api/public_health_notify/${positive.sample.id}/notified/`, {})).json()).toHaveProperty('notified_to');
    const both = await Promise.all([
      as('ph_supervisor', 'POST', `/api/public_health_notify/${positive.sample.id}/notified/`, { notified_to: 'LGA DSNO, Ikeja', note: 'By phone' }),
      as('ph_data_analyst', 'POST', `/api/public_health_notify/${positive.sample.id}/notified/`, { notified_to: 'LGA DSNO, Ikeja' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const waiting = (await as('ph_supervisor', 'GET', '/api/public_health_notify/?page=1')).json();
    expect(waiting.results.map((r: { id: number }) => r.id)).not.toContain(positive.sample.id);
    const done = (await as('ph_supervisor', 'GET', `/api/public_health_notify/?page=1&notified=true&search=${EPID}`)).json();
    expect(done.results[0]).toMatchObject({ id: positive.sample.id, notified_to: 'LGA DSNO, Ikeja' });
    expect(['ph_supervisor', 'ph_data_analyst']).toContain(done.results[0].notified_by);
    const history = (await as('ph_supervisor', 'GET', `/api/public_health_sample/${positive.sample.id}/history/`)).json();
    expect(history.map((h: { action: string }) => h.action)).toContain('sample.notified');
    // A negative has nothing to notify; its Ct members are closed as not applying, so approving the one result completes the sample.
    const negative = await resulted(lassa, { 'LASSA-PCR-RESULT': 'NOT DETECTED' });
    const closed = (await as('ph_supervisor', 'GET', `/api/public_health_sample/${negative.sample.id}/`)).json();
    expect(closed.completed).toBe(true);
    expect(closed.tests.map((x: { status: number }) => x.status).sort()).toEqual([R.APPROVAL, 16, 16].sort());
    expect((await as('ph_supervisor', 'POST', `/api/public_health_notify/${negative.sample.id}/notified/`, { notified_to: 'DSNO' })).statusCode).toBe(409);
    const line = (await as('ph_supervisor', 'GET', `/api/general_program_report/?page=1&page_size=100&program=Lassa%20Fever`)).json();
    expect(line.results.find((r: { barcode: string }) => r.barcode === positive.sample.barcode).notified_at).not.toBeNull();
  });

  it('lets each role do only what it may, and never across facilities', async () => {
    const READERS = ['ph_supervisor', 'ph_receptionist', 'ph_analyst', 'ph_clerk', 'ph_data_analyst'];
    const NOTIFIERS = ['ph_supervisor', 'ph_data_analyst'];
    const ALL = [...READERS, 'ph_admin', 'clin_supervisor', 'fed_tier', 'abuja_ph_supervisor', 'superadmin'];
    for (const user of ALL) {
      const dash = await as(user, 'GET', '/api/facility_general_program_dashboard/');
      const report = await as(user, 'GET', '/api/general_program_report/?page=1');
      const notify = await as(user, 'GET', '/api/public_health_notify/?page=1');
      const reads = READERS.includes(user) || user === 'abuja_ph_supervisor';
      expect(dash.statusCode, `${user} dashboard`).toBe(reads ? 200 : 403);
      // Officials and the super admin read the report too, as aggregates (modules/tier); the super admin no case.
      expect(report.statusCode, `${user} report`).toBe(reads || user === 'fed_tier' || user === 'superadmin' ? 200 : 403);
      expect(notify.statusCode, `${user} notify`).toBe([...NOTIFIERS, 'abuja_ph_supervisor'].includes(user) ? 200 : 403);
      const mark = await as(user, 'POST', `/api/public_health_notify/${verifiedOnly.sample.id}/notified/`, { notified_to: 'x' });
      const expected = user === 'abuja_ph_supervisor' ? 404 : NOTIFIERS.includes(user) ? null : 403;
      if (expected) expect(mark.statusCode, `${user} mark`).toBe(expected);
    }
    // Another facility sees none of this facility's cases.
    const elsewhere = (await as('abuja_ph_supervisor', 'GET', '/api/general_program_report/?page=1&page_size=100')).json();
    expect(elsewhere.results.map((r: { barcode: string }) => r.barcode)).not.toContain(positive.sample.barcode);
    const elsewhereNotify = (await as('abuja_ph_supervisor', 'GET', '/api/public_health_notify/?page=1&page_size=100')).json();
    expect(elsewhereNotify.count).toBe(0);
    // The super admin sees every facility's figures, never a case.
    const all = (await as('superadmin', 'GET', `/api/general_program_report/?page=1&page_size=100&program=Lassa%20Fever`)).json();
    expect(all.aggregate).toBe(true);
    expect(all.results.some((r: { facility: string; requested: number }) => r.facility.startsWith('Yaba') && r.requested > 0)).toBe(true);
    expect(JSON.stringify(all)).not.toContain(positive.sample.barcode);
  });
});
