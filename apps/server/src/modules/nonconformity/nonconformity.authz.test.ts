import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { eachUser, type MatrixRow, matrixTests } from '../../test/matrix.js';
import { GENERAL, programmeSteps } from '../../test/programmes.js';

/**
 * Non-conformity reports × every demo user: a facility's staff report and read their own facility's reports; its
 * supervisors, managers and administrators classify, act and close; another facility finds none (404); the super
 * admin reads the monthly counts only; the tier users nothing.
 */
let t: TestApp;
const general = programmeSteps(() => t, GENERAL);
const ids = { reported: 0, classified: 0, action: 0, sample: 0, receptionist: 0 };
const today = () => new Date().toISOString().slice(0, 10);
const body = () => ({ title: 'Matrix event', event_date: today(), description: 'Matrix', severity: 'minor' });

/** Ikeja's (clinical) facility staff: its managers, and the rest. */
const IKEJA_MANAGERS = ['clin_manager', 'clin_supervisor'] as const;
const IKEJA_OTHERS = ['clin_receptionist', 'clin_analyst', 'clin_clerk', 'clin_data_analyst'] as const;
const ELSEWHERE_MANAGERS = ['ph_supervisor', 'kano_supervisor', 'mushin_supervisor'] as const;
const ELSEWHERE_OTHERS = ['ph_receptionist', 'ph_analyst', 'ph_clerk', 'ph_data_analyst', 'mushin_receptionist'] as const;
const STAFF_ONLY = { clinicalAdmin: 200, labAdmin: 200, staff: 200 };

beforeAll(async () => {
  t = await createTestApp();
  const as = async (user: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    (await t.app.inject({ method, url, headers: bearer(await t.token(user)), ...(payload ? { payload } : {}) })).json();
  ids.receptionist = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from users where username = 'clin_receptionist'`))[0]!.id;
  ids.reported = (await as('clin_receptionist', 'POST', '/api/non_conformity_report/', body())).id;
  ids.classified = (await as('clin_receptionist', 'POST', '/api/non_conformity_report/', body())).id;
  await as('clin_supervisor', 'POST', `/api/non_conformity_report/${ids.classified}/classify/`, {
    category: 'general',
    type: 'training',
    qse: 'personnel',
    consequence: 1,
    likelihood: 2,
  });
  const planned = await as('clin_supervisor', 'POST', `/api/non_conformity_report/${ids.classified}/actions/`, {
    kind: 'corrective',
    description: 'Matrix action',
    responsible: ids.receptionist,
    due_date: today(),
  });
  ids.action = planned.actions[0].id;
  // a sample of Ikeja's rejected at reception, for the draft
  ids.sample = (await general.order()).samples[0]!.id;
  await as('clin_receptionist', 'POST', `/api/general_order/${ids.sample}/collect/`, {
    collected_at: new Date().toISOString(),
    sample_type: await general.sampleTypeId(),
  });
  const reasons = (await as('superadmin', 'GET', '/api/rejection_reason/')) as { id: number }[];
  await as('clin_receptionist', 'POST', `/api/general_order/${ids.sample}/reject/`, { rejection_reason: reasons[0]!.id });
});
afterAll(() => t.close());

const ikejaOnly = (managers: number, others: number, elsewhereManagers: number, elsewhereOthers: number) => ({
  ...eachUser(IKEJA_MANAGERS, managers),
  ...eachUser(IKEJA_OTHERS, others),
  ...eachUser(ELSEWHERE_MANAGERS, elsewhereManagers),
  ...eachUser(ELSEWHERE_OTHERS, elsewhereOthers),
});

const ROWS: MatrixRow[] = [
  { name: 'list reports', method: 'GET', url: () => '/api/non_conformity_report/', expect: STAFF_ONLY, otherwise: 403 },
  {
    name: 'report a non-conformity',
    method: 'POST',
    url: () => '/api/non_conformity_report/',
    body,
    expect: { clinicalAdmin: 201, labAdmin: 201, staff: 201 },
    otherwise: 403,
  },
  {
    name: 'read an Ikeja report',
    method: 'GET',
    url: () => `/api/non_conformity_report/${ids.reported}/`,
    expect: { clinicalAdmin: 200, labAdmin: 404 },
    users: ikejaOnly(200, 200, 404, 404),
    otherwise: 403,
  },
  {
    name: 'correct an Ikeja report (its reporter, or a manager)',
    method: 'PATCH',
    url: () => `/api/non_conformity_report/${ids.reported}/`,
    body: () => ({ immediate_action: 'Matrix' }),
    expect: { clinicalAdmin: 200, labAdmin: 404 },
    users: { ...ikejaOnly(200, 403, 404, 404), clin_receptionist: 200 },
    otherwise: 403,
  },
  {
    name: 'classify an Ikeja report',
    method: 'POST',
    url: () => `/api/non_conformity_report/${ids.reported}/classify/`,
    body: () => ({ category: 'sample', type: 'labelling_error', qse: 'process_control', consequence: 2, likelihood: 1 }),
    expect: { clinicalAdmin: 200, labAdmin: 404 },
    users: ikejaOnly(200, 403, 404, 403),
    otherwise: 403,
  },
  {
    name: 'plan an action on an Ikeja report',
    method: 'POST',
    url: () => `/api/non_conformity_report/${ids.classified}/actions/`,
    body: () => ({ kind: 'preventive', description: 'Matrix', responsible: ids.receptionist, due_date: today() }),
    expect: { clinicalAdmin: 200, labAdmin: 404 },
    users: ikejaOnly(200, 403, 404, 403),
    otherwise: 403,
  },
  {
    name: 'record an action done (its owner, or a manager)',
    method: 'PATCH',
    url: () => `/api/non_conformity_report/${ids.classified}/actions/${ids.action}/`,
    body: () => ({ completed_on: today() }),
    expect: { clinicalAdmin: 200, labAdmin: 404 },
    users: { ...ikejaOnly(200, 403, 404, 404), clin_receptionist: 200 },
    otherwise: 403,
  },
  {
    name: 'close an Ikeja report (not ready: 409 for its managers)',
    method: 'POST',
    url: () => `/api/non_conformity_report/${ids.reported}/close/`,
    body: () => ({ effectiveness_check: 'Matrix', password: 'Demo@12345' }),
    expect: { clinicalAdmin: 409, labAdmin: 404 },
    // Who may close is decided before the report is looked up: any facility's staff who do not manage quality, 403.
    users: ikejaOnly(409, 403, 404, 403),
    otherwise: 403,
  },
  {
    name: "draft a report from an Ikeja sample's rejection",
    method: 'GET',
    url: () => `/api/non_conformity_report/draft/?source=sample_rejected&ref=${ids.sample}`,
    expect: { clinicalAdmin: 200, labAdmin: 400 },
    users: ikejaOnly(200, 200, 400, 400),
    otherwise: 403,
  },
  {
    name: 'the monthly summary',
    method: 'GET',
    url: () => `/api/non_conformity_report/summary/?month=${today().slice(0, 7)}`,
    expect: { super: 200, ...STAFF_ONLY },
    otherwise: 403,
  },
  { name: 'the sidebar counts', method: 'GET', url: () => '/api/non_conformity_report/counts/', expect: STAFF_ONLY, otherwise: 403 },
  { name: 'who may own an action', method: 'GET', url: () => '/api/non_conformity_report/responsibles/', expect: STAFF_ONLY, otherwise: 403 },
];

describe('authorisation matrix: non-conformity reports', () => {
  matrixTests(() => t, ROWS);
});
