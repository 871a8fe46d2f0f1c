import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { EID, type ProgrammeCase, VIRAL_LOAD } from '../../test/programmes.js';
import { notifyApproved } from './notifications.enqueue.js';
import { approvedSample as approved, criticalPotassium, startGateway, startMailbox, withEnv } from './notifications.test-helpers.js';
import { dispatcherOf } from './notifications.routes.js';

/**
 * Result notifications end to end: an SMTP server and an HTTP SMS gateway are started here, the app is configured
 * with them, and results are approved and entered through the API. The dispatcher's timer is slow (a minute), so
 * routine messages go when the test drains the outbox — and a critical value must go at once without it.
 */
let t: TestApp;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let gateway: Awaited<ReturnType<typeof startGateway>>;
const TOKEN = 'gateway-secret-token';

beforeAll(async () => {
  mailbox = await startMailbox();
  gateway = await startGateway();
  t = await withEnv(
    {
      SMTP_URL: mailbox.url,
      MAIL_FROM: 'Laboratory <lab@example.org>',
      SMS_GATEWAY_URL: gateway.url,
      SMS_GATEWAY_TOKEN: TOKEN,
      NOTIFY_RETRY_MS: '10',
      NOTIFY_MAX_ATTEMPTS: '3',
      NOTIFY_POLL_MS: '60000',
    },
    () => createTestApp(),
  );
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
  await gateway.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const outboxOf = async (sample: number) =>
  rowsOf<{ id: number; channel: string; status: string; attempts: number; last_error: string; body: string; recipient_kind: string }>(
    await t.database.db.execute(sql`select * from notification_outbox where sample_id = ${sample} order by id`),
  );

/** Order the case's test with the clinician's contact, collect, accept, enter, verify and approve: the sample and its result ids. */
const approvedSample = (c: ProgrammeCase, contact: { clinician_phone?: string; clinician_email?: string }) => approved(t, c, contact);

/** One call as a demo user. */
const as = async (user: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await t.token(user)), ...(payload ? { payload } : {}) });

/**
 * A General test (offered at Ikeja first, where the demo does not) ordered for a new client with the clinician's
 * e-mail, collected, accepted, entered, verified and approved: the sample and the approved result's id.
 */
