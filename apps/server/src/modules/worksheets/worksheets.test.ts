import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { seedUser } from '../../seed/builders.js';
import { DEMO_PASSWORD } from '../../seed/demo.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { programmeSteps, VIRAL_LOAD } from '../../test/programmes.js';
import { hashPassword } from '../users/users.service.js';
import { m2000Row, writeM2000Log } from './files/m2000-log.js';

/** Worksheets of the viral-load bench: a template, a plate loaded from the workplan, its results file. */

let t: TestApp;
let template: number;
let low: number;
let high: number;
const vl = programmeSteps(() => t, VIRAL_LOAD);

const call = async (actor: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await t.token(actor)), ...(payload ? { payload } : {}) });
const db = () => t.database.db;
const testId = async (code: string) => rowsOf<{ id: number }>(await db().execute(sql`select id from test_types where code = ${code}`))[0]!.id;

async function material(level: string, mean: number, sd: number): Promise<number> {
  const res = await call('ph_admin', 'POST', '/api/qc_test_config/', {
    test_type: await testId('VL-HIV-RNA'),
    name: `WS control ${level}`,
    lot_number: `WS-${level}`,
    expiry_date: '2027-12-31',
    level,
    target_mean: mean,
    target_sd: sd,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** Accepted viral-load samples: the sample and its copies test order. */
async function accepted(n: number) {
  const rna = await testId('VL-HIV-RNA');
  const out: { sample: number; barcode: string; test: number }[] = [];
  for (let i = 0; i < n; i++) {
    const { sample } = await vl.received();
    out.push({ sample: sample.id, barcode: sample.barcode, test: sample.tests.find((x) => x.test_type === rna)!.id });
  }
  return out;
}

const controls = (lowText = '767 Copies / mL', highText = '96,181 Copies / mL') => [
  m2000Row('A1', 'HIV_NEG', 'Control', 'Not detected'),
  m2000Row('A2', 'HIV_LOPOS', 'Control', lowText),
  m2000Row('A3', 'HIV_HIPOS', 'Control', highText),
];
const file = (rows: string[][]) => ({ file_name: 'run.txt', content: writeM2000Log(rows) });
const sampleStatus = async (id: number) => rowsOf<{ status: number }>(await db().execute(sql`select status from samples where id = ${id}`))[0]!.status;
const testStatus = async (id: number) => rowsOf<{ status: number }>(await db().execute(sql`select status from test_orders where id = ${id}`))[0]!.status;

beforeAll(async () => {
  t = await createTestApp();
  low = await material('low', 800, 100);
  high = await material('high', 100_000, 10_000);
  const res = await call('ph_supervisor', 'POST', '/api/worksheet_template/', {
    name: 'm2000 HIV-1 VL 96',
    test_type: await testId('VL-HIV-RNA'),
    format: 'abbott-m2000',
    size: 96,
    fill: 'column',
    controls: [
      { well: 'A1', label: 'Negative', expect: 'negative' },
      { well: 'A2', label: 'Low positive', material: low },
      { well: 'A3', label: 'High positive', material: high },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  template = res.json().id;
});
afterAll(() => t.close());

describe('worksheet templates', () => {
  it('refuse a well off the plate, a well used twice, a generic CSV without its mapping, and another test’s control', async () => {
    const base = { name: 'X', test_type: await testId('VL-HIV-RNA'), format: 'abbott-m2000', size: 24 };
    const bad = await call('ph_supervisor', 'POST', '/api/worksheet_template/', {
      ...base,
      controls: [
        { well: 'H12', label: 'N' },
        { well: 'A1', label: 'L' },
        { well: 'a1', label: 'H' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ 'controls.0.well': ['A 24-position plate has no well H12.'], 'controls.2.well': ['Well A1 is used twice.'] });
    expect((await call('ph_supervisor', 'POST', '/api/worksheet_template/', { ...base, format: 'generic-csv' })).json()).toEqual({
      mapping: ['A generic CSV needs its column mapping.'],
    });
    const hb = await call('ph_admin', 'POST', '/api/qc_test_config/', {
      test_type: await testId('EID-DNA-PCR'),
      name: 'EID control',
      lot_number: 'E1',
      expiry_date: '2027-12-31',
      level: 'high',
      target_mean: 30,
      target_sd: 1,
    });
    const wrong = await call('ph_supervisor', 'POST', '/api/worksheet_template/', { ...base, controls: [{ well: 'A1', label: 'P', material: hb.json().id }] });
    expect(wrong.json()).toEqual({ 'controls.0.material': ["This control material is not for the template's test."] });
  });

  it('are for programmes with worksheets, kept by their analysts and supervisors and the facility admin', async () => {
    const general = await call('clin_admin', 'POST', '/api/worksheet_template/', {
      name: 'Chemistry',
      test_type: await testId('FBG'),
      format: 'generic-csv',
      size: 96,
      mapping: { sampleId: 'ID', value: 'Result' },
    });
    expect(general.json()).toEqual({ test_type: ['The General programme has no worksheets.'] });
    expect((await call('ph_receptionist', 'GET', '/api/worksheet_template/')).statusCode).toBe(403);
    expect((await call('clin_supervisor', 'GET', '/api/worksheet_template/')).statusCode).toBe(403);
    const kano = await call('kano_supervisor', 'GET', `/api/worksheet_template/${template}/`);
    expect(kano.statusCode).toBe(404);
  });
});

describe('a viral-load worksheet', () => {
  let placed: Awaited<ReturnType<typeof accepted>>;
  let id: number;

  it('is proposed from the workplan after the controls, urgent first, then oldest', async () => {
    placed = await accepted(4);
    const res = await call('ph_analyst', 'GET', `/api/worksheet/proposal/?template=${template}`);
    expect(res.statusCode, res.body).toBe(200);
    const proposal = res.json();
    expect(proposal.template.controls.map((c: { well: string }) => c.well)).toEqual(['A1', 'A2', 'A3']);
    // Column order past the controls: B1, C1 … H1, B2 …
    expect(proposal.placed[0].well).toBe('B1');
    const barcodes = [...proposal.placed, ...proposal.waiting].map((c: { barcode: string }) => c.barcode);
    for (const s of placed) expect(barcodes).toContain(s.barcode);
  });

  it('moves its samples to WORKSHEET, one worksheet at a time', async () => {
    const res = await call('ph_analyst', 'POST', '/api/worksheet/', {
      template,
      positions: placed.map((s, i) => ({ well: ['B1', 'C1', 'D1', 'E1'][i], test_order: s.test })),
    });
    expect(res.statusCode, res.body).toBe(201);
    const ws = res.json();
    id = ws.id;
    expect(ws.number).toMatch(/^WS-\d{4}-\d{4}$/);
    expect(ws.state).toBe('open');
    expect(ws.positions.filter((x: { kind: string }) => x.kind === 'control').map((x: { well: string; label: string }) => [x.well, x.label])).toEqual([
      ['A1', 'Negative'],
      ['A2', 'Low positive'],
      ['A3', 'High positive'],
    ]);
    expect(await sampleStatus(placed[0]!.sample)).toBe(12);
    const audit = rowsOf<{ action: string; to_status: number }>(
      await db().execute(
        sql`select action, to_status from audit_events where entity = 'sample' and entity_id = ${String(placed[0]!.sample)} order by id desc limit 1`,
      ),
    );
    expect(audit).toEqual([{ action: 'sample.worksheet', to_status: 12 }]);
    const twice = await call('ph_analyst', 'POST', '/api/worksheet/', { template, positions: [{ well: 'B1', test_order: placed[0]!.test }] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toContain(`already on worksheet ${ws.number}`);
    const proposal = (await call('ph_analyst', 'GET', `/api/worksheet/proposal/?template=${template}`)).json();
    expect([...proposal.placed, ...proposal.waiting].map((c: { barcode: string }) => c.barcode)).not.toContain(placed[0]!.barcode);
  });

  it('refuses a control well, a well twice and a sample of another test, naming the field', async () => {
    const other = (await accepted(1))[0]!;
    const logTest = rowsOf<{ id: number }>(
      await db().execute(
        sql`select t.id from test_orders t join test_types tt on tt.id = t.test_type_id where t.sample_id = ${other.sample} and tt.code = 'VL-HIV-LOG'`,
      ),
    )[0]!.id;
    const res = await call('ph_analyst', 'POST', '/api/worksheet/', { template, positions: [{ well: 'A2', test_order: other.test }] });
    expect(res.json()).toEqual({ 'positions.0.well': ['Well A2 holds a control.'] });
    const twice = await call('ph_analyst', 'POST', '/api/worksheet/', {
      template,
      positions: [
        { well: 'B1', test_order: other.test },
        { well: 'B1', test_order: logTest },
      ],
    });
    expect(twice.json()).toEqual({ 'positions.1.well': ['Well B1 is used twice.'] });
    const log = await call('ph_analyst', 'POST', '/api/worksheet/', { template, positions: [{ well: 'B1', test_order: logTest }] });
    expect(log.json()['positions.0.test_order'][0]).toMatch(/is not waiting for HIV-1 RNA viral load/);
  });

  it('prints its plate map and worklist', async () => {
    const pdf = await call('ph_analyst', 'GET', `/api/worksheet/${id}/plate.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const list = await call('ph_analyst', 'GET', `/api/worksheet/${id}/worklist/`);
    expect(list.statusCode).toBe(200);
    const lines = list.body.trim().split('\r\n');
    expect(lines[0]).toBe('Position,SampleId,SampleType,Test');
    expect(lines[1]).toBe('A1,Negative,Control,HIV-1 RNA viral load');
    expect(lines[2]).toBe(`B1,${placed[0]!.barcode},Patient,HIV-1 RNA viral load`);
  });

  it('refuses a file that is not the template’s format, lacks a column, or is another plate’s', async () => {
    const notM2000 = await call('ph_analyst', 'POST', `/api/worksheet/${id}/import/`, { file_name: 'x.csv', content: 'SpecimenId,Value\nA,1\n' });
    expect(notM2000.statusCode).toBe(400);
    expect(notM2000.json().file[0]).toMatch(/Result Information/);
    const missing = writeM2000Log([m2000Row('A1', 'HIV_NEG', 'Control', 'Not detected')], 'P', ['Location', 'SampleId', 'SampleType']);
    expect((await call('ph_analyst', 'POST', `/api/worksheet/${id}/import/`, { file_name: 'x.txt', content: missing })).json()).toEqual({
      file: ['Line 17, column "ReportedResult": this column is missing.'],
    });
    const other = await call(
      'ph_analyst',
      'POST',
      `/api/worksheet/${id}/import/`,
      file([...controls(), m2000Row('B1', 'NOT-HERE-1', 'Patient', '500 Copies / mL')]),
    );
    expect(other.json().file[0]).toMatch(/None of the file's sample IDs is on worksheet/);
  });

  it('previews the file without saving anything, then saves the results as ENTERED', async () => {
    const rows = [
      ...controls(),
      m2000Row('B1', placed[0]!.barcode, 'Patient', '767 Copies / mL'),
      m2000Row('C1', placed[1]!.barcode, 'Patient', '< 40 Copies / mL'),
      m2000Row('D1', placed[2]!.barcode, 'Patient', 'Not detected'),
      m2000Row('E1', placed[3]!.barcode, 'Patient', '', { Status: 'Invalid', ErrorCode: '4442', ErrorDescription: 'Internal control failed' }),
      m2000Row('F1', 'STRAY-001', 'Patient', '1,000 Copies / mL'),
    ];
    const preview = await call('ph_analyst', 'POST', `/api/worksheet/${id}/import/`, file(rows));
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(body.passed).toBe(true);
    expect(body.counts).toEqual({ results: 3, retest: 1, unmatched: 1 });
    expect(body.controls.map((c: { label: string; passed: boolean }) => [c.label, c.passed])).toEqual([
      ['Negative', true],
      ['Low positive', true],
      ['High positive', true],
    ]);
    expect(body.rows.find((r: { sample_id: string }) => r.sample_id === placed[1]!.barcode)).toMatchObject({ well: 'C1', kind: 'sample', value: '< 40' });
    expect(body.rows.find((r: { sample_id: string }) => r.sample_id === 'STRAY-001')).toMatchObject({ kind: 'unmatched', problem: 'Not on this worksheet.' });
    // Nothing saved by the preview.
    expect(await testStatus(placed[0]!.test)).toBe(3);
    expect((await call('ph_analyst', 'GET', `/api/worksheet/${id}/`)).json().state).toBe('open');

    const saved = await call('ph_analyst', 'POST', `/api/worksheet/${id}/results/`, file(rows));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ state: 'closed', passed: true, counts: { results: 3, retest: 1, unmatched: 1 } });
    expect(saved.json().qc_run).toEqual(expect.any(Number));
    expect(await testStatus(placed[0]!.test)).toBe(5);
    expect(await testStatus(placed[3]!.test)).toBe(9);
    expect(await sampleStatus(placed[0]!.sample)).toBe(11);
    expect(await sampleStatus(placed[3]!.sample)).toBe(3);
    const result = rowsOf<{ value_numeric: number; value_text: string | null; comment: string }>(
      await db().execute(
        sql`select value_numeric::float as value_numeric, value_text, comment from results where test_order_id = ${placed[1]!.test} and current`,
      ),
    );
    expect(result).toEqual([{ value_numeric: 40, value_text: '<', comment: expect.stringMatching(/^Worksheet WS-.*, C1$/) }]);
    const retest = rowsOf<{ reason: string }>(
      await db().execute(sql`select reason from audit_events where action = 'test.retest' and entity_id = ${String(placed[3]!.sample)}`),
    );
    expect(retest[0]!.reason).toMatch(/Instrument error: 4442 Internal control failed/);
    const again = await call('ph_analyst', 'POST', `/api/worksheet/${id}/results/`, file(rows));
    expect(again.statusCode).toBe(409);
    // The archive finds it by a sample's barcode.
    const archive = await call('ph_analyst', 'GET', `/api/worksheet/?state=archive&search=${placed[2]!.barcode}`);
    expect(archive.json().results.map((w: { id: number }) => w.id)).toEqual([id]);
    const detail = (await call('ph_analyst', 'GET', `/api/worksheet/${id}/`)).json();
    expect(detail.positions.find((x: { well: string }) => x.well === 'E1')).toMatchObject({ outcome: 'retest' });
    expect(detail.file_name).toBe('run.txt');
  });

  it('sends every sample back for retest when its high-positive control fails', async () => {
    const two = await accepted(2);
    const created = await call('ph_supervisor', 'POST', '/api/worksheet/', {
      template,
      positions: two.map((s, i) => ({ well: ['B1', 'C1'][i], test_order: s.test })),
    });
    expect(created.statusCode, created.body).toBe(201);
    const ws = created.json();
    const rows = [
      ...controls('820 Copies / mL', '160,000 Copies / mL'),
      m2000Row('B1', two[0]!.barcode, 'Patient', '1,500 Copies / mL'),
      m2000Row('C1', two[1]!.barcode, 'Patient', 'Not detected'),
    ];
    const saved = await call('ph_supervisor', 'POST', `/api/worksheet/${ws.id}/results/`, file(rows));
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json();
    expect(body).toMatchObject({ state: 'failed', passed: false, counts: { results: 0, retest: 2 } });
    expect(body.controls.find((c: { label: string }) => c.label === 'High positive')).toMatchObject({ passed: false, reason: expect.stringMatching(/1-3s/) });
    for (const s of two) {
      expect(await testStatus(s.test)).toBe(9);
      expect(await sampleStatus(s.sample)).toBe(3);
    }
    const qc = rowsOf<{ verdict: string }>(await db().execute(sql`select verdict from qc_runs where id = ${body.qc_run}`));
    expect(qc).toEqual([{ verdict: 'rejected' }]);
    // back on the workplan, ready for another worksheet
    const proposal = (await call('ph_analyst', 'GET', `/api/worksheet/proposal/?template=${template}`)).json();
    expect([...proposal.placed, ...proposal.waiting].map((c: { barcode: string }) => c.barcode)).toContain(two[0]!.barcode);
  });

  it('sends a value its test refuses (outside the reportable range) for retest, and enters the others', async () => {
    const two = await accepted(2);
    const created = await call('ph_analyst', 'POST', '/api/worksheet/', {
      template,
      positions: two.map((s, i) => ({ well: ['B1', 'C1'][i], test_order: s.test })),
    });
    const rows = [
      ...controls('790 Copies / mL', '101,000 Copies / mL'),
      m2000Row('B1', two[0]!.barcode, 'Patient', '25,000,000 Copies / mL'),
      m2000Row('C1', two[1]!.barcode, 'Patient', '3,400 Copies / mL'),
    ];
    const preview = (await call('ph_analyst', 'POST', `/api/worksheet/${created.json().id}/import/`, file(rows))).json();
    expect(preview.counts).toEqual({ results: 1, retest: 1, unmatched: 0 });
    expect(preview.rows.find((r: { sample_id: string }) => r.sample_id === two[0]!.barcode).problem).toMatch(/reportable range/);
    const saved = (await call('ph_analyst', 'POST', `/api/worksheet/${created.json().id}/results/`, file(rows))).json();
    expect(saved).toMatchObject({ state: 'closed', counts: { results: 1, retest: 1 } });
    expect(await testStatus(two[0]!.test)).toBe(9);
    expect(await testStatus(two[1]!.test)).toBe(5);
  });

  it('runs a sample again in its duplicate well: listed twice, its second value recorded beside it, never entered', async () => {
    const rna = await testId('VL-HIV-RNA');
    const bad = await call('ph_supervisor', 'POST', '/api/worksheet_template/', {
      name: 'With a duplicate',
      test_type: rna,
      format: 'abbott-m2000',
      size: 96,
      controls: [
        { well: 'A1', label: 'Negative', expect: 'negative' },
        { well: 'H12', kind: 'duplicate', label: 'Duplicate' },
        { well: 'H11', kind: 'duplicate', label: 'Duplicate', of: 'A1' },
      ],
    });
    expect(bad.json()).toEqual({
      'controls.1.of': ['Name the sample well this duplicate repeats.'],
      'controls.2.of': ['Well A1 is not a sample position of this plate.'],
    });
    const made = await call('ph_supervisor', 'POST', '/api/worksheet_template/', {
      name: 'With a duplicate',
      test_type: rna,
      format: 'abbott-m2000',
      size: 96,
      controls: [
        { well: 'A1', label: 'Negative', expect: 'negative' },
        { well: 'H12', kind: 'duplicate', label: 'Duplicate', of: 'B1' },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const [s] = await accepted(1);
    const ws = (await call('ph_analyst', 'POST', '/api/worksheet/', { template: made.json().id, positions: [{ well: 'B1', test_order: s!.test }] })).json();
    expect(ws.positions.find((x: { well: string }) => x.well === 'H12')).toMatchObject({ kind: 'duplicate', of: 'B1', barcode: s!.barcode });
    const list = (await call('ph_analyst', 'GET', `/api/worksheet/${ws.id}/worklist/`)).body;
    expect(list.split(s!.barcode).length - 1).toBe(2);
    const rows = [
      m2000Row('A1', 'HIV_NEG', 'Control', 'Not detected'),
      m2000Row('B1', s!.barcode, 'Patient', '2,400 Copies / mL'),
      m2000Row('H12', s!.barcode, 'Patient', '2,650 Copies / mL'),
    ];
    const saved = (await call('ph_analyst', 'POST', `/api/worksheet/${ws.id}/results/`, file(rows))).json();
    expect(saved).toMatchObject({ state: 'closed', counts: { results: 1, retest: 0 } });
    expect(saved.rows.map((r: { well: string; kind: string }) => [r.well, r.kind])).toEqual([
      ['A1', 'control'],
      ['B1', 'sample'],
      ['H12', 'duplicate'],
    ]);
    const detail = (await call('ph_analyst', 'GET', `/api/worksheet/${ws.id}/`)).json();
    expect(detail.positions.find((x: { well: string }) => x.well === 'H12')).toMatchObject({ result_value: '2650', outcome: null });
    const entered = rowsOf<{ value: number }>(
      await db().execute(sql`select value_numeric::float as value from results where test_order_id = ${s!.test} and current`),
    );
    expect(entered).toEqual([{ value: 2400 }]);
  });

  it('can be cancelled while open, its samples back on the workplan', async () => {
    const [s] = await accepted(1);
    const ws = (await call('ph_analyst', 'POST', '/api/worksheet/', { template, positions: [{ well: 'B1', test_order: s!.test }] })).json();
    expect((await call('ph_analyst', 'POST', `/api/worksheet/${ws.id}/cancel/`, {})).json()).toEqual({ reason: ['Give a reason.'] });
    const res = await call('ph_analyst', 'POST', `/api/worksheet/${ws.id}/cancel/`, { reason: 'Plate dropped' });
    expect(res.json()).toMatchObject({ state: 'cancelled', reason: 'Plate dropped' });
    expect(await sampleStatus(s!.sample)).toBe(3);
    expect((await call('ph_analyst', 'POST', `/api/worksheet/${ws.id}/cancel/`, { reason: 'again' })).statusCode).toBe(409);
  });

  it('keeps the results file it was closed with, served byte for byte to whoever reads the worksheet', async () => {
    const [s] = await accepted(1);
    const ws = (await call('ph_analyst', 'POST', '/api/worksheet/', { template, positions: [{ well: 'B1', test_order: s!.test }] })).json();
    const url = `/api/worksheet/${ws.id}/results_file/`;
    // an open worksheet has no file yet
    expect((await call('ph_analyst', 'GET', url)).statusCode).toBe(404);
    const content = writeM2000Log(
      [...controls('790 Copies / mL', '99,000 Copies / mL'), m2000Row('B1', s!.barcode, 'Patient', '1,200 Copies / mL', { Interpretation: 'Détecté' })],
      'Plaque µ-7',
    );
    const saved = await call('ph_analyst', 'POST', `/api/worksheet/${ws.id}/results/`, { file_name: 'D:\\m2000\\Résultats "7".txt', content });
    expect(saved.statusCode, saved.body).toBe(200);

    const res = await call('ph_analyst', 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.equals(Buffer.from(content, 'utf8'))).toBe(true);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    // the name without its folders or quotes, in ASCII and in UTF-8
    expect(res.headers['content-disposition']).toBe(`attachment; filename="R_sultats _7_.txt"; filename*=UTF-8''R%C3%A9sultats%20_7_.txt`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const audit = rowsOf<{ action: string; username: string }>(
      await db().execute(
        sql`select a.action, u.username from audit_events a join users u on u.id = a.user_id where a.entity = 'worksheet' and a.entity_id = ${String(ws.id)} order by a.id desc limit 1`,
      ),
    );
    expect(audit).toEqual([{ action: 'worksheet.file_download', username: 'ph_analyst' }]);
    expect((await call('ph_supervisor', 'GET', url)).rawPayload.equals(res.rawPayload)).toBe(true);

    // another facility, a Yaba analyst of another programme only, and a receptionist do not get it
    expect((await call('kano_supervisor', 'GET', url)).statusCode).toBe(404);
    const [staff] = rowsOf<{ facility: number }>(await db().execute(sql`select facility_id as facility from users where username = 'ph_analyst'`));
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await seedUser(db(), { username: 'ws_tb_only_analyst', passwordHash, facilityId: staff!.facility, roles: [['Tuberculosis', 'Analyst']] });
    const outsider = await call('ws_tb_only_analyst', 'GET', url);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.body).not.toContain(s!.barcode);
    expect((await call('ph_receptionist', 'GET', url)).statusCode).toBe(403);

    // the OpenAPI document lists it
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths['/api/worksheet/{id}/results_file/'] ?? {})).toEqual(['get']);
  });

  it('is seen and moved by the programme’s analysts and supervisors of its facility only', async () => {
    expect((await call('ph_receptionist', 'GET', `/api/worksheet/${id}/`)).statusCode).toBe(403);
    expect((await call('clin_supervisor', 'GET', `/api/worksheet/proposal/?template=${template}`)).statusCode).toBe(403);
    expect((await call('kano_supervisor', 'GET', `/api/worksheet/${id}/`)).statusCode).toBe(404);
    expect((await call('kano_supervisor', 'GET', `/api/worksheet/${id}/plate.pdf`)).statusCode).toBe(404);
    expect((await call('kano_supervisor', 'POST', `/api/worksheet/${id}/import/`, file(controls()))).statusCode).toBe(404);
    expect((await call('kano_supervisor', 'GET', '/api/worksheet/?state=archive')).json().results.map((w: { id: number }) => w.id)).not.toContain(id);
    expect((await call('ph_receptionist', 'POST', '/api/worksheet/', { template, positions: [{ well: 'B1', test_order: 1 }] })).statusCode).toBe(403);
  });
});
