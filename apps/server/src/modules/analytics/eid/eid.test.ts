import { rowsOf } from '../../../core/db.js';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EID_FLAG, EID_HEADLINE, type EidDashboard, RESULT_STATUS as R } from '@nlims/contracts';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.js';
import { seedElsewhere } from '../../../test/programmes.js';

let t: TestApp;
const as = async (user: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await t.token(user)), ...(payload ? { payload } : {}) });
const dashboard = async (user = 'ph_supervisor', query = ''): Promise<EidDashboard> => {
  const res = await as(user, 'GET', `/api/facility_eid_dashboard/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const rows = rowsOf;
/** The laboratory's day (Africa/Lagos). */
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' });
const daysAgo = (n: number) => new Date(Date.parse(`${today()}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const pdfText = (pdf: Buffer): string | null => {
  const run = spawnSync('pdftotext', ['-', '-'], { input: pdf });
  return run.status === 0 ? run.stdout.toString() : null;
};

const FORM = {
  entry_point: 'pmtct',
  pcr_sequence: 'first',
  reason: 'routine',
  infant_prophylaxis: 'nvp_azt',
  feeding: 'exclusive_breastfeeding',
  mother_name: 'Ngozi Okeke',
  mother_hiv_status: 'positive',
  mother_on_art: 'yes',
  mother_regimen: 'TDF/3TC/DTG',
};

let pcr: number;
let dbs: number;
let heiNumbers = 0;

interface Sample {
  id: number;
  barcode: string;
  lab_number: string;
  client: number;
  tests: { id: number }[];
}

/** An EID request at Yaba for a new infant born `ageDays` ago: its first sample. */
async function eidOrder(ageDays: number, form: Record<string, unknown> = {}): Promise<Sample> {
  const client = await as('ph_receptionist', 'POST', '/api/clients/', {
    first_name: 'Baby',
    last_name: `Okeke-${++heiNumbers}`,
    sex: 'female',
    date_of_birth: daysAgo(ageDays),
  });
  expect(client.statusCode, client.body).toBe(201);
  const res = await as('ph_receptionist', 'POST', '/api/eid_sample/', {
    client: client.json().id,
    test_types: [pcr],
    form: { ...FORM, exposed_infant_number: `HEI/LMD/T${String(heiNumbers).padStart(4, '0')}`, ...form },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json();
  expect(order.samples[0].sample_type_name).toBe('Dried blood spot');
  return { ...order.samples[0], lab_number: order.lab_number, client: client.json().id };
}
async function receive(sample: Sample) {
  const collect = await as('ph_receptionist', 'POST', `/api/eid_sample/${sample.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: dbs });
  expect(collect.statusCode, collect.body).toBe(200);
  expect((await as('ph_receptionist', 'POST', `/api/eid_sample/${sample.id}/accept/`, {})).statusCode).toBe(200);
}
async function result(sample: Sample, value: string, release: boolean) {
  const entered = await as('ph_analyst', 'POST', '/api/results/', { test_order: sample.tests[0]!.id, value });
  expect(entered.statusCode, entered.body).toBe(201);
  if (!release) return entered.json();
  const id = entered.json().id;
  expect((await as('ph_supervisor', 'POST', '/api/results/verify/', { ids: [id] })).statusCode).toBe(200);
  expect((await as('ph_supervisor', 'POST', '/api/results/approve/', { ids: [id], password: 'Demo@12345' })).statusCode).toBe(200);
  return entered.json();
}

let before: EidDashboard;
let after: EidDashboard;
let detected: Sample;
let negative: Sample;

beforeAll(async () => {
  t = await createTestApp();
  await seedElsewhere(t);
  const catalogue: { id: number; code: string }[] = (await as('superadmin', 'GET', '/api/test_configuration/?program__name=EID')).json();
  pcr = catalogue.find((c) => c.code === 'EID-DNA-PCR')!.id;
  dbs = ((await as('superadmin', 'GET', '/api/sample_type/')).json() as { id: number; code: string }[]).find((s) => s.code === 'DBS')!.id;
  const offered = await as('ph_admin', 'POST', '/api/facility_test_service/', { test_type: pcr, price: 0 });
  expect([201, 400]).toContain(offered.statusCode);
  before = await dashboard();

  // A 6-week-old from PMTCT, first PCR detected and released; a 5-month-old from immunisation, second PCR not detected;
  // a 14-month-old after breastfeeding, entered only; one rejected for a wet card.
  detected = await eidOrder(43);
  await receive(detected);
  await result(detected, 'DETECTED', true);
  negative = await eidOrder(150, { entry_point: 'immunisation', pcr_sequence: 'second' });
  await receive(negative);
  await result(negative, 'NOT DETECTED', true);
  const pending = await eidOrder(430, {
    entry_point: 'outreach',
    pcr_sequence: 'after_breastfeeding',
    feeding: 'stopped',
    breastfeeding_stopped_on: daysAgo(60),
  });
  await receive(pending);
  await result(pending, 'INDETERMINATE', false);
  const rejected = await eidOrder(50);
  await as('ph_receptionist', 'POST', `/api/eid_sample/${rejected.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: dbs });
  const wet = ((await as('ph_receptionist', 'GET', '/api/rejection_reason/')).json() as { id: number; code: string }[]).find((r) => r.code === 'DBS-WET')!;
  expect((await as('ph_receptionist', 'POST', `/api/eid_sample/${rejected.id}/reject/`, { rejection_reason: wet.id })).statusCode).toBe(200);
  after = await dashboard();
});
afterAll(() => t.close());

describe('an EID request', () => {
  it('flags a detected PCR, heads the report with it, and makes the confirmatory request once, in one action', async () => {
    const detail = (await as('ph_supervisor', 'GET', `/api/eid_sample/${detected.id}/`)).json();
    expect(detail.tests[0].result).toMatchObject({ value: 'DETECTED', flag: EID_FLAG, status: R.APPROVAL });
    expect(detail.form).toMatchObject({ pcr_sequence: 'first', exposed_infant_number: expect.stringMatching(/^HEI\//) });
    const report = await as('ph_supervisor', 'GET', `/api/eid_sample/${detected.id}/report/`);
    expect(report.headers['content-type']).toBe('application/pdf');
    const text = pdfText(report.rawPayload);
    if (text != null) {
      expect(text.replace(/\s+/g, ' ')).toContain(EID_HEADLINE);
      expect(text).toContain('Age at collection');
    }

    const next = await as('ph_receptionist', 'POST', `/api/eid_sample/${detected.id}/follow_on/`, {});
    expect(next.statusCode, next.body).toBe(201);
    const made = next.json();
    expect(made.lab_number).not.toBe(detected.lab_number);
    const confirmatory = (await as('ph_supervisor', 'GET', `/api/eid_sample/${made.samples[0].id}/`)).json();
    expect(confirmatory).toMatchObject({ client: detected.client, form: { pcr_sequence: 'confirmatory', reason: 'confirm_positive', entry_point: 'pmtct' } });
    expect((await as('ph_supervisor', 'GET', `/api/eid_sample/${detected.id}/`)).json().follow_on_request).toMatchObject({ lab_number: made.lab_number });
    expect((await as('ph_receptionist', 'POST', `/api/eid_sample/${detected.id}/follow_on/`, {})).statusCode).toBe(409);
    // A not-detected PCR asks for nothing.
    expect((await as('ph_receptionist', 'POST', `/api/eid_sample/${negative.id}/follow_on/`, {})).statusCode).toBe(409);
    // Once requested, the infant no longer awaits confirmation.
    const now = await dashboard();
    expect(now.awaiting_confirmation.count).toBe(after.awaiting_confirmation.count - 1);
    expect(now.awaiting_confirmation.samples.map((s) => s.id)).not.toContain(detected.id);
  });

  it('makes one confirmatory request when two people ask at once; the other gets 409', async () => {
    const sample = await eidOrder(44);
    await receive(sample);
    await result(sample, 'DETECTED', true);
    const both = await Promise.all([
      as('ph_receptionist', 'POST', `/api/eid_sample/${sample.id}/follow_on/`, {}),
      as('ph_supervisor', 'POST', `/api/eid_sample/${sample.id}/follow_on/`, {}),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const label = await as('ph_receptionist', 'GET', `/api/eid_sample/${both.find((r) => r.statusCode === 201)!.json().samples[0].id}/label/`);
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
  });

  it('shows EID staff the exposed-infant number in the list, where a hospital number matters less', async () => {
    const sample = await eidOrder(35);
    const list = (await as('ph_receptionist', 'GET', `/api/eid_sample/?page=1&search=${encodeURIComponent(sample.barcode)}`)).json();
    expect(list.results[0]).toMatchObject({
      hospital_number: null,
      programme_identifier: { type: 'HIV-exposed infant number', identifier: expect.stringMatching(/^HEI\//) },
    });
    // a General order of the same infant shows no EID number
    const clinical = await as('clin_receptionist', 'GET', '/api/general_order/?page=1&page_size=5');
    expect(clinical.json().results.every((r: { programme_identifier: unknown }) => r.programme_identifier == null)).toBe(true);
  });

  it('keeps the exposed-infant number as the infant’s identifier: it cannot name another infant', async () => {
    const other = await as('ph_receptionist', 'POST', '/api/clients/', { first_name: 'Baby', last_name: 'Other', sex: 'male', date_of_birth: daysAgo(40) });
    const clash = await as('ph_receptionist', 'POST', '/api/eid_sample/', {
      client: other.json().id,
      test_types: [pcr],
      form: { ...FORM, exposed_infant_number: 'HEI/LMD/T0001' },
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({ 'form.exposed_infant_number': ['This HIV-exposed infant number belongs to another client.'] });
    const bad = await as('ph_receptionist', 'POST', '/api/eid_sample/', { client: other.json().id, test_types: [pcr], form: { ...FORM, feeding: 'stopped' } });
    expect(bad.json()).toEqual({ 'form.breastfeeding_stopped_on': ['This field is required.'] });
  });
});

describe('the EID dashboard (facility_eid_dashboard/)', () => {
  const delta = <T>(list: T[], match: (x: T) => boolean, key: keyof T) =>
    Number(list.find(match)?.[key] ?? 0) - Number((before as unknown as Record<string, T[]>)[listName(list)]!.find(match)?.[key] ?? 0);
  const listName = (list: unknown[]) => Object.entries(after).find(([, v]) => v === list)![0];

  it('counts tests, results and positivity over the period, by age band, entry point, PCR sequence, state and status', () => {
    expect(after.totals.samples - before.totals.samples).toBe(4);
    expect(after.totals.tests - before.totals.tests).toBe(4);
    expect(after.totals.rejected - before.totals.rejected).toBe(1);
    expect(after.totals.released - before.totals.released).toBe(2);
    expect(after.totals.detected - before.totals.detected).toBe(1);
    expect(after.totals.not_detected - before.totals.not_detected).toBe(1);
    expect(after.totals.positivity_percent).toBe(Math.round((after.totals.detected / (after.totals.detected + after.totals.not_detected)) * 1000) / 10);
    expect(after.by_age_band.map((b) => b.band)).toEqual(['le_2m', '2_12m', 'gt_12m', 'unknown']);
    expect(delta(after.by_age_band, (b) => b.band === 'le_2m', 'tests')).toBe(2);
    expect(delta(after.by_age_band, (b) => b.band === 'le_2m', 'detected')).toBe(1);
    expect(delta(after.by_age_band, (b) => b.band === '2_12m', 'not_detected')).toBe(1);
    expect(delta(after.by_age_band, (b) => b.band === 'gt_12m', 'tests')).toBe(1);
    expect(delta(after.by_age_band, (b) => b.band === 'gt_12m', 'released')).toBe(0);
    expect(delta(after.by_entry_point, (b) => b.entry_point === 'pmtct', 'detected')).toBe(1);
    expect(delta(after.by_entry_point, (b) => b.entry_point === 'outreach', 'tests')).toBe(1);
    expect(delta(after.by_pcr_sequence, (b) => b.pcr_sequence === 'second', 'not_detected')).toBe(1);
    expect(delta(after.by_pcr_sequence, (b) => b.pcr_sequence === 'after_breastfeeding', 'tests')).toBe(1);
    expect(after.by_state.map((s) => s.state)).toEqual(['Lagos']);
    expect(after.by_state[0]!.tests).toBe(after.totals.tests);
    expect(delta(after.by_status, (s) => s.test_order_status === R.APPROVAL, 'count')).toBe(2);
    expect(delta(after.by_status, (s) => s.test_order_status === R.ENTERED, 'count')).toBe(1);
    expect(after.by_status.reduce((n, s) => n + s.count, 0)).toBe(after.totals.tests);
    expect(delta(after.rejections, (r) => r.code === 'DBS-WET', 'count')).toBe(1);
    expect(after.turnaround.released - before.turnaround.released).toBe(2);
    expect(after.turnaround.median_days).not.toBeNull();
  });

  it('lists the released detected PCRs awaiting their confirmatory request, with the infant’s age in weeks', () => {
    expect(after.awaiting_confirmation.count - before.awaiting_confirmation.count).toBe(1);
    const row = after.awaiting_confirmation.samples.find((s) => s.id === detected.id);
    expect(row).toMatchObject({ barcode: detected.barcode, lab_number: detected.lab_number, client: detected.client, pcr_sequence: 'first', age_weeks: 6 });
  });

  it('answers EID staff of their own facility and the super admin; 403 for everyone else; audited', async () => {
    for (const user of ['ph_supervisor', 'ph_receptionist', 'ph_analyst', 'ph_clerk', 'ph_data_analyst']) {
      const res = await as(user, 'GET', '/api/facility_eid_dashboard/');
      expect(res.statusCode, user).toBe(200);
      expect(res.json().facility).toBe(after.facility);
    }
    for (const user of ['ph_admin', 'clin_admin', 'clin_supervisor', 'clin_manager', 'clin_receptionist', 'fed_tier', 'lagos_tier', 'kano_supervisor'])
      expect((await as(user, 'GET', '/api/facility_eid_dashboard/')).statusCode, user).toBe(403);
    // Another facility's EID supervisor sees their own (empty) laboratory, never Yaba's infants.
    const abuja = await dashboard('abuja_eid_supervisor');
    expect(abuja.facility).not.toBe(after.facility);
    expect(abuja.totals.tests).toBe(0);
    expect(abuja.awaiting_confirmation).toEqual({ count: 0, samples: [] });
    // The super admin administers and reads no facility's infants (DESIGN §3): the officials' dashboards are its figures.
    expect((await as('superadmin', 'GET', '/api/facility_eid_dashboard/')).statusCode).toBe(403);
    const audited = rows<{ username: string }>(
      await t.database.db.execute(sql`select username from audit_events where entity = 'eid_dashboard' and action = 'report.view'`),
    );
    expect(audited.map((a) => a.username)).toEqual(expect.arrayContaining(['ph_supervisor', 'abuja_eid_supervisor']));
  });

  it('takes SPEC §7 dates and refuses bad parameters with a 400 naming the field', async () => {
    const day = await dashboard('ph_supervisor', `?start_date=${today()}&end_date=${today()}`);
    expect(day).toMatchObject({ start_date: today(), end_date: today() });
    expect(day.totals.tests).toBeGreaterThanOrEqual(4);
    const old = await dashboard('ph_supervisor', '?start_date=2001-01-01&end_date=2001-01-31');
    expect(old.totals.tests).toBe(0);
    expect(old.by_age_band.every((b) => b.tests === 0 && b.positivity_percent === null)).toBe(true);
    expect((await as('ph_supervisor', 'GET', '/api/facility_eid_dashboard/?program=EID')).statusCode).toBe(200);
    for (const [query, field] of [
      ['?start_date=2026-02-30', 'start_date'],
      ['?end_date=tomorrow', 'end_date'],
      ['?start_date=2026-03-02&end_date=2026-03-01', 'end_date'],
      ['?program=Tuberculosis', 'program'],
    ] as const) {
      const res = await as('ph_supervisor', 'GET', `/api/facility_eid_dashboard/${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toEqual([field]);
    }
  });
});

describe('the EID demo laboratory', () => {
  it('holds EID samples in each state, and a released detected first PCR awaiting its confirmatory request', async () => {
    const demo = (await as('ph_supervisor', 'GET', '/api/eid_sample/?page=1&page_size=100')).json() as {
      results: { id: number; status: number; client_name: string }[];
    };
    const statuses = new Set(demo.results.map((r) => r.status));
    for (const status of [1, 2, 3, 4, 11]) expect(statuses, `status ${status}`).toContain(status);
    const adaeze = demo.results.find((r) => r.client_name.includes('Adaeze'))!;
    const detail = (await as('ph_supervisor', 'GET', `/api/eid_sample/${adaeze.id}/`)).json();
    expect(detail.tests[0].result).toMatchObject({ value: 'DETECTED', flag: EID_FLAG, status: R.APPROVAL });
    expect(detail.follow_on_request).toBeNull();
    expect(before.awaiting_confirmation.samples.map((s) => s.id)).toContain(adaeze.id);
    expect(before.rejections.map((r) => r.code)).toContain('DBS-WET');
  });
});