async function approvedGeneral(code: string, value: number | string, clinicianEmail: string, lastName: string, offer = false) {
  const catalogue = (await as('superadmin', 'GET', '/api/test_configuration/?program__name=General')).json();
  const test = catalogue.find((c: { code: string }) => c.code === code);
  if (offer) await as('clin_admin', 'POST', '/api/facility_test_service/', { test_type: test.id, price: 500 });
  const client = (
    await as('clin_receptionist', 'POST', '/api/clients/', { first_name: 'Ngozi', last_name: lastName, sex: 'female', estimated_age_years: 40 })
  ).json();
  const placed = await as('clin_receptionist', 'POST', '/api/general_order/', { client: client.id, test_types: [test.id], clinician_email: clinicianEmail });
  expect(placed.statusCode, placed.body).toBe(201);
  const sample = placed.json().samples[0];
  await as('clin_receptionist', 'POST', `/api/general_order/${sample.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: 1 });
  await as('clin_receptionist', 'POST', `/api/general_order/${sample.id}/accept/`, {});
  const entered = await as('clin_analyst', 'POST', '/api/results/', { test_order: sample.tests[0].id, value });
  expect(entered.statusCode, entered.body).toBe(201);
  const result = entered.json().id as number;
  await as('clin_supervisor', 'POST', `/api/results/${result}/verify/`);
  expect((await as('clin_supervisor', 'POST', `/api/results/${result}/approve/`, { password: 'Demo@12345' })).statusCode).toBe(200);
  return { sample: sample.id as number, result };
}

describe('result notifications', () => {
  it('tells the clinician that a viral-load and an EID result are ready, once each, without the value', async () => {
    const vl = await approvedSample(VIRAL_LOAD, { clinician_email: 'dr.okafor@example.org' });
    const eid = await approvedSample(EID, { clinician_phone: '0803 123 4567' });
    // Queued in the approval's transaction, before any sending.
    expect((await outboxOf(vl.sample)).map((r) => [r.recipient_kind, r.channel, r.status])).toEqual([['clinician', 'email', 'queued']]);
    expect((await outboxOf(eid.sample)).map((r) => [r.recipient_kind, r.channel, r.status])).toEqual([['clinician', 'sms', 'queued']]);

    await dispatcherOf(t.app).drain();
    expect(mailbox.messages).toHaveLength(1);
    expect(mailbox.messages[0]!.to).toEqual(['dr.okafor@example.org']);
    expect(mailbox.messages[0]!.raw).toContain(vl.lab);
    expect(mailbox.messages[0]!.raw).not.toContain('15400');
    expect((await outboxOf(vl.sample))[0]!.body).not.toMatch(/15400|copies/i);
    expect(gateway.received).toHaveLength(1);
    expect(gateway.received[0]!.authorization).toBe(`Bearer ${TOKEN}`);
    expect(gateway.received[0]!.body.to).toBe('+2348031234567');
    expect(gateway.received[0]!.body.message).toContain(eid.lab);
    expect(gateway.received[0]!.body.message).not.toMatch(/DETECTED/i);
    expect((await outboxOf(eid.sample))[0]).toMatchObject({ status: 'sent', attempts: 1 });

    // The same approval enqueued again (a second path, a retried request) adds nothing; a second drain sends nothing.
    await t.database.db.transaction((tx) =>
      notifyApproved(
        tx,
        vl.ids.map((id) => ({ id, amendsId: null })),
      ),
    );
    expect(await outboxOf(vl.sample)).toHaveLength(1);
    await dispatcherOf(t.app).drain();
    expect(mailbox.messages).toHaveLength(1);
    expect(gateway.received).toHaveLength(1);

    // The gateway's delivery report: with the shared token only.
    const report = { reference: 'gw-1', status: 'delivered' };
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/delivery_report/', payload: report })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/notifications/delivery_report/', payload: report, headers: { 'x-gateway-token': 'wrong' } })).statusCode,
    ).toBe(401);
    const ok = await t.app.inject({ method: 'POST', url: '/api/notifications/delivery_report/', payload: report, headers: { 'x-gateway-token': TOKEN } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await outboxOf(eid.sample))[0]).toMatchObject({ status: 'delivered' });
  });

  it('sends the value where the facility chose so, and to the consenting client in their language', async () => {
    const admin = bearer(await t.token('ph_admin'));
    const settings = (await t.app.inject({ url: '/api/notifications/settings/', headers: admin })).json() as {
      program: number;
      program_name: string;
      content: string;
    }[];
    const vlSetting = settings.find((s) => s.program_name === VIRAL_LOAD.program)!;
    expect(vlSetting.content).toBe('ready');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/settings/',
      headers: admin,
      payload: { program: vlSetting.program, content: 'value', notify_clinician: true, notify_client: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const audit = rowsOf<{ action: string }>(await t.database.db.execute(sql`select action from audit_events where action = 'notification.settings_changed'`));
    expect(audit).toHaveLength(1);
    const vl = await approvedSample(VIRAL_LOAD, { clinician_email: 'dr.value@example.org' });
    await t.database.db.execute(sql`update clients set email = 'client@example.org', language = 'fr', notify_consent = true
      where id = (select o.client_id from orders o join samples s on s.order_id = o.id where s.id = ${vl.sample})`);
    // Consent given after this approval: only the clinician was queued. The next approval of the client's results reaches them.
    await dispatcherOf(t.app).drain();
    const clinician = mailbox.messages.find((m) => m.to.includes('dr.value@example.org'))!;
    expect(clinician.raw).toContain('15400');
    await t.database.db.execute(sql`delete from notification_outbox where sample_id = ${vl.sample}`);
    await t.database.db.transaction((tx) =>
      notifyApproved(
        tx,
        vl.ids.map((id) => ({ id, amendsId: null })),
      ),
    );
    const rows = await outboxOf(vl.sample);
    expect(rows.map((r) => [r.recipient_kind, r.channel])).toEqual([
      ['clinician', 'email'],
      ['client', 'email'],
    ]);
    expect(rows[1]!.body).toContain('Résultats');
    await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/settings/',
      headers: admin,
      payload: { program: vlSetting.program, content: 'ready', notify_clinician: true, notify_client: true },
    });
  });

  it('tells the clinician again, with the corrected value, when an amendment is approved', async () => {
    const { sample: sampleId, result: released } = await approvedGeneral('FBG', 5.4, 'dr.amend@example.org', 'Amend');
    const amended = await as('clin_supervisor', 'POST', `/api/results/${released}/amend/`, {
      value: 6.1,
      reason: 'Transcription error',
      password: 'Demo@12345',
    });
    expect(amended.statusCode, amended.body).toBe(201);
    await as('clin_reviewer', 'POST', `/api/results/${amended.json().id}/verify/`);
    expect((await as('clin_reviewer', 'POST', `/api/results/${amended.json().id}/approve/`, { password: 'Demo@12345' })).statusCode).toBe(200);
    await dispatcherOf(t.app).drain();
    // General's default: the values are in the message.
    const messages = mailbox.messages.filter((m) => m.to.includes('dr.amend@example.org'));
    expect(messages).toHaveLength(2);
    const ready = messages.find((m) => m.raw.includes('Subject: Results ready'))!;
    const amendedMessage = messages.find((m) => m.raw.includes('Subject: Results amended'))!;
    expect(ready.raw).toContain('5.4');
    expect(amendedMessage.raw).toContain('6.1');
    expect((await outboxOf(sampleId)).map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('never puts an HIV rapid test’s value in a General message, though General sends values', async () => {
    await approvedGeneral('HIV-RT1', 'REACTIVE', 'dr.private@example.org', 'Private', true);
    await dispatcherOf(t.app).drain();
    const messages = mailbox.messages.filter((m) => m.to.includes('dr.private@example.org'));
    expect(messages).toHaveLength(1);
    expect(messages[0]!.raw).toContain('Subject: Results ready');
    expect(messages[0]!.raw.toUpperCase()).not.toContain('REACTIVE');
    expect(messages[0]!.raw).not.toContain('HIV');
  });

  it('retries a failed delivery with back-off, then marks it failed with the reason; the administrator resends it', async () => {
    gateway.state.status = 500;
    const eid = await approvedSample(EID, { clinician_phone: '+2348039990000' });
    const before = gateway.received.length;
    for (let i = 0; i < 40 && (await outboxOf(eid.sample))[0]!.status !== 'failed'; i++) {
      await dispatcherOf(t.app).drain();
      await sleep(25);
    }
    const [row] = await outboxOf(eid.sample);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row!.last_error).toContain('500');
    expect(gateway.received.length - before).toBe(3);

    const admin = bearer(await t.token('ph_admin'));
    const failed = (await t.app.inject({ url: '/api/notifications/outbox/?status=failed', headers: admin })).json();
    expect(failed.providers).toEqual({ sms: true, email: true });
    expect(failed.results.map((r: { id: number }) => r.id)).toContain(row!.id);
    // Resent once the gateway answers again.
    gateway.state.status = 200;
    expect((await t.app.inject({ method: 'POST', url: `/api/notifications/outbox/${row!.id}/resend/`, headers: admin })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/notifications/outbox/${row!.id}/resend/`, headers: admin })).statusCode).toBe(409);
    await dispatcherOf(t.app).drain();
    expect((await outboxOf(eid.sample))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('notifies the clinician of a critical potassium at once, and records who acknowledged it', async () => {
    const { sample } = await criticalPotassium(t);
    // No drain here: the entry itself wakes the dispatcher.
    for (let i = 0; i < 50 && !mailbox.messages.some((m) => m.to.includes('dr.bello@example.org')); i++) await sleep(100);
    const message = mailbox.messages.find((m) => m.to.includes('dr.bello@example.org'));
    expect(message?.raw).toContain('7.4');

    const supervisor = bearer(await t.token('clin_supervisor'));
    const [alert] = (await t.app.inject({ url: `/api/critical_alerts/?sample=${sample}`, headers: supervisor })).json();
    expect(alert).toMatchObject({ flag: 'HH', notified_to: 'dr.bello@example.org', message_status: 'sent', acknowledged_by: null });
    expect(alert.notified_at).not.toBeNull();
    // A receptionist does not record it; the analyst does, once.
    const ack = { acknowledged_by: 'Dr Bello', read_back: true };
    const receptionist = bearer(await t.token('clin_receptionist'));
    expect((await t.app.inject({ method: 'POST', url: `/api/critical_alerts/${alert.id}/acknowledge/`, headers: receptionist, payload: ack })).statusCode).toBe(
      403,
    );
    const analyst = bearer(await t.token('clin_analyst'));
    const done = await t.app.inject({ method: 'POST', url: `/api/critical_alerts/${alert.id}/acknowledge/`, headers: analyst, payload: ack });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ acknowledged_by: 'Dr Bello', recorded_by: expect.any(String) });
    expect((await t.app.inject({ method: 'POST', url: `/api/critical_alerts/${alert.id}/acknowledge/`, headers: analyst, payload: ack })).statusCode).toBe(409);
    const audit = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from audit_events where action = 'critical.acknowledged'`));
    expect(audit[0]!.n).toBe(1);
  });
  it('throttles delivery reports per address (429 with Retry-After), last as it uses up the window', async () => {
    let refused: { statusCode: number; headers: Record<string, unknown> } | undefined;
    for (let i = 0; i < 130 && !refused; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/notifications/delivery_report/', payload: { reference: 'x', status: 'delivered' } });
      if (res.statusCode === 429) refused = res;
      else expect(res.statusCode).toBe(401);
    }
    expect(refused?.headers['retry-after']).toBeDefined();
  });
});
