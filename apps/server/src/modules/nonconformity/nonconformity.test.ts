import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ncrCreateBody } from '@nlims/contracts';
import { rowsOf } from '../../core/db.js';
import { principalOf } from '../../seed/demo-steps.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { GENERAL, programmeSteps } from '../../test/programmes.js';
import { createReport } from './nonconformity.service.js';

/**
 * Non-conformity reports: a receptionist reports a rejected sample (pre-filled), a supervisor classifies it, plans a
 * corrective action, reviews it and closes the report with a signature; another facility sees nothing.
 */

let t: TestApp;
let reason: number;
const general = programmeSteps(() => t, GENERAL);
const call = async (actor: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await t.token(actor)), ...(payload ? { payload } : {}) });
const userId = async (username: string) => rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from users where username = ${username}`))[0]!.id;
const today = () => new Date().toISOString().slice(0, 10);

/** A General sample collected at Ikeja and rejected at reception. */
async function rejected() {
  const placed = await general.order();
  const sample = placed.samples[0]!;
  const collect = await call('clin_receptionist', 'POST', `/api/general_order/${sample.id}/collect/`, {
    collected_at: new Date().toISOString(),
    sample_type: await general.sampleTypeId(),
  });
  expect(collect.statusCode, collect.body).toBe(200);
  const reject = await call('clin_receptionist', 'POST', `/api/general_order/${sample.id}/reject/`, { rejection_reason: reason });
  expect(reject.statusCode, reject.body).toBe(200);
  return sample;
}

const report = (overrides: object = {}) => ({
  title: 'Unlabelled tube received',
  event_date: today(),
  description: 'A serum tube arrived without a label.',
  severity: 'minor',
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  const reasons = (await call('superadmin', 'GET', '/api/rejection_reason/')).json() as { id: number; reason: string }[];
  reason = (reasons.find((r) => /haemoly|hemoly/i.test(r.reason)) ?? reasons[0]!).id;
});
afterAll(() => t.close());

describe('the demo', () => {
  it('holds reports in each state at Ikeja and Yaba', async () => {
    for (const user of ['clin_supervisor', 'ph_supervisor']) {
      const states = ((await call(user, 'GET', '/api/non_conformity_report/?page_size=100')).json().results as { state: string; number: string }[]).map(
        (r) => r.state,
      );
      expect(new Set(states), user).toEqual(new Set(['reported', 'investigating', 'action_planned', 'closed']));
    }
  });
});

describe('a non-conformity from report to closing', () => {
  it('is pre-filled from a rejected sample, classified, acted on, reviewed and closed with a signature', async () => {
    const sample = await rejected();
    const draft = await call('clin_receptionist', 'GET', `/api/non_conformity_report/draft/?source=sample_rejected&ref=${sample.id}`);
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()).toMatchObject({ source: 'sample_rejected', source_ref: sample.id, samples: [{ sample: sample.id }], lab_numbers: [sample.barcode] });
    const { lab_numbers: _, ...body } = draft.json();
    const made = await call('clin_receptionist', 'POST', '/api/non_conformity_report/', body);
    expect(made.statusCode, made.body).toBe(201);
    const ncr = made.json();
    expect(ncr.number).toMatch(new RegExp(`^NCR-${new Date().getUTCFullYear()}-\\d{5}$`));
    expect(ncr).toMatchObject({ state: 'reported', lab_numbers: [sample.barcode], can: { edit: true, classify: false, act: false, close: false } });

    // the reporter may not classify; a supervisor does
    expect((await call('clin_receptionist', 'POST', `/api/non_conformity_report/${ncr.id}/classify/`, classify())).statusCode).toBe(403);
    const action = {
      kind: 'corrective',
      description: 'Retrain phlebotomists on tube inversion',
      responsible: await userId('clin_receptionist'),
      due_date: today(),
    };
    expect((await call('clin_supervisor', 'POST', `/api/non_conformity_report/${ncr.id}/actions/`, action)).statusCode).toBe(409);
    const classified = await call('clin_supervisor', 'POST', `/api/non_conformity_report/${ncr.id}/classify/`, classify());
    expect(classified.statusCode, classified.body).toBe(200);
    expect(classified.json()).toMatchObject({ state: 'investigating', category: 'sample', type: 'sample_quality', risk: 4 });

    const planned = await call('clin_supervisor', 'POST', `/api/non_conformity_report/${ncr.id}/actions/`, action);
    expect(planned.statusCode, planned.body).toBe(200);
    expect(planned.json().state).toBe('action_planned');
    const actionId = planned.json().actions[0].id;

    // closing before the action is done and reviewed is refused, and so is a wrong signature
    expect((await call('clin_supervisor', 'POST', `/api/non_conformity_report/${ncr.id}/close/`, close())).statusCode).toBe(409);
    // the owner records it done; only a supervisor reviews it
    const done = await call('clin_receptionist', 'PATCH', `/api/non_conformity_report/${ncr.id}/actions/${actionId}/`, { completed_on: today() });
    expect(done.statusCode, done.body).toBe(200);
    expect((await call('clin_receptionist', 'PATCH', `/api/non_conformity_report/${ncr.id}/actions/${actionId}/`, { effective: true })).statusCode).toBe(403);
    const reviewed = await call('clin_supervisor', 'PATCH', `/api/non_conformity_report/${ncr.id}/actions/${actionId}/`, {
      effective: true,
      review_note: 'No haemolysed sample in two weeks',
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json().actions[0]).toMatchObject({ effective: true, completed_on: today(), overdue: false });
    expect(reviewed.json().can.close).toBe(true);

    const wrong = await call('clin_supervisor', 'POST', `/api/non_conformity_report/${ncr.id}/close/`, close('not-the-password'));
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json())).toEqual(['password']);
    const closed = await call('clin_supervisor', 'POST', `/api/non_conformity_report/${ncr.id}/close/`, close());
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      state: 'closed',
      effectiveness_check: 'Audit of 200 samples',
      can: { edit: false, classify: false, act: false, close: false },
    });
    expect(closed.json().history.map((h: { action: string }) => h.action)).toEqual([
      'reported',
      'classified',
      'action_added',
      'action_updated',
      'action_reviewed',
      'closed',
    ]);
    // each entry gives what it changed as fields and codes for the page to word, and the signature never as a username
    const changes = Object.fromEntries(closed.json().history.map((h: { action: string; changes: unknown }) => [h.action, h.changes]));
    expect(changes.reported).toEqual([
      { field: 'number', value: ncr.number },
      { field: 'severity', value: body.severity },
      { field: 'source', value: 'sample_rejected' },
    ]);
    expect(changes.classified).toEqual([
      { field: 'category', value: 'sample' },
      { field: 'type', value: 'sample_quality' },
      { field: 'qse', value: 'process_control' },
      { field: 'risk', value: 4 },
    ]);
    expect(changes.action_added).toEqual([
      { field: 'action', value: actionId },
      { field: 'kind', value: 'corrective' },
      { field: 'due_date', value: today() },
      { field: 'responsible', value: expect.not.stringMatching(/^clin_receptionist$/) },
    ]);
    expect(changes.action_reviewed).toEqual([
      { field: 'action', value: actionId },
      { field: 'effective', value: true },
      { field: 'review_note', value: 'No haemolysed sample in two weeks' },
    ]);
    expect(changes.closed).toEqual([{ field: 'signed', value: true }]);
    expect(JSON.stringify(closed.json().history)).not.toContain('"clin_supervisor"');
    expect((await call('clin_supervisor', 'POST', `/api/non_conformity_report/${ncr.id}/close/`, close())).statusCode).toBe(409);
    expect((await call('clin_supervisor', 'PATCH', `/api/non_conformity_report/${ncr.id}/`, { title: 'Changed' })).statusCode).toBe(409);

    const audit = rowsOf<{ action: string }>(
      await t.database.db.execute(sql`select action from audit_events where entity = 'ncr' and entity_id = ${String(ncr.id)} order by id`),
    );
    expect(audit.map((a) => a.action)).toEqual([
      'ncr.reported',
      'ncr.classified',
      'ncr.action_added',
      'ncr.action_updated',
      'ncr.action_reviewed',
      'ncr.closed',
    ]);

    // the month's summary counts it, closed; the list finds it by lab number
    const month = today().slice(0, 7);
    const summary = (await call('clin_supervisor', 'GET', `/api/non_conformity_report/summary/?month=${month}`)).json();
    expect(summary.closed).toBeGreaterThanOrEqual(1);
    expect(summary.by_type.find((r: { type: string }) => r.type === 'sample_quality')?.count).toBeGreaterThanOrEqual(1);
    const csv = await call('clin_supervisor', 'GET', `/api/non_conformity_report/summary/?month=${month}&format=csv`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split(/\r?\n/)[0]).toBe('group,item,count');
    expect(csv.body).toMatch(/^type,sample_quality,\d+/m);
    const xlsx = await call('clin_supervisor', 'GET', `/api/non_conformity_report/summary/?month=${month}&format=xlsx`);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const found = (await call('clin_analyst', 'GET', `/api/non_conformity_report/?search=${sample.barcode}`)).json();
    expect(found.results.map((r: { id: number }) => r.id)).toEqual([ncr.id]);
  });

  it('corrects only the fields sent, and refuses a correction that sends none', async () => {
    const made = (
      await call('clin_receptionist', 'POST', '/api/non_conformity_report/', report({ immediate_action: 'Relabelled', suspected_cause: 'Busy bench' }))
    ).json();
    const corrected = await call('clin_receptionist', 'PATCH', `/api/non_conformity_report/${made.id}/`, { title: 'Unlabelled tube from ward 3' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ title: 'Unlabelled tube from ward 3', immediate_action: 'Relabelled', suspected_cause: 'Busy bench' });
    const nothing = await call('clin_receptionist', 'PATCH', `/api/non_conformity_report/${made.id}/`, {});
    expect(nothing.json()).toEqual({ non_field_errors: ['Send at least one field to change.'] });
  });

  it('numbers reports per facility and year, one at a time when two report at once', async () => {
    const [a, b] = await Promise.all([
      call('clin_analyst', 'POST', '/api/non_conformity_report/', report()),
      call('clin_clerk', 'POST', '/api/non_conformity_report/', report()),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().number).not.toBe(b.json().number);
  });

  it('lets several reports name one lab number, and one report several samples and tests', async () => {
    const one = await rejected();
    const two = await rejected();
    const first = await call(
      'clin_receptionist',
      'POST',
      '/api/non_conformity_report/',
      report({ samples: [{ sample: one.id }, { sample: two.id, tests: [two.tests[0]!.id] }] }),
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().samples).toHaveLength(2);
    expect(first.json().samples.find((s: { id: number }) => s.id === two.id).tests).toHaveLength(1);
    const second = await call('clin_receptionist', 'POST', '/api/non_conformity_report/', report({ samples: [{ sample: one.id }] }));
    expect(second.statusCode).toBe(201);
    const listed = (await call('clin_supervisor', 'GET', `/api/non_conformity_report/?search=${one.barcode}`)).json();
    expect(listed.count).toBe(2);
    // a test of another sample is refused, naming the field
    const wrong = await call('clin_receptionist', 'POST', '/api/non_conformity_report/', report({ samples: [{ sample: one.id, tests: [two.tests[0]!.id] }] }));
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json())).toEqual(['samples']);
  });

  it("keeps a facility's reports its own: another facility finds nothing, the super admin reads counts only", async () => {
    const sample = await rejected();
    const made = (await call('clin_receptionist', 'POST', '/api/non_conformity_report/', report({ samples: [{ sample: sample.id }] }))).json();
    expect((await call('ph_supervisor', 'GET', `/api/non_conformity_report/${made.id}/`)).statusCode).toBe(404);
    expect((await call('ph_supervisor', 'POST', `/api/non_conformity_report/${made.id}/classify/`, classify())).statusCode).toBe(404);
    const theirs = (await call('ph_supervisor', 'GET', '/api/non_conformity_report/?page_size=100')).json();
    expect(theirs.results.some((r: { id: number }) => r.id === made.id)).toBe(false);
    // Yaba may not link Ikeja's sample, nor draft from it
    const linked = await call('ph_supervisor', 'POST', '/api/non_conformity_report/', report({ samples: [{ sample: sample.id }] }));
    expect(linked.statusCode).toBe(400);
    expect((await call('ph_supervisor', 'GET', `/api/non_conformity_report/draft/?source=sample_rejected&ref=${sample.id}`)).statusCode).toBe(400);
    // the super admin: the counts of every facility, no report
    expect((await call('superadmin', 'GET', `/api/non_conformity_report/${made.id}/`)).statusCode).toBe(403);
    const counts = await call('superadmin', 'GET', `/api/non_conformity_report/summary/?month=${today().slice(0, 7)}`);
    expect(counts.statusCode).toBe(200);
    expect(counts.json().reported).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(counts.json())).not.toContain('Unlabelled');
    expect((await call('lagos_tier', 'GET', '/api/non_conformity_report/')).statusCode).toBe(403);
  });

  it('counts overdue actions for the sidebar', async () => {
    const made = (await call('clin_analyst', 'POST', '/api/non_conformity_report/', report())).json();
    await call('clin_supervisor', 'POST', `/api/non_conformity_report/${made.id}/classify/`, classify());
    const before = (await call('clin_supervisor', 'GET', '/api/non_conformity_report/counts/')).json();
    // the demo's report with an overdue action
    expect(before.overdue_actions).toBeGreaterThanOrEqual(1);
    const planned = await call('clin_supervisor', 'POST', `/api/non_conformity_report/${made.id}/actions/`, {
      kind: 'preventive',
      description: 'Label printer at the collection desk',
      responsible: await userId('clin_supervisor'),
      due_date: '2020-01-31',
    });
    expect(planned.json().actions[0].overdue).toBe(true);
    const after = (await call('clin_supervisor', 'GET', '/api/non_conformity_report/counts/')).json();
    expect(after).toMatchObject({ overdue_actions: before.overdue_actions + 1, manages: true });
    expect((await call('clin_analyst', 'GET', '/api/non_conformity_report/counts/')).json().manages).toBe(false);
    const overdue = (await call('clin_supervisor', 'GET', '/api/non_conformity_report/?overdue=1&page_size=100')).json();
    expect(overdue.results.some((r: { id: number; overdue_actions: number }) => r.id === made.id && r.overdue_actions === 1)).toBe(true);
    // an action's owner must be an active user of the facility
    const outsider = await call('clin_supervisor', 'POST', `/api/non_conformity_report/${made.id}/actions/`, {
      kind: 'corrective',
      description: 'x',
      responsible: await userId('ph_supervisor'),
      due_date: today(),
    });
    expect(outsider.statusCode).toBe(400);
    expect(Object.keys(outsider.json())).toEqual(['responsible']);
  });

  it('pre-fills a rejected QC run and an amended result', async () => {
    const run = await qcRun('rejected');
    const qc = await call('clin_analyst', 'GET', `/api/non_conformity_report/draft/?source=qc_rejected&ref=${run}`);
    expect(qc.statusCode, qc.body).toBe(200);
    expect(qc.json()).toMatchObject({ type: 'qc_failure', severity: 'major', samples: [], source_ref: run });
    expect((await call('ph_analyst', 'GET', `/api/non_conformity_report/draft/?source=qc_rejected&ref=${run}`)).statusCode).toBe(400);

    const { sample, result } = await released();
    const amendment = await call('clin_supervisor', 'POST', `/api/results/${result}/amend/`, {
      value: 6.1,
      reason: 'Transcription error',
      password: 'Demo@12345',
    });
    expect(amendment.statusCode, amendment.body).toBe(201);
    const amended = await call('clin_supervisor', 'GET', `/api/non_conformity_report/draft/?source=result_amended&ref=${amendment.json().id}`);
    expect(amended.statusCode, amended.body).toBe(200);
    expect(amended.json()).toMatchObject({ type: 'result_amended', source: 'result_amended', lab_numbers: [sample.barcode] });
    expect(amended.json().description).toContain('Transcription error');
    expect(amended.json().samples[0].tests).toHaveLength(1);
    const { lab_numbers: _, ...body } = amended.json();
    const made = await call('clin_supervisor', 'POST', '/api/non_conformity_report/', body);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ source: 'result_amended', source_ref: amendment.json().id });
  });
});

describe('a report describes what happened', () => {
  it('drafts nothing from an event that did not happen (404), and refuses a report naming one on source_ref', async () => {
    const { sample: accepted } = await general.received();
    const rejectedHere = await rejected();
    const run = { accepted: await qcRun('accepted'), warning: await qcRun('warning') };
    const { result } = await released();
    const notHappened: [source: string, ref: number, detail: RegExp][] = [
      ['sample_rejected', accepted.id, /sample was not rejected/],
      ['referral_rejected', accepted.id, /not rejected on arrival/],
      // rejected at this facility's own reception, not on arrival from a referring one
      ['referral_rejected', rejectedHere.id, /not rejected on arrival/],
      ['qc_rejected', run.accepted, /QC run was not rejected/],
      ['qc_rejected', run.warning, /QC run was not rejected/],
      ['result_amended', result, /not an amendment/],
    ];
    for (const [source, ref, detail] of notHappened) {
      const draft = await call('clin_supervisor', 'GET', `/api/non_conformity_report/draft/?source=${source}&ref=${ref}`);
      expect(draft.statusCode, `${source} ${draft.body}`).toBe(404);
      expect(draft.json().detail).toMatch(detail);
      const made = await call('clin_supervisor', 'POST', '/api/non_conformity_report/', report({ source, source_ref: ref }));
      expect(made.statusCode, `${source} ${made.body}`).toBe(400);
      expect(made.json()).toEqual({ source_ref: [expect.stringMatching(detail)] });
    }
    // what did happen is still drafted and reported
    expect((await call('clin_supervisor', 'GET', `/api/non_conformity_report/draft/?source=sample_rejected&ref=${rejectedHere.id}`)).statusCode).toBe(200);
    const named = await call('clin_supervisor', 'POST', '/api/non_conformity_report/', report({ source: 'sample_rejected', source_ref: rejectedHere.id }));
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json()).toMatchObject({ source: 'sample_rejected', source_ref: rejectedHere.id });
    // a sample referred by another facility and rejected here on arrival
    const arrived = await rejected();
    await t.database.db.execute(
      sql`update samples s set referred_from_facility_id = (select min(f.id) from facilities f where f.id <> s.facility_id) where s.id = ${arrived.id}`,
    );
    const referral = await call('clin_supervisor', 'GET', `/api/non_conformity_report/draft/?source=referral_rejected&ref=${arrived.id}`);
    expect(referral.statusCode, referral.body).toBe(200);
    expect(referral.json().title).toContain('rejected on arrival');

    const refused = async (body: object, user = 'clin_supervisor') => {
      const res = await call(user, 'POST', '/api/non_conformity_report/', report(body));
      expect(res.statusCode, res.body).toBe(400);
      return Object.keys(res.json());
    };
    // a report written by hand names no event; one raised from an event names it
    expect(await refused({ source: 'manual', source_ref: rejectedHere.id })).toEqual(['source_ref']);
    expect(await refused({ source_ref: rejectedHere.id })).toEqual(['source_ref']);
    expect(await refused({ source: 'sample_rejected' })).toEqual(['source_ref']);
    expect(await refused({ source: 'qc_rejected', source_ref: 2_000_000 })).toEqual(['source_ref']);
    // another facility's event is not there for Yaba
    expect(await refused({ source: 'sample_rejected', source_ref: rejectedHere.id }, 'ph_supervisor')).toEqual(['source_ref']);
    expect(await refused({ source: 'qc_rejected', source_ref: await qcRun('rejected') }, 'ph_supervisor')).toEqual(['source_ref']);
  });

  it('takes no event date after today in Lagos', async () => {
    const lagosToday = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.parse(`${lagosToday}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const future = await call('clin_receptionist', 'POST', '/api/non_conformity_report/', report({ event_date: tomorrow }));
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual({ event_date: ['The event date cannot be in the future.'] });
    const made = await call('clin_receptionist', 'POST', '/api/non_conformity_report/', report({ event_date: lagosToday }));
    expect(made.statusCode, made.body).toBe(201);
    const moved = await call('clin_receptionist', 'PATCH', `/api/non_conformity_report/${made.json().id}/`, { event_date: tomorrow });
    expect(moved.statusCode).toBe(400);
    expect(Object.keys(moved.json())).toEqual(['event_date']);
    expect((await call('clin_receptionist', 'PATCH', `/api/non_conformity_report/${made.json().id}/`, { event_date: '2026-01-05' })).statusCode).toBe(200);

    // The day is Lagos's, not UTC's: at 23:30 UTC it is already the next day in Lagos, and not yet the one after.
    const p = await principalOf(t.database.db, 'clin_receptionist');
    const late = new Date('2030-03-09T23:30:00Z');
    const at = (eventDate: string) => t.database.db.transaction((tx) => createReport(tx, p, ncrCreateBody.parse(report({ event_date: eventDate })), late));
    await expect(at('2030-03-10')).resolves.toMatchObject({ event_date: '2030-03-10' });
    await expect(at('2030-03-11')).rejects.toMatchObject({ statusCode: 400, fields: { event_date: ['The event date cannot be in the future.'] } });
  });
});

/** A QC run at Ikeja with this verdict (without control results: it holds no test's patients' results). */
async function qcRun(verdict: 'accepted' | 'warning' | 'rejected') {
  const [run] = rowsOf<{ id: number }>(
    await t.database.db.execute(
      sql`insert into qc_runs (facility_id, run_at, verdict, entered_by) select u.facility_id, now(), ${verdict}, u.id from users u where u.username = 'clin_analyst' returning id`,
    ),
  );
  return run!.id;
}

/** A General result at Ikeja, entered, verified and approved: released, never amended. */
async function released() {
  const { sample } = await general.received();
  const [result] = await general.enterAll(sample);
  expect((await call('clin_supervisor', 'POST', `/api/results/${result}/verify/`)).statusCode).toBe(200);
  const approved = await call('clin_supervisor', 'POST', `/api/results/${result}/approve/`, { password: 'Demo@12345' });
  expect(approved.statusCode, approved.body).toBe(200);
  return { sample, result: result! };
}

function classify() {
  return { category: 'sample', type: 'sample_quality', qse: 'process_control', consequence: 2, likelihood: 2, root_cause: 'Tubes shaken in transport' };
}
function close(password = 'Demo@12345') {
  return { effectiveness_check: 'Audit of 200 samples', password };
}
