import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { bearer, createTestApp } from '../../test/harness.js';
import { GENERAL, programmeSteps } from '../../test/programmes.js';
import { renderReport, reportData } from '../reports/reports.service.js';
import { principalOf as demoPrincipal } from '../../seed/demo-steps.js';
import { form, PNG, pdf, withOwnDataDir } from './files.test-helpers.js';

/**
 * Attachments at Ikeja: a photo of a sample at reception, an analyser print-out on a result that goes with the
 * report, a file on a non-conformity report; who may add, read and change them follows the sample's programme
 * and facility (a referred sample is its testing laboratory's; the facility that referred it still reads).
 */

let t: Awaited<ReturnType<typeof build>>;
const build = () => withOwnDataDir(() => createTestApp());
const general = programmeSteps(() => t, GENERAL);
let sample: { id: number; tests: { id: number }[] };

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = async (user: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await t.token(user)), ...(payload ? { payload: payload as never } : {}) });
const attach = async (user: string, target: string, id: number, fields: Record<string, string> = {}, file: [string, Buffer] = ['photo.png', PNG]) =>
  call(user, 'POST', '/api/attachments/', form([file], { target, id, ...fields }));
const list = (user: string, query: string) => call(user, 'GET', `/api/attachments/?${query}`);

beforeAll(async () => {
  t = await build();
  sample = (await general.received()).sample;
});
afterAll(async () => {
  await t.close();
  t.removeDataDir();
});

describe('on a sample', () => {
  it('are added by those who receive or enter, read by the programme, and not seen elsewhere', async () => {
    const made = await attach('clin_receptionist', 'sample', sample.id, { description: 'Haemolysed on arrival' });
    expect(made.statusCode, made.body).toBe(201);
    const [item] = made.json();
    expect(item).toMatchObject({
      target: 'sample',
      target_id: sample.id,
      name: 'photo.png',
      kind: 'png',
      description: 'Haemolysed on arrival',
      with_report: false,
      test_name: null,
    });
    // Reading is the programme's: the data analyst reads; the facility's administrator holds no General role that reads samples.
    expect((await list('clin_data_analyst', `target=sample&id=${sample.id}`)).json().map((a: { id: number }) => a.id)).toEqual([item.id]);
    expect((await list('clin_admin', `target=sample&id=${sample.id}`)).statusCode).toBe(403);
    expect((await list('ph_supervisor', `target=sample&id=${sample.id}`)).statusCode).toBe(404);
    // Adding is for those who receive or enter results.
    expect((await attach('clin_manager', 'sample', sample.id)).statusCode).toBe(403);
    expect((await attach('ph_supervisor', 'sample', sample.id)).statusCode).toBe(404);
    // The file comes down through the files' download, with the target's checks.
    const down = await call('clin_manager', 'GET', `/api/files/${item.file}/download/`);
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(PNG)).toBe(true);
    expect((await call('ph_supervisor', 'GET', `/api/files/${item.file}/download/`)).statusCode).toBe(404);
    expect((await call('ph_supervisor', 'GET', `/api/files/${item.file}/`)).statusCode).toBe(404);
    // Attachments are not among the folders' files, and are changed through their target only.
    expect((await call('clin_receptionist', 'DELETE', `/api/files/${item.file}/`)).statusCode).toBe(404);
  });

  it('name a missing or wrong field', async () => {
    const res = await call('clin_receptionist', 'POST', '/api/attachments/', form([['x.png', PNG]], { target: 'order', id: 'x', with_report: 'maybe' }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['id', 'target', 'with_report']);
    expect((await attach('clin_receptionist', 'sample', 2_000_000)).statusCode).toBe(404);
  });
});

describe('on a result', () => {
  it('go on the report when marked so, in the JSON and the PDF', async () => {
    const test = sample.tests[0]!.id;
    expect((await attach('clin_receptionist', 'result', test)).statusCode).toBe(403);
    const made = await attach('clin_analyst', 'result', test, { description: 'Analyser print-out', with_report: 'true' }, [
      'printout.pdf',
      await pdf('FBG run'),
    ]);
    expect(made.statusCode, made.body).toBe(201);
    const item = made.json()[0];
    expect(item).toMatchObject({ target: 'result', target_id: test, with_report: true, name: 'printout.pdf', test_name: expect.any(String) });
    expect((await list('clin_receptionist', `target=result&id=${test}`)).json().map((a: { id: number }) => a.id)).toEqual([item.id]);
    // The report's list: what the order's report prints (the sample's own photo is not marked).
    const onReport = (await list('clin_receptionist', `target=sample&id=${sample.id}&report=1`)).json();
    expect(onReport.map((a: { id: number; test_name: string }) => [a.id, a.test_name])).toEqual([[item.id, item.test_name]]);
    const p = await demoPrincipal(t.database.db, 'clin_supervisor');
    const data = await reportData(t.database.db, p, 'general_order', sample.id);
    expect(data.attachments.map((a) => [a.name, a.test_name, a.description])).toEqual([['printout.pdf', item.test_name, 'Analyser print-out']]);
    expect((await renderReport(data)).subarray(0, 5).toString()).toBe('%PDF-');
    const printed = await call('clin_supervisor', 'GET', `/api/general_order/${sample.id}/report/`);
    expect(printed.statusCode).toBe(200);

    // Taken off the report, then removed: its file goes to the bin with it.
    expect((await call('clin_manager', 'PATCH', `/api/attachments/${item.id}/`, { with_report: false })).statusCode).toBe(403);
    const off = await call('clin_supervisor', 'PATCH', `/api/attachments/${item.id}/`, { with_report: false, description: 'Run 2' });
    expect(off.json()).toMatchObject({ with_report: false, description: 'Run 2' });
    expect((await list('clin_receptionist', `target=sample&id=${sample.id}&report=1`)).json()).toEqual([]);
    expect((await call('clin_supervisor', 'DELETE', `/api/attachments/${item.id}/`)).statusCode).toBe(204);
    expect((await list('clin_receptionist', `target=result&id=${test}`)).json()).toEqual([]);
    expect((await call('clin_supervisor', 'GET', `/api/files/${item.file}/download/`)).statusCode).toBe(404);
    const audit = rowsOf<{ action: string }>(
      await t.database.db.execute(sql`select action from audit_events where entity = 'attachment' and entity_id = ${String(item.id)} order by id`),
    );
    expect(audit.map((a) => a.action)).toEqual(['attachment.create', 'attachment.update', 'attachment.delete']);
  });
});

