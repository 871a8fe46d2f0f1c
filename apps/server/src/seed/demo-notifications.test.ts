import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../core/db.js';
import { clinicalSteps } from '../test/clinical.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { seedNotificationsDemo } from './demo-notifications.js';

/**
 * The demo outbox (seeded after the demo's history, so not in the tests' seeded database). Three samples released at
 * Ikeja stand in for the history: like its requests, they name no clinician's contact, so their approval queued nothing.
 */
describe('the demo outbox', () => {
  let t: TestApp;
  const steps = clinicalSteps(() => t);
  const outbox = async () =>
    rowsOf<{
      id: number;
      status: string;
      channel: string;
      attempts: number;
      last_error: string;
      sent_at: string | null;
      delivered_at: string | null;
      body: string;
    }>(await t.database.db.execute(sql`select id, status, channel, attempts, last_error, sent_at, delivered_at, body from notification_outbox order by id`));
  beforeAll(async () => {
    t = await createTestApp();
    const rbg = (await steps.catalogue()).find((x) => x.code === 'RBG')!.id;
    const serum = ((await steps.as('superadmin', 'GET', '/api/sample_type/')).json() as { id: number; code: string }[]).find((s) => s.code === 'SER')!.id;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const order = await steps.acceptedOrder([rbg], serum);
      const entered = await steps.as('clin_analyst', 'POST', '/api/results/', { test_order: order.tests[0].id, value: 5.2 + i });
      expect(entered.statusCode, entered.body).toBe(201);
      ids.push(entered.json().id);
    }
    expect((await steps.as('clin_supervisor', 'POST', '/api/results/verify/', { ids })).statusCode).toBe(200);
    expect((await steps.as('clin_supervisor', 'POST', '/api/results/approve/', { ids, password: 'Demo@12345' })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('shows the last released samples’ messages delivered, sent and failed, none left to send', async () => {
    expect(await outbox()).toEqual([]);
    await seedNotificationsDemo(t.database.db);
    const rows = await outbox();
    expect(rows.length).toBeGreaterThan(2);
    const states = new Set(rows.map((r) => r.status));
    expect(states).toContain('delivered');
    expect(states).toContain('sent');
    expect(states).not.toContain('queued');
    for (const r of rows) {
      expect(r.body.length).toBeGreaterThan(0);
      if (r.status === 'failed') expect([r.attempts, r.last_error.length > 0, r.sent_at]).toEqual([5, true, null]);
      if (r.status === 'delivered') expect(new Date(r.delivered_at!).getTime()).toBeGreaterThan(new Date(r.sent_at!).getTime());
      if (r.status === 'sent') expect(r.delivered_at).toBeNull();
    }
    if (rows.some((r) => r.channel === 'sms')) expect(states).toContain('failed');
  });

  it('is done once', async () => {
    const before = await outbox();
    await seedNotificationsDemo(t.database.db);
    expect(await outbox()).toEqual(before);
  });
});
