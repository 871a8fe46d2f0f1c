import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { eachUser, type MatrixRow, matrixTests } from '../../test/matrix.js';
import { criticalPotassium } from './notifications.test-helpers.js';

/**
 * Notifications × every demo user: a facility's administrator keeps its outbox (list, resend a failed message) and
 * what each programme's messages say; any of its staff who read samples sees its critical values, and those who
 * enter or validate results record an acknowledgement (its administrator lists them all but records none) (another facility's is not found); the super admin and the
 * officials reach none of it.
 */
let t: TestApp;
const ids = { alert: 0, message: 0, general: 0, tb: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const { sample } = await criticalPotassium(t);
  const db = t.database.db;
  ids.alert = rowsOf<{ id: number }>(await db.execute(sql`select id from critical_alerts where sample_id = ${sample}`))[0]!.id;
  // No provider is configured here: the clinician's message waits, queued; it is made a failed one to be resent.
  const waiting = rowsOf<{ status: string }>(await db.execute(sql`select status from notification_outbox where sample_id = ${sample}`));
  expect(waiting.map((r) => r.status)).toEqual(['queued']);
  ids.message = rowsOf<{ id: number }>(
    await db.execute(sql`update notification_outbox set status = 'failed', last_error = 'Matrix' where sample_id = ${sample} returning id`),
  )[0]!.id;
  const program = async (name: string) => rowsOf<{ id: number }>(await db.execute(sql`select id from programs where name = ${name}`))[0]!.id;
  ids.general = await program('General');
  ids.tb = await program('Tuberculosis');
});
afterAll(() => t.close());

const ADMINS = { clinicalAdmin: 200, labAdmin: 200 };
/** Ikeja's staff who enter or validate General results. */
const IKEJA_LAB = ['clin_supervisor', 'clin_analyst', 'clin_clerk'] as const;
const ELSEWHERE = [
  'ph_supervisor',
  'ph_receptionist',
  'ph_analyst',
  'ph_clerk',
  'ph_data_analyst',
  'kano_supervisor',
  'mushin_supervisor',
  'mushin_receptionist',
] as const;

const ROWS: MatrixRow[] = [
  { name: 'the outbox', method: 'GET', url: () => '/api/notifications/outbox/', expect: ADMINS, otherwise: 403 },
  {
    name: 'resend an Ikeja message',
    method: 'POST',
    url: () => `/api/notifications/outbox/${ids.message}/resend/`,
    expect: { clinicalAdmin: 200, labAdmin: 404 },
    otherwise: 403,
    after: async (_user, status) => {
      if (status === 200) await t.database.db.execute(sql`update notification_outbox set status = 'failed' where id = ${ids.message}`);
    },
  },
  { name: 'the notification settings', method: 'GET', url: () => '/api/notifications/settings/', expect: ADMINS, otherwise: 403 },
  {
    name: 'change a programme’s notification setting',
    method: 'PUT',
    url: () => '/api/notifications/settings/',
    body: (cls) => ({ program: cls === 'labAdmin' ? ids.tb : ids.general, content: 'value', notify_clinician: true, notify_client: false }),
    expect: ADMINS,
    otherwise: 403,
  },
  { name: 'the critical values', method: 'GET', url: () => '/api/critical_alerts/', expect: { ...ADMINS, staff: 200 }, otherwise: 403 },
  {
    name: 'acknowledge an Ikeja critical value',
    method: 'POST',
    url: () => `/api/critical_alerts/${ids.alert}/acknowledge/`,
    body: () => ({ acknowledged_by: 'Dr Bello', read_back: true }),
    expect: {},
    // Who may acknowledge is decided before the alert is looked up: staff who neither enter nor validate results, 403.
    users: { ...eachUser(IKEJA_LAB, 200), ...eachUser(ELSEWHERE, 404), ph_receptionist: 403, ph_data_analyst: 403, mushin_receptionist: 403 },
    otherwise: 403,
    after: async (_user, status) => {
      if (status === 200) await t.database.db.execute(sql`update critical_alerts set acknowledged_at = null, acknowledged_by = null where id = ${ids.alert}`);
    },
  },
];

describe('notifications × every demo user', () => {
  matrixTests(() => t, ROWS);
});
