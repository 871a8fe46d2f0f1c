import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { eachUser, type MatrixRow, matrixTests, REGISTRARS } from '../../test/matrix.js';

/**
 * Offline registration × every demo user: a facility's staff who both order and collect (receptionists, data
 * clerks, supervisors) register a device, copy what the forms need and send records; administrators, managers,
 * analysts, data analysts, the super admin and the officials do none of it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const record = () => ({
  id: randomUUID(),
  new_client: { first_name: 'Ada', last_name: 'Matrix', sex: 'female', estimated_age_years: 30 },
  requests: [{ program: 'General', test_types: [1], samples: [{ provisional_number: 'ZZZZ-0001', sample_type: 1, collected_at: new Date().toISOString() }] }],
});

const ROWS: MatrixRow[] = [
  {
    name: 'register a device',
    method: 'POST',
    url: () => '/api/offline/devices/',
    body: () => ({ label: 'Matrix' }),
    expect: {},
    users: eachUser(REGISTRARS, 201),
    otherwise: 403,
  },
  {
    name: 'copy what the offline forms need',
    method: 'GET',
    url: () => '/api/offline/reference/',
    expect: {},
    users: eachUser(REGISTRARS, 200),
    otherwise: 403,
  },
  // Without the record's id as its key the record is refused (400) — after the role, so the others see 403.
  {
    name: 'send a record',
    method: 'POST',
    url: () => '/api/offline/registrations/',
    body: record,
    expect: {},
    users: eachUser(REGISTRARS, 400),
    otherwise: 403,
  },
];

describe('offline registration authorisation', () => {
  matrixTests(() => t, ROWS);
});