describe('on a non-conformity report', () => {
  it("are the report's facility's", async () => {
    const [row] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`insert into ncr_reports (facility_id, number, title, event_date, description, severity, reported_by)
        select u.facility_id, 'NCR-TEST-0001', 'Fridge out of range', '2026-11-20', 'Reagent fridge at 12 °C overnight', 'major', u.id
        from users u where u.username = 'clin_analyst' returning id`),
    );
    const made = await attach('clin_data_analyst', 'ncr', row!.id, { description: 'Thermometer log' });
    expect(made.statusCode, made.body).toBe(201);
    expect((await list('clin_admin', `target=ncr&id=${row!.id}`)).json()).toHaveLength(1);
    expect((await list('ph_supervisor', `target=ncr&id=${row!.id}`)).statusCode).toBe(404);
    expect((await attach('ph_supervisor', 'ncr', row!.id)).statusCode).toBe(404);
  });

  it('stay as they were once the report is closed and signed', async () => {
    const ncr = '/api/non_conformity_report';
    const made = await call('clin_analyst', 'POST', `${ncr}/`, {
      title: 'Fridge alarm silenced',
      event_date: new Date().toISOString().slice(0, 10),
      description: 'The reagent fridge alarm was found switched off.',
      severity: 'major',
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const [kept, removed] = [await attach('clin_analyst', 'ncr', id, { description: 'Alarm panel' }), await attach('clin_analyst', 'ncr', id)];
    expect([kept.statusCode, removed.statusCode]).toEqual([201, 201]);
    const evidence = kept.json()[0];
    // While the report is open its evidence may still change.
    expect((await call('clin_supervisor', 'DELETE', `/api/attachments/${removed.json()[0].id}/`)).statusCode).toBe(204);

    // Classified, acted on, reviewed and closed with the supervisor's signature.
    const supervisor = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from users where username = 'clin_supervisor'`))[0]!.id;
    const steps: [Method, string, object][] = [
      ['POST', `${ncr}/${id}/classify/`, { category: 'general', type: 'safety_incident', qse: 'equipment', consequence: 2, likelihood: 1 }],
      ['POST', `${ncr}/${id}/actions/`, { kind: 'corrective', description: 'Alarm locked on', responsible: supervisor, due_date: '2099-01-01' }],
    ];
    for (const [method, url, payload] of steps) expect((await call('clin_supervisor', method, url, payload)).statusCode).toBe(200);
    const action = (await call('clin_supervisor', 'GET', `${ncr}/${id}/`)).json().actions[0].id as number;
    const done = await call('clin_supervisor', 'PATCH', `${ncr}/${id}/actions/${action}/`, {
      completed_on: new Date().toISOString().slice(0, 10),
      effective: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    const closed = await call('clin_supervisor', 'POST', `${ncr}/${id}/close/`, {
      effectiveness_check: 'Alarm tested daily for a week',
      password: 'Demo@12345',
    });
    expect(closed.statusCode, closed.body).toBe(200);

    // Closed means closed: nothing added, changed or removed, by anyone; what was attached is still read.
    const refusal = { detail: 'The report is closed: its evidence can no longer change.' };
    for (const user of ['clin_analyst', 'clin_supervisor']) {
      const added = await attach(user, 'ncr', id, { description: 'Afterthought' });
      expect(added.statusCode, added.body).toBe(409);
      expect(added.json()).toEqual(refusal);
    }
    const deleted = await call('clin_supervisor', 'DELETE', `/api/attachments/${evidence.id}/`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toEqual(refusal);
    expect((await call('clin_supervisor', 'PATCH', `/api/attachments/${evidence.id}/`, { description: 'Changed' })).statusCode).toBe(409);
    expect((await list('clin_analyst', `target=ncr&id=${id}`)).json()).toEqual([evidence]);
    expect((await call('clin_analyst', 'GET', `/api/files/${evidence.file}/download/`)).statusCode).toBe(200);
    // Another facility still finds nothing there.
    expect((await attach('ph_supervisor', 'ncr', id)).statusCode).toBe(404);
  });
});

describe('on a referred sample', () => {
  it('are added by the testing laboratory and read by the facility that referred it', async () => {
    const [referred] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select s.id from samples s join facilities f on f.id = s.facility_id
        where s.referred_from_facility_id is not null and f.facility_code = 'LA-LMD-001' order by s.id limit 1`),
    );
    expect(referred).toBeDefined();
    const made = await attach('ph_supervisor', 'sample', referred!.id, { description: 'Leaking container' });
    expect(made.statusCode, made.body).toBe(201);
    expect((await list('mushin_supervisor', `target=sample&id=${referred!.id}`)).json()).toHaveLength(1);
    expect((await call('mushin_supervisor', 'GET', `/api/files/${made.json()[0].file}/download/`)).statusCode).toBe(200);
    expect((await attach('mushin_supervisor', 'sample', referred!.id)).statusCode).toBe(404);
    expect((await list('kano_supervisor', `target=sample&id=${referred!.id}`)).statusCode).toBe(404);
  });
});
