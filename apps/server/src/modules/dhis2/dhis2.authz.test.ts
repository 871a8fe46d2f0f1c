import { dhis2PreviousPeriod } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { type MatrixRow, matrixTests } from '../../test/matrix.js';
import { lagosToday } from '../../core/period.js';

/**
 * DHIS2 × every demo user: the super admin alone reads and keeps the mappings, org units and server, previews and
 * downloads a month's payload, sends it and reads the history; every facility's staff and administrators and every
 * official (who would see each facility's case counts unsuppressed) get 403. The writes put back what they found.
 */
let t: TestApp;
const period = dhis2PreviousPeriod(lagosToday());
const kept = { element: '', facility: 0, orgUnit: '' };

beforeAll(async () => {
  t = await createTestApp();
  const rows = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(q));
  kept.element = (await rows<{ d: string }>(sql`select data_element as d from dhis2_mappings where indicator = 'tests_gen'`))[0]!.d;
  const [o] = await rows<{ f: number; o: string }>(sql`select facility_id as f, org_unit as o from dhis2_org_units order by facility_id limit 1`);
  kept.facility = o!.f;
  kept.orgUnit = o!.o;
});
afterAll(() => t.close());

const SUPER = (status: number) => ({ super: status });
const ROWS: MatrixRow[] = [
  { name: 'read the DHIS2 server', method: 'GET', url: () => '/api/dhis2/settings/', expect: SUPER(200), otherwise: 403 },
  {
    name: 'set the DHIS2 server',
    method: 'PUT',
    url: () => '/api/dhis2/settings/',
    body: () => ({ base_url: '', username: '', data_set: '' }),
    expect: SUPER(200),
    otherwise: 403,
  },
  { name: 'read the mappings', method: 'GET', url: () => '/api/dhis2/mappings/', expect: SUPER(200), otherwise: 403 },
  {
    name: 'save a mapping',
    method: 'PUT',
    url: () => '/api/dhis2/mappings/',
    body: () => ({ mappings: [{ indicator: 'tests_gen', data_element: kept.element }] }),
    expect: SUPER(200),
    otherwise: 403,
  },
  { name: 'read the org units', method: 'GET', url: () => '/api/dhis2/org_units/', expect: SUPER(200), otherwise: 403 },
  {
    name: 'save an org unit',
    method: 'PUT',
    url: () => '/api/dhis2/org_units/',
    body: () => ({ org_units: [{ facility: kept.facility, org_unit: kept.orgUnit }] }),
    expect: SUPER(200),
    otherwise: 403,
  },
  { name: "preview a month's payload", method: 'GET', url: () => `/api/dhis2/preview/?period=${period}`, expect: SUPER(200), otherwise: 403 },
  {
    name: "download a month's payload as CSV",
    method: 'GET',
    url: () => `/api/dhis2/preview/?period=${period}&format=csv`,
    expect: SUPER(200),
    otherwise: 403,
  },
  // No server is configured in the demo: the super admin is told which field is missing.
  { name: 'send a dry run', method: 'POST', url: () => '/api/dhis2/send/', body: () => ({ period, dry_run: true }), expect: SUPER(400), otherwise: 403 },
  { name: 'read the history', method: 'GET', url: () => '/api/dhis2/exports/', expect: SUPER(200), otherwise: 403 },
  { name: 'read a send (no such send)', method: 'GET', url: () => '/api/dhis2/exports/999999/', expect: SUPER(404), otherwise: 403 },
];

describe('DHIS2 × every demo user', () => {
  matrixTests(() => t, ROWS);
});
