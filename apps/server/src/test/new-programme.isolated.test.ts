import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CT, member, PCR_RESULTS, publicHealthProgramme, REF, REFERENCE_PCR, registerProgramme, requestFormSpecOf, testsOf } from '@nlims/contracts';
import { hashPassword } from '../modules/users/users.service.js';
import { rowsOf } from '../core/db.js';
import { lagosToday } from '../core/period.js';
import { approvedSample } from '../modules/notifications/notifications.test-helpers.js';
import { seedUser } from '../seed/builders.js';
import { seed } from '../seed/index.js';
import { createTestApp, type TestApp } from './harness.js';
import { LASSA, minimalForm, programmeSteps } from './programmes.js';

/**
 * A programme declared here alone — its definition and its catalogue, nothing
 * else — runs its whole day through the API: ordered with its own form,
 * received, resulted, flagged, counted on the facility dashboard and the line
 * list, on the officials' dashboard and priority diseases, in the DHIS2
 * monthly export, and told to the clinician as its definition says. If this
 * needs another line of code outside this file, a programme is not yet one
 * definition.
 *
 * It runs in a project of its own (vitest.config.ts): registering a programme
 * changes the process's registry, which the other test files must not see.
 */
const NAME = 'Marburg virus disease';
const marburg = testsOf(NAME);
const MARV_PCR = { ...REFERENCE_PCR, sampleTypes: [REF.WB, REF.SER], tatHours: 24 };
registerProgramme(
  publicHealthProgramme(
    {
      program: NAME,
      code: 'MVD',
      symptoms: [
        { value: 'fever', label: 'Fever (≥ 38 °C)' },
        { value: 'bleeding', label: 'Unexplained bleeding' },
        { value: 'other', label: 'Other' },
      ],
      specimens: ['whole_blood', 'serum'],
      vaccine: false,
      notifiable: true,
      // A priority disease of the officials' landing (and so a notifiable disease of the DHIS2 export).
      priorityDisease: { key: 'marburg' },
    },
    [
      marburg.panel('Marburg virus RT-PCR', 'MARV-PCR', MARV_PCR),
      marburg.coded('Marburg virus RT-PCR - result', 'MARV-PCR-RESULT', PCR_RESULTS, { ...member('MARV-PCR', MARV_PCR), positive: ['DETECTED'] }),
      marburg.numeric('Marburg virus RT-PCR - Ct', 'MARV-PCR-CT', { ...member('MARV-PCR', MARV_PCR), ...CT }),
    ],
  ),
);

const CASE = {
  ...LASSA,
  program: NAME,
  admin: 'mvd_admin',
  orderer: 'mvd_receptionist',
  analyst: 'mvd_analyst',
  supervisor: 'mvd_supervisor',
  test: 'MARV-PCR',
  values: { 'MARV-PCR-RESULT': 'DETECTED', 'MARV-PCR-CT': 21.4 },
  sampleType: 'SER',
  requestForm: minimalForm(requestFormSpecOf(NAME)!),
};

let t: TestApp;
/** The laboratory that runs it. */
let yabaId = 0;
beforeAll(async () => {
  // The server's start: the reference data seeded again, now with the new programme, its tests and its positives.
  t = await createTestApp({ beforeBuild: (database) => seed(database.db, { demo: false }) });
  // A laboratory that runs it, and its staff.
  const headers = { authorization: `Bearer ${await t.token('superadmin')}` };
  const [yaba] = (await t.app.inject({ url: '/api/facilities/?page=1&search=Yaba', headers })).json().results;
  yabaId = yaba.id;
  const programs = (await t.app.inject({ url: '/api/program/', headers })).json() as { id: number; name: string }[];
  const marburgId = programs.find((p) => p.name === NAME)?.id;
  expect(marburgId, 'the programme is seeded').toBeDefined();
  const { id: _id, state_name: _state, lga_name: _lga, ...facility } = (await t.app.inject({ url: `/api/facilities/${yaba.id}/`, headers })).json();
  const updated = await t.app.inject({
    method: 'PUT',
    url: `/api/facilities/${yaba.id}/`,
    headers,
    payload: { ...facility, programs: [...facility.programs, marburgId] },
  });
  expect(updated.statusCode, updated.body).toBe(200);
  for (const role of ['Admin', 'Receptionist', 'Analyst', 'Supervisor', 'Data Analyst'] as const) {
    await seedUser(t.database.db, {
      username: `mvd_${role.toLowerCase().replace(' ', '_')}`,
      passwordHash: await hashPassword('Demo@12345'),
      facilityId: yaba.id,
      roles: [[NAME, role]],
    });
  }
});
afterAll(() => t?.close());

