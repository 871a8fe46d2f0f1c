import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_STATUS as R, SAMPLE_STATUS as S } from '@nlims/contracts';
import { expectAggregatesConsistent } from '../../test/aggregates.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { GENERAL, PROGRAMME_CASES, programmeSteps, seedElsewhere, stableRequestForm, TUBERCULOSIS } from '../../test/programmes.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedElsewhere(t);
});
afterAll(() => t.close());

// One lifecycle for every programme (DESIGN §4): the same steps, roles from each programme's definition.
describe.each(PROGRAMME_CASES)('the sample lifecycle in $program ($form/)', (c) => {
  const steps = programmeSteps(() => t, c);
  const { as, base } = steps;

  it('orders, collects, receives, enters, validates and approves, and finishes the sample', async () => {
    const { placed, sample } = await steps.received();
    expect(placed.program).toBe(c.program);
    expect(sample.barcode).toBe(placed.lab_number);
    const ids = await steps.enterAll(sample);
    // Review shows one row per sample with every test and its result inside.
    const review = `/api/result_samples/?page=1&program__name=${encodeURIComponent(c.program)}&search=${encodeURIComponent(sample.barcode)}`;
    const toValidate = (await as(c.supervisor, 'GET', `${review}&Filters.status=${R.ENTERED}`)).json();
    expect(toValidate.count).toBe(1);
    expect(toValidate.results[0]).toMatchObject({ id: sample.id, barcode: sample.barcode, program: c.program });
    expect(toValidate.results[0].tests.map((x: { result: { id: number } }) => x.result.id).sort()).toEqual([...ids].sort());
    // each result with its version and a culture's isolates, as the reviewer sees them
    expect(toValidate.results[0].tests[0].result).toMatchObject({ version: 1, isolates: [] });
    expect((await as(c.supervisor, 'GET', `${review}&Filters.status=${R.APPROVAL}`)).json().count).toBe(0);
    expect((await as(c.supervisor, 'POST', '/api/results/verify/', { ids })).statusCode).toBe(200);
    const approve = await as(c.supervisor, 'POST', '/api/results/approve/', { ids, password: 'Demo@12345' });
    expect(approve.statusCode, approve.body).toBe(200);
    expect((await as(c.supervisor, 'GET', `${review}&Filters.status=${R.APPROVAL}`)).json().results[0].tests).toHaveLength(ids.length);
    const detail = (await as(c.supervisor, 'GET', `${base}/${sample.id}/`)).json();
    expect(detail).toMatchObject({
      program: c.program,
      completed: true,
      form: Object.keys(c.requestForm).length ? expect.objectContaining(stableRequestForm(c)) : {},
    });
    expect(detail.tests.every((x: { status: number }) => x.status === R.APPROVAL)).toBe(true);
    const history = (await as(c.supervisor, 'GET', `${base}/${sample.id}/history/`)).json().map((h: { action: string }) => h.action);
    expect(history).toEqual(
      expect.arrayContaining(['order.created', 'sample.collect', 'sample.accept', 'result.entered', 'result.approved', 'sample.completed']),
    );
    const report = await as(c.supervisor, 'GET', `${base}/${sample.id}/report/`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('application/pdf');
    // The list shows one row per sample, in this programme only.
    const listed = (await as(c.supervisor, 'GET', `${base}/?page=1&search=${encodeURIComponent(placed.lab_number)}`)).json();
    expect(listed.results.map((r: { id: number; program: string }) => [r.id, r.program])).toEqual([[sample.id, c.program]]);
  });

  it('keeps the programme to its own roles, form and facility', async () => {
    const placed = await steps.order();
    const sample = placed.samples[0]!;
    // A user without a role here is refused; another facility does not find the sample; another form's path does not serve it.
    expect((await as(c.outsider, 'POST', `${base}/${sample.id}/cancel/`, {})).statusCode).toBe(403);
    expect((await as(c.outsider, 'GET', `${base}/${sample.id}/`)).statusCode).toBe(403);
    expect((await as(c.elsewhere, 'GET', `${base}/${sample.id}/`)).statusCode).toBe(404);
    expect((await as(c.elsewhere, 'POST', `${base}/${sample.id}/cancel/`, {})).statusCode).toBe(404);
    const otherForm = c.form === 'general_order' ? 'tb_sample' : 'general_order';
    expect([403, 404]).toContain((await as(c.supervisor, 'GET', `/api/${otherForm}/${sample.id}/`)).statusCode);
    // The analyst may not order or receive; the receptionist may not validate.
    expect((await as(c.analyst, 'POST', `${base}/${sample.id}/cancel/`, {})).statusCode).toBe(403);
    expect((await as(c.orderer, 'POST', '/api/results/verify/', { ids: [1] })).statusCode).toBe(403);
    // Counts per programme.
    const counts = (await as(c.supervisor, 'GET', `/api/test_status_count/?program__name=${encodeURIComponent(c.program)}`)).json();
    expect(counts.find((x: { test_order_status: number }) => x.test_order_status === S.ORDERED)?.count).toBeGreaterThan(0);
  });

  it('lets one of two receptionists accept a sample at the same time; the other gets 409', async () => {
    const placed = await steps.order();
    const sample = placed.samples[0]!;
    await as(c.orderer, 'POST', `${base}/${sample.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: await steps.sampleTypeId() });
    const both = await Promise.all([as(c.orderer, 'POST', `${base}/${sample.id}/accept/`, {}), as(c.supervisor, 'POST', `${base}/${sample.id}/accept/`, {})]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('accepts many samples in one all-or-nothing move', async () => {
    const a = (await steps.order()).samples[0]!;
    const b = (await steps.order()).samples[0]!;
    const type = await steps.sampleTypeId();
    expect((await as(c.orderer, 'POST', `${base}/collect/`, { ids: [a.id, b.id], collected_at: new Date().toISOString(), sample_type: type })).statusCode).toBe(
      200,
    );
    expect((await as(c.orderer, 'POST', `${base}/accept/`, { ids: [a.id, b.id] })).statusCode).toBe(200);
    // b is no longer collected: accepting both again changes nothing.
    expect((await as(c.orderer, 'POST', `${base}/cancel/`, { ids: [a.id, b.id] })).statusCode).toBe(409);
    expect((await as(c.orderer, 'GET', `${base}/${a.id}/`)).json().status).toBe(S.APPROVED);
  });
});

describe('moves on a rack of samples, set-based', () => {
  const steps = programmeSteps(() => t, GENERAL);
  const { as, base } = steps;
  it('holds samples in different statuses and releases each to its own; one audit row per sample; a bulk reject of some tests is refused', async () => {
    const ordered = (await steps.order()).samples[0]!;
    const collected = (await steps.order()).samples[0]!;
    const { sample: accepted } = await steps.received();
    await as(GENERAL.orderer, 'POST', `${base}/${collected.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: await steps.sampleTypeId() });
    const ids = [ordered.id, collected.id, accepted.id];
    const held = await as(GENERAL.supervisor, 'POST', `${base}/hold/`, { ids, reason: 'Freezer fault' });
    expect(held.statusCode, held.body).toBe(200);
    const status = async (id: number) => (await as(GENERAL.supervisor, 'GET', `${base}/${id}/`)).json().status;
    for (const id of ids) expect(await status(id)).toBe(S.ON_HOLD);
    expect((await as(GENERAL.supervisor, 'POST', `${base}/release/`, { ids })).statusCode).toBe(200);
    expect([await status(ordered.id), await status(collected.id), await status(accepted.id)]).toEqual([S.ORDERED, S.COLLECTED, S.APPROVED]);
    const history = (await as(GENERAL.supervisor, 'GET', `${base}/${collected.id}/history/`)).json() as { action: string; to_status: number }[];
    expect(history.filter((h) => h.action === 'sample.release').map((h) => h.to_status)).toEqual([S.COLLECTED]);
    const other = (await steps.order()).samples[0]!;
    await as(GENERAL.orderer, 'POST', `${base}/${other.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: await steps.sampleTypeId() });
    const some = await as(GENERAL.supervisor, 'POST', `${base}/reject/`, {
      ids: [other.id, collected.id],
      rejection_reason: 1,
      test_orders: [collected.tests[0]!.id],
    });
    expect(some.statusCode).toBe(400);
    expect(some.json()).toHaveProperty('test_orders');
    // one sample out of place (another facility's, or already finished) and nothing moves
    const refused = await as(GENERAL.supervisor, 'POST', `${base}/cancel/`, { ids: [ordered.id, accepted.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain(accepted.barcode);
    expect(await status(ordered.id)).toBe(S.ORDERED);
  });
});

describe('General: tests that need different sample types', () => {
  const steps = programmeSteps(() => t, GENERAL);
  it('a full blood count and a glucose become two samples with two labels; reception decides each; the report names each type', async () => {
    const placed = await steps.order(['FBC', 'FBG']);
    expect(placed.samples).toHaveLength(2);
    const [blood, serum] = placed.samples as [(typeof placed.samples)[number], (typeof placed.samples)[number]];
    expect(blood.barcode).toBe(placed.lab_number);
    expect(serum.barcode).toBe(`${placed.lab_number}-2`);
    expect(blood.sample_type_name).toMatch(/EDTA/);
    for (const label of [blood, serum]) {
      const pdf = await steps.as('clin_receptionist', 'GET', `/api/general_order/${label.id}/label/`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-disposition']).toContain(label.barcode);
    }
    for (const s of [blood, serum])
      await steps.as('clin_receptionist', 'POST', `/api/general_order/${s.id}/collect/`, {
        collected_at: new Date().toISOString(),
        sample_type: s.sample_type,
      });
    expect((await steps.as('clin_receptionist', 'POST', `/api/general_order/${blood.id}/accept/`, {})).json().status).toBe(S.APPROVED);
    const rejected = await steps.as('clin_receptionist', 'POST', `/api/general_order/${serum.id}/reject/`, { rejection_reason: 1, comment: 'haemolysed' });
    expect(rejected.json()).toMatchObject({ status: S.REJECTED, samples: [{ status: S.APPROVED }, { status: S.REJECTED }] });
    const report = await steps.as('clin_supervisor', 'GET', `/api/general_order/${blood.id}/report/`);
    const text = report.rawPayload.toString('latin1');
    expect(report.statusCode).toBe(200);
    expect(text.length).toBeGreaterThan(1000);
  });
});

describe('Tuberculosis: rifampicin resistance', () => {
  const steps = programmeSteps(() => t, TUBERCULOSIS);
  it('flags RR-TB and orders LPA, culture and DST on a new sample of the same order in one action', async () => {
    await steps.offer('TB-LPA1', 'TB-LPA2', 'TB-CULTURE', 'TB-DST1');
    const { placed, sample } = await steps.received();
    // Nothing is due before a result says so.
    expect((await steps.as('ph_receptionist', 'POST', `/api/tb_sample/${sample.id}/follow_on/`, {})).statusCode).toBe(409);
    const ids = await steps.enterAll(sample);
    const rif = (await steps.as('ph_supervisor', 'GET', `/api/tb_sample/${sample.id}/`))
      .json()
      .tests.find((x: { result: { value: string } | null }) => String(x.result?.value).startsWith('RIF'));
    expect(rif.result.flag).toBe('RR-TB');
    await steps.as('ph_supervisor', 'POST', '/api/results/verify/', { ids });
    await steps.as('ph_supervisor', 'POST', '/api/results/approve/', { ids, password: 'Demo@12345' });
    const next = await steps.as('ph_receptionist', 'POST', `/api/tb_sample/${sample.id}/follow_on/`, {});
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json()).toMatchObject({ id: placed.id, lab_number: placed.lab_number, samples: [{ barcode: `${placed.lab_number}-2` }] });
    expect(next.json().samples[0].tests.length).toBeGreaterThanOrEqual(4);
    // Once ordered, not twice.
    expect((await steps.as('ph_receptionist', 'POST', `/api/tb_sample/${sample.id}/follow_on/`, {})).statusCode).toBe(409);
    // The request form's LGA TB number becomes the client's identifier; the same number cannot be another patient's.
    const tbNumber = `LAG/TB/${Date.now()}`;
    const first = await steps.newClient();
    const xpert = (await steps.testByCode('TB-XPERT')).id;
    const numbered = await steps.as('ph_receptionist', 'POST', '/api/tb_sample/', {
      client: first.id,
      test_types: [xpert],
      form: { ...TUBERCULOSIS.requestForm, lga_tb_number: tbNumber },
    });
    expect(numbered.statusCode, numbered.body).toBe(201);
    const found = (await steps.as('ph_receptionist', 'GET', `/api/clients/?page=1&search=${encodeURIComponent(tbNumber)}`)).json();
    expect(found.results.map((r: { id: number }) => r.id)).toEqual([first.id]);
    const other = await steps.newClient();
    const clash = await steps.as('ph_receptionist', 'POST', '/api/tb_sample/', {
      client: other.id,
      test_types: [xpert],
      form: { ...TUBERCULOSIS.requestForm, lga_tb_number: tbNumber },
    });
    expect(clash.json()).toEqual({ 'form.lga_tb_number': ['This LGA TB number belongs to another client.'] });
    // The request form is checked against the programme's schema.
    const client = await steps.newClient();
    const bad = await steps.as('ph_receptionist', 'POST', '/api/tb_sample/', {
      client: client.id,
      test_types: [(await steps.testByCode('TB-XPERT')).id],
      form: { ...TUBERCULOSIS.requestForm, reason_for_examination: 'follow_up' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toContain('form.treatment_month');
  });
});

describe('Tuberculosis: members a result settles', () => {
  const steps = programmeSteps(() => t, TUBERCULOSIS);
  it('closes the RIF member after MTB NOT DETECTED, so the sample completes; reopens it when a new run detects MTB', async () => {
    const { sample } = await steps.received();
    const codes = new Map((await steps.catalogue()).map((x) => [x.id, x.code]));
    const [mtbTest, rifTest] = ['TB-XPERT-MTB', 'TB-XPERT-RIF'].map((code) => sample.tests.find((x) => codes.get(x.test_type) === code)!);
    const first = (await steps.as('ph_analyst', 'POST', '/api/results/', { test_order: mtbTest!.id, value: 'MTB NOT DETECTED' })).json();
    const statusOf = async (id: number) =>
      (await steps.as('ph_supervisor', 'GET', `/api/tb_sample/${sample.id}/`)).json().tests.find((x: { id: number }) => x.id === id).status;
    expect(await statusOf(rifTest!.id)).toBe(16);
    // A retest of the MTB run that now detects MTB reopens the RIF member for a result.
    await steps.as('ph_supervisor', 'POST', `/api/results/${first.id}/retest/`, { reason: 'Error on the cartridge log' });
    await steps.as('ph_analyst', 'POST', '/api/results/', { test_order: mtbTest!.id, value: 'MTB DETECTED LOW' });
    expect(await statusOf(rifTest!.id)).toBe(S.APPROVED);
    // Back to not detected: closed again, and approving the one result that applies completes the sample.
    const again = (await steps.as('ph_supervisor', 'GET', `/api/tb_sample/${sample.id}/`))
      .json()
      .tests.find((x: { id: number }) => x.id === mtbTest!.id).result;
    await steps.as('ph_supervisor', 'POST', `/api/results/${again.id}/retest/`, { reason: 'Second cartridge' });
    const last = (await steps.as('ph_analyst', 'POST', '/api/results/', { test_order: mtbTest!.id, value: 'MTB NOT DETECTED' })).json();
    await steps.as('ph_supervisor', 'POST', '/api/results/verify/', { ids: [last.id] });
    await steps.as('ph_supervisor', 'POST', '/api/results/approve/', { ids: [last.id], password: 'Demo@12345' });
    const done = (await steps.as('ph_supervisor', 'GET', `/api/tb_sample/${sample.id}/`)).json();
    expect(done.completed).toBe(true);
    expect(done.tests.map((x: { status: number }) => x.status).sort()).toEqual([R.APPROVAL, 16].sort());
  });
});

describe("the dashboards' daily rows", () => {
  it('equal a rebuild after every move above (orders, reception, results, review, amendment)', async () => {
    expect(await expectAggregatesConsistent(t.database.db)).toBeGreaterThan(0);
  });
});
