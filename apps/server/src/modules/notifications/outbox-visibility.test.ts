import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { hashPassword } from '../users/users.service.js';
import { seedUser } from '../../seed/builders.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { EID, GENERAL, VIRAL_LOAD } from '../../test/programmes.js';
import { approvedSample, criticalPotassium } from './notifications.test-helpers.js';

/**
 * Who sees what in the outbox and the critical values. A message's words and its full recipient are shown only to
 * those who may read that programme's results; the facility administrator who keeps the outbox sees its state, a
 * masked recipient and, in the programmes it holds a role in, the lab number. Of a programme the caller holds no role
 * in, not even the lab number. No provider is configured here: every message stays queued.
 */
let t: TestApp;
const as = async (user: string, url: string) => t.app.inject({ url, headers: bearer(await t.token(user)) });

type Item = {
  id: number;
  sample: number | null;
  lab_number: string | null;
  program: string | null;
  address: string;
  subject: string | null;
  body: string | null;
  hidden: 'results' | 'programme' | null;
  last_error: string;
  status: string;
  channel: string;
  recipient_kind: string;
};
const outbox = async (user: string, query = '') => {
  const res = await as(user, `/api/notifications/outbox/?page_size=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { text: res.body, items: res.json().results as Item[] };
};

let vl: Awaited<ReturnType<typeof approvedSample>>;
let eid: Awaited<ReturnType<typeof approvedSample>>;
let general: Awaited<ReturnType<typeof approvedSample>>;
const CLIENT_PHONE = '+2348035551234';
const CLIENT_EMAIL = 'adaeze@example.org';

beforeAll(async () => {
  t = await createTestApp();
  // A Yaba user who keeps the outbox as the Tuberculosis administrator and reads viral-load results as its supervisor.
  await seedUser(t.database.db, {
    username: 'yaba_tb_admin_vl_supervisor',
    passwordHash: await hashPassword('Demo@12345'),
    facilityId: rowsOf<{ id: number }>(await t.database.db.execute(sql`select facility_id as id from users where username = 'ph_admin'`))[0]!.id,
    roles: [
      ['Tuberculosis', 'Admin'],
      ['Viral Load', 'Supervisor'],
    ],
  });
  // Viral load's messages carry the value at Yaba.
  const program = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from programs where name = 'Viral Load'`))[0]!.id;
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/notifications/settings/',
    headers: bearer(await t.token('ph_admin')),
    payload: { program, content: 'value', notify_clinician: true, notify_client: true },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  vl = await approvedSample(t, VIRAL_LOAD, { clinician_email: 'dr.okafor@example.org' }, { phone: CLIENT_PHONE, email: CLIENT_EMAIL });
  eid = await approvedSample(t, EID, { clinician_phone: '0803 123 4567' });
  general = await approvedSample(t, GENERAL, { clinician_email: 'dr.bello@example.org' }, { phone: '08035559876' });
  // A provider's error naming the recipient.
  await t.database.db.execute(sql`update notification_outbox set status = 'failed', attempts = 5,
    last_error = '550 5.1.1 <' || address || '>: Recipient address rejected' where sample_id = ${vl.sample} and channel = 'email' and recipient_kind = 'client'`);
});
afterAll(() => t.close());