describe('a programme declared in one definition', () => {
  const steps = programmeSteps(() => t, CASE);
  const { as, base } = steps;

  it('runs its day: form, lifecycle, flag, facility dashboard, line list, notification and the officials’ dashboard', async () => {
    // Its request form over the API, and an order with it.
    const form = await as(CASE.orderer, 'GET', `/api/request_form/?program=${encodeURIComponent(NAME)}`);
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().fields.map((f: { name: string }) => f.name)).toContain('date_of_onset');
    const bad = await as(CASE.orderer, 'POST', `${base}/`, { client: (await steps.newClient()).id, program: NAME, test_types: [], form: {} });
    expect(bad.statusCode).toBe(400);

    const { placed, sample } = await steps.received();
    expect(placed.program).toBe(NAME);
    const ids = await steps.enterAll(sample);
    expect((await as(CASE.supervisor, 'POST', '/api/results/verify/', { ids })).statusCode).toBe(200);
    const approve = await as(CASE.supervisor, 'POST', '/api/results/approve/', { ids, password: 'Demo@12345' });
    expect(approve.statusCode, approve.body).toBe(200);

    // The positive raises the disease's flag; the Ct is recorded beside it.
    const detail = (await as(CASE.supervisor, 'GET', `${base}/${sample.id}/`)).json();
    const flags = detail.tests.map((x: { result: { flag: string | null } | null }) => x.result?.flag).filter(Boolean);
    expect(flags).toContain('MARBURG VIRUS DISEASE POSITIVE');
    const report = await as(CASE.supervisor, 'GET', `${base}/${sample.id}/report/`);
    expect(report.headers['content-type']).toBe('application/pdf');

    // The facility dashboard counts one test, one positive, one case to notify.
    const dash = (await as(CASE.supervisor, 'GET', `/api/facility_general_program_dashboard/?program=${encodeURIComponent(NAME)}`)).json();
    expect(dash.by_disease.map((d: { program: string }) => d.program)).toEqual([NAME]);
    expect(dash.totals).toMatchObject({ tests: 1, positive: 1, to_notify: 1 });

    // The line list, as CSV, with the case.
    const csv = await as('mvd_data_analyst', 'GET', `/api/general_program_report/?format=csv&program=${encodeURIComponent(NAME)}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain(sample.barcode);
    expect(csv.body).toContain('DETECTED');

    // The "to notify" list holds it.
    const notify = (await as(CASE.supervisor, 'GET', '/api/public_health_notify/?page=1')).json();
    expect(notify.results.map((r: { id: number }) => r.id)).toContain(sample.id);

    // The federal official's dashboard of the programme counts it (aggregates only).
    const tier = await as('fed_tier', 'GET', `/api/tier_general_program_dashboard/?program=${encodeURIComponent(NAME)}`);
    expect(tier.statusCode, tier.body).toBe(200);
    // Its one case lies in one facility: the nation's 1 would give the facility's "< 5" back, so it is one too.
    expect(tier.json()).toMatchObject({ program: NAME, totals: { with_reading: 1, positives: null } });
    expect(tier.json().by_test.map((x: { code: string }) => x.code)).toContain('MARV-PCR-RESULT');
    expect(JSON.stringify(tier.json())).not.toContain(sample.barcode);
  });

  it('is on the officials’ priority-diseases landing, with its tests and cases', async () => {
    const fed = await as('fed_tier', 'GET', '/api/global_dashboard/');
    expect(fed.statusCode, fed.body).toBe(200);
    const tile = fed.json().tiles.find((x: { disease: string }) => x.disease === 'marburg');
    // The one positive of the first test (its single case lies in one facility, so the count stays hidden).
    expect(tile).toMatchObject({ tests: 1, with_reading: 1, positives: null });
    // The super admin sees every count.
    const all = (await as('superadmin', 'GET', '/api/global_dashboard/')).json();
    expect(all.tiles.find((x: { disease: string }) => x.disease === 'marburg')).toMatchObject({ tests: 1, positives: 1, negatives: 0 });
    expect(all.by_state.filter((r: { disease: string }) => r.disease === 'marburg')).toEqual([
      expect.objectContaining({ state_name: 'Lagos', tests: 1, positives: 1 }),
    ]);
  });

  it('is in the DHIS2 monthly export: its tests, its positives and its notifiable cases', async () => {
    const call = async (method: 'GET' | 'PUT', url: string, payload?: object) => as('superadmin', method, url, payload);
    const indicators = (await call('GET', '/api/dhis2/mappings/')).json() as { indicator: string; programme: string; disease?: string }[];
    const own = indicators.filter((i) => i.programme === NAME);
    expect(own.map((i) => i.indicator)).toEqual(['tests_mvd', 'positives_mvd', 'notifiable_marburg']);
    // Each mapped to a data element of the country's DHIS2, the laboratory to its organisation unit.
    const elements = { tests_mvd: 'MvdTests001', positives_mvd: 'MvdPosit001', notifiable_marburg: 'MvdNotif001' };
    const mapped = await call('PUT', '/api/dhis2/mappings/', {
      mappings: Object.entries(elements).map(([indicator, data_element]) => ({ indicator, data_element })),
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const unit = await call('PUT', '/api/dhis2/org_units/', { org_units: [{ facility: yabaId, org_unit: 'YabaOrgU001' }] });
    expect(unit.statusCode, unit.body).toBe(200);

    // This month (its samples' collection month): the first test's one positive result.
    const period = lagosToday().slice(0, 7).replace('-', '');
    const preview = await call('GET', `/api/dhis2/preview/?period=${period}&facility=${yabaId}`);
    expect(preview.statusCode, preview.body).toBe(200);
    const values = preview.json().payload.dataValues as { dataElement: string; orgUnit: string; period: string; value: string }[];
    for (const [indicator, element] of Object.entries(elements)) {
      expect(
        values.filter((v) => v.dataElement === element),
        indicator,
      ).toEqual([expect.objectContaining({ orgUnit: 'YabaOrgU001', period, value: expect.stringMatching(/^[1-9]\d*$/) })]);
    }
  });

  it('tells the clinician of a positive as its definition says: the value too', async () => {
    const { sample } = await approvedSample(t, CASE, { clinician_email: 'dr.mvd@example.org' });
    const outbox = rowsOf<{ recipient_kind: string; channel: string; event: string; body: string }>(
      await t.database.db.execute(sql`select recipient_kind, channel, event, body from notification_outbox where sample_id = ${sample} order by id`),
    );
    expect(outbox.map((r) => [r.recipient_kind, r.channel, r.event])).toEqual([['clinician', 'email', 'result_ready']]);
    // A public-health programme's messages carry the values (an HIV programme's would say only "ready").
    expect(outbox[0]!.body).toContain('DETECTED');
  });

  it('keeps it to its own staff and facility', async () => {
    const placed = await steps.order();
    const id = placed.samples[0]!.id;
    // Lassa fever's supervisor at another laboratory, and a TB supervisor elsewhere.
    expect([403, 404]).toContain((await as('ph_supervisor', 'GET', `${base}/${id}/`)).statusCode);
    expect([403, 404]).toContain((await as('kano_supervisor', 'GET', `${base}/${id}/`)).statusCode);
    // The receptionist may not approve.
    expect((await as(CASE.orderer, 'POST', '/api/results/approve/', { ids: [1], password: 'Demo@12345' })).statusCode).toBe(403);
  });
});
