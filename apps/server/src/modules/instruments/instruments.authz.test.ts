import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { clinicalSteps } from '../../test/clinical.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { eachUser, type MatrixRow, matrixTests } from '../../test/matrix.js';
import { loadMachine, receiveResults } from './instruments.service.js';

/**
 * The instruments' queue and messages × every demo user: a facility's supervisors and managers (of a programme of
 * the machine) read the machines, the unmatched queue and the messages log, and match or discard a queued result;
 * another facility's supervisor finds none of Ikeja's rows (404); administrators, receptionists, analysts, clerks,
 * data analysts, the super admin and the officials are refused (403).
 */
let t: TestApp;
const steps = clinicalSteps(() => t);
const ids = { machine: 0, message: 0, row: 0 };

const IKEJA = ['clin_manager', 'clin_supervisor'] as const;
const ELSEWHERE = ['ph_supervisor', 'kano_supervisor', 'mushin_supervisor'] as const;
const everyone = (ok: number) => ({ ...eachUser(IKEJA, ok), ...eachUser(ELSEWHERE, ok) });
const ikejaRow = (ok: number) => ({ ...eachUser(IKEJA, ok), ...eachUser(ELSEWHERE, 404) });

beforeAll(async () => {
  t = await createTestApp();
  const fbg = (await steps.catalogue()).find((c) => c.code === 'FBG')!.id;
  const res = await steps.as('clin_admin', 'POST', '/api/machine_setting/', {
    name: 'Matrix analyser',
    serial_number: 'SN-MATRIX',
    tests: [fbg],
    protocol: 'hl7',
    listen_port: 40999,
  });
  ids.machine = res.json().id;
  const machine = (await loadMachine(t.database.db, ids.machine))!;
  const done = await receiveResults(
    t.database.db,
    machine,
    { raw: 'MSH|^~\\&|X||NLIMS||20261126||ORU^R01|MX-1|P|2.5', controlId: 'MX-1', remote: '127.0.0.1:1', kind: 'result' },
    [{ barcode: 'MATRIX-UNKNOWN', testCode: 'FBG', value: '5.0', units: 'mmol/L', flags: '', referenceRange: '', observedAt: null }],
    () => 'MSH|^~\\&|NLIMS||X||20261126||ACK|AMX-1|P|2.5\rMSA|AA|MX-1',
  );
  ids.message = done.outcome.messageId;
  ids.row = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from instrument_unmatched where message_id = ${ids.message}`))[0]!.id;
});
afterAll(() => t.close());

const putBack = async (_u: string, status: number) => {
  if (status === 200)
    await t.database.db.execute(sql`update instrument_unmatched set status = 'pending', resolved_by = null, resolved_at = null where id = ${ids.row}`);
};

const ROWS: MatrixRow[] = [
  { name: 'machines that talk to the product', method: 'GET', url: () => '/api/instrument_machine/', expect: {}, users: everyone(200), otherwise: 403 },
  { name: 'the unmatched queue', method: 'GET', url: () => '/api/instrument_unmatched/', expect: {}, users: everyone(200), otherwise: 403 },
  { name: 'the messages log', method: 'GET', url: () => '/api/instrument_message/?direction=in', expect: {}, users: everyone(200), otherwise: 403 },
  { name: 'one of Ikeja’s messages', method: 'GET', url: () => `/api/instrument_message/${ids.message}/`, expect: {}, users: ikejaRow(200), otherwise: 403 },
  {
    name: 'tests to match to',
    method: 'GET',
    url: () => '/api/instrument_unmatched/candidates/?barcode=NONE',
    expect: {},
    users: everyone(200),
    otherwise: 403,
  },
  {
    name: 'discard one of Ikeja’s queued results',
    method: 'POST',
    url: () => `/api/instrument_unmatched/${ids.row}/discard/`,
    body: () => ({ reason: 'Matrix' }),
    expect: {},
    users: ikejaRow(200),
    otherwise: 403,
    after: putBack,
  },
  {
    name: 'match one of Ikeja’s queued results (to a test that does not exist: 400 once allowed)',
    method: 'POST',
    url: () => `/api/instrument_unmatched/${ids.row}/match/`,
    body: () => ({ test_order: 2_000_000_000 }),
    expect: {},
    users: ikejaRow(400),
    otherwise: 403,
  },
];

describe('instruments authorisation', () => {
  matrixTests(() => t, ROWS);
});
