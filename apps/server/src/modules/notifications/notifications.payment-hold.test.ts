import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { GENERAL } from '../../test/programmes.js';
import { approvedSample, criticalPotassium, startGateway, startMailbox, withEnv } from './notifications.test-helpers.js';
import { dispatcherOf } from './notifications.routes.js';

/**
 * Messages and the billing hold at Ikeja, with an SMTP server and an SMS gateway started here. While the facility
 * holds results until paid, a message that gives the client the values waits for the order's invoice to be paid, as
 * the report does; the clinician's messages, a critical value's alert and a client's "results are ready" go at once.
 */
let t: TestApp;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let gateway: Awaited<ReturnType<typeof startGateway>>;

beforeAll(async () => {
  mailbox = await startMailbox();
  gateway = await startGateway();
  t = await withEnv(
    {
      SMTP_URL: mailbox.url,
      MAIL_FROM: 'Laboratory <lab@example.org>',
      SMS_GATEWAY_URL: gateway.url,
      SMS_GATEWAY_TOKEN: 'gateway-secret-token',
      NOTIFY_RETRY_MS: '10',
      NOTIFY_MAX_ATTEMPTS: '3',
      NOTIFY_POLL_MS: '60000',
    },
    () => createTestApp(),
  );
  const on = await as('clin_admin', 'PATCH', '/api/billing_settings/', { hold_until_paid: true });
  expect(on.statusCode, on.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
  await gateway.close();
});

const as = async (user: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await t.token(user)), ...(payload ? { payload } : {}) });
const outboxOf = async (sample: number) =>
  rowsOf<{ id: number; recipient_kind: string; channel: string; status: string; address: string; body: string }>(
    await t.database.db.execute(sql`select * from notification_outbox where sample_id = ${sample} order by id`),
  );
const invoiceOf = async (order: number) =>
  rowsOf<{ id: number; number: string; total_kobo: number }>(
    await t.database.db.execute(sql`select id, number, total_kobo from invoices where order_id = ${order}`),
  )[0]!;
const sentTo = (address: string) => [
  ...mailbox.messages.filter((m) => m.to.includes(address)).map((m) => m.raw),
  ...gateway.received.filter((r) => r.body.to === address).map((r) => r.body.message),
];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('messages while the facility holds results until paid', () => {
  it('keeps the client’s message with the values until the invoice is paid; the clinician’s goes at once', async () => {
    const client = { phone: '+2348035550101', email: 'funmi@example.org' };
    const approved = await approvedSample(t, GENERAL, { clinician_email: 'dr.hold@example.org' }, client);
    const invoice = await invoiceOf(approved.order);
    expect(invoice.total_kobo).toBeGreaterThan(0);
    expect((await outboxOf(approved.sample)).map((r) => [r.recipient_kind, r.channel])).toEqual([
      ['clinician', 'email'],
      ['client', 'sms'],
      ['client', 'email'],
    ]);

    await dispatcherOf(t.app).drain();
    expect(sentTo('dr.hold@example.org')).toHaveLength(1);
    expect(sentTo(client.phone)).toEqual([]);
    expect(sentTo(client.email)).toEqual([]);
    expect((await outboxOf(approved.sample)).map((r) => r.status)).toEqual(['sent', 'queued', 'queued']);
    // The report is held too.
    expect((await as('clin_supervisor', 'GET', `/api/general_order/${approved.sample}/report/`)).statusCode).toBe(409);

    // The outbox says why they wait, naming the invoice.
    const listed = (await as('clin_admin', 'GET', `/api/notifications/outbox/?search=${approved.lab}`)).json().results as {
      recipient_kind: string;
      status: string;
      held: boolean;
      held_invoice: string | null;
    }[];
    expect(listed.map((m) => [m.recipient_kind, m.status, m.held, m.held_invoice]).sort()).toEqual([
      ['client', 'queued', true, invoice.number],
      ['client', 'queued', true, invoice.number],
      ['clinician', 'sent', false, null],
    ]);

    // Part paid: still held. Paid: they go, with the value.
    const pay = (amount: number) => as('clin_receptionist', 'POST', `/api/invoice/${invoice.id}/payment/`, { method: 'cash', amount_kobo: amount });
    expect((await pay(invoice.total_kobo - 100)).statusCode).toBe(201);
    await dispatcherOf(t.app).drain();
    expect(sentTo(client.phone)).toEqual([]);
    expect((await pay(100)).statusCode).toBe(201);
    await dispatcherOf(t.app).drain();
    expect(sentTo(client.phone)).toHaveLength(1);
    expect(sentTo(client.phone)[0]).toContain('5.2');
    expect(sentTo(client.email)).toHaveLength(1);
    expect((await outboxOf(approved.sample)).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    expect((await as('clin_supervisor', 'GET', `/api/general_order/${approved.sample}/report/`)).statusCode).toBe(200);
  });

  it('sends the client a “results are ready” message without the values at once', async () => {
    const program = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from programs where name = 'General'`))[0]!.id;
    const setting = (content: 'ready' | 'value') =>
      as('clin_admin', 'PUT', '/api/notifications/settings/', { program, content, notify_clinician: true, notify_client: true });
    expect((await setting('ready')).statusCode).toBe(200);
    try {
      const client = { phone: '+2348035550202' };
      const approved = await approvedSample(t, GENERAL, { clinician_email: 'dr.ready@example.org' }, client);
      await dispatcherOf(t.app).drain();
      expect(sentTo(client.phone)).toHaveLength(1);
      expect(sentTo(client.phone)[0]).not.toContain('5.2');
      expect((await as('clin_supervisor', 'GET', `/api/general_order/${approved.sample}/report/`)).statusCode).toBe(409);
    } finally {
      await setting('value');
    }
  });

  it('tells the clinician of a critical value at once, the invoice unpaid', async () => {
    const { sample } = await criticalPotassium(t, 'dr.critical@example.org');
    const [unpaid] = rowsOf<{ balance: number }>(
      await t.database.db.execute(sql`select i.total_kobo - i.discount_kobo - i.paid_kobo as balance
        from invoices i join samples s on s.order_id = i.order_id where s.id = ${sample}`),
    );
    expect(Number(unpaid!.balance)).toBeGreaterThan(0);
    // No drain: the entry wakes the dispatcher.
    for (let i = 0; i < 50 && !sentTo('dr.critical@example.org').length; i++) await sleep(100);
    expect(sentTo('dr.critical@example.org')[0]).toContain('7.4');
  });
});