describe('the outbox', () => {
  it('shows the administrator who does not read the results each message’s state and a masked recipient, never its words', async () => {
    const { text, items } = await outbox('ph_admin');
    const mine = items.filter((m) => m.sample === vl.sample);
    expect(mine.map((m) => [m.recipient_kind, m.channel]).sort()).toEqual([
      ['client', 'email'],
      ['client', 'sms'],
      ['clinician', 'email'],
    ]);
    for (const m of mine) expect(m).toMatchObject({ hidden: 'results', body: null, subject: null, lab_number: vl.lab, program: 'Viral Load' });
    expect(mine.find((m) => m.channel === 'sms')!.address).toBe('+234•••••1234');
    expect(mine.find((m) => m.recipient_kind === 'client' && m.channel === 'email')!.address).toBe('a•••@example.org');
    expect(mine.find((m) => m.recipient_kind === 'clinician')!.address).toBe('d•••@example.org');
    // The state is the administrator's to manage: status, attempts and the error, the address in it masked too.
    const failed = mine.find((m) => m.status === 'failed')!;
    expect(failed.last_error).toBe('550 5.1.1 <a•••@example.org>: Recipient address rejected');
    // Nothing of the value or the contacts anywhere in the reply.
    for (const secret of ['15400', CLIENT_PHONE, '8035551234', CLIENT_EMAIL, 'dr.okafor@example.org', '8031234567']) expect(text).not.toContain(secret);
  });

  it('shows the probe’s case, Ikeja’s administrator, no General value or client’s number', async () => {
    const { text, items } = await outbox('clin_admin');
    const mine = items.filter((m) => m.sample === general.sample);
    expect(mine.length).toBe(2);
    for (const m of mine) expect(m).toMatchObject({ hidden: 'results', body: null, subject: null, lab_number: general.lab });
    expect(mine.find((m) => m.recipient_kind === 'client')!.address).toBe('+234•••••9876');
    expect(text).not.toMatch(/mmol|glucose/i);
    expect(text).not.toContain('8035559876');
    expect(text).not.toContain('dr.bello@example.org');
  });

  it('shows the words and the recipient to one who reads the programme’s results; of a programme it holds no role in, not even the lab number', async () => {
    const { text, items } = await outbox('yaba_tb_admin_vl_supervisor');
    const mine = items.filter((m) => m.sample === vl.sample);
    expect(mine).toHaveLength(3);
    for (const m of mine) expect(m.hidden).toBeNull();
    expect(mine.find((m) => m.channel === 'sms')).toMatchObject({ address: CLIENT_PHONE, body: expect.stringContaining('15400') });
    expect(mine.find((m) => m.status === 'failed')!.last_error).toContain(CLIENT_EMAIL);
    const eidRows = items.filter((m) => m.program === 'EID');
    expect(eidRows.length).toBeGreaterThan(0);
    for (const m of eidRows)
      expect(m).toMatchObject({ hidden: 'programme', body: null, subject: null, lab_number: null, sample: null, address: '+234•••••4567' });
    expect(text).not.toContain(eid.lab);
  });

  it('finds by lab number only where the lab number is shown, and by address only where the address is', async () => {
    expect((await outbox('ph_admin', `&search=${encodeURIComponent(CLIENT_PHONE)}`)).items).toEqual([]);
    expect((await outbox('ph_admin', `&search=${encodeURIComponent(CLIENT_EMAIL)}`)).items).toEqual([]);
    expect((await outbox('ph_admin', `&search=${vl.lab}`)).items).toHaveLength(3);
    expect((await outbox('yaba_tb_admin_vl_supervisor', `&search=${encodeURIComponent(CLIENT_PHONE)}`)).items).toHaveLength(1);
    expect((await outbox('yaba_tb_admin_vl_supervisor', `&search=${eid.lab}`)).items).toEqual([]);
    expect((await outbox('yaba_tb_admin_vl_supervisor', `&search=${encodeURIComponent('+2348031234567')}`)).items).toEqual([]);
  });
});

describe('the critical values', () => {
  let sample = 0;
  beforeAll(async () => {
    ({ sample } = await criticalPotassium(t));
    await seedUser(t.database.db, {
      username: 'ikeja_tb_supervisor',
      passwordHash: await hashPassword('Demo@12345'),
      facilityId: rowsOf<{ id: number }>(await t.database.db.execute(sql`select facility_id as id from users where username = 'clin_admin'`))[0]!.id,
      roles: [['Tuberculosis', 'Supervisor']],
    });
  });

  it('are listed with the value to staff who read the programme’s samples', async () => {
    const [alert] = (await as('clin_supervisor', `/api/critical_alerts/?sample=${sample}`)).json();
    expect(alert).toMatchObject({ value: '7.4 mmol/L', flag: 'HH', notified_to: 'dr.bello@example.org' });
  });

  it('are listed to the administrator without the value or the full contact', async () => {
    const res = await as('clin_admin', `/api/critical_alerts/?sample=${sample}`);
    expect(res.statusCode).toBe(200);
    const [alert] = res.json();
    expect(alert).toMatchObject({ flag: 'HH', value: null, notified_to: 'd•••@example.org' });
    expect(res.body).not.toContain('mmol');
    expect(res.body).not.toContain('dr.bello@example.org');
  });

  it('are not listed to the facility’s staff of another programme', async () => {
    const res = await as('ikeja_tb_supervisor', '/api/critical_alerts/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
