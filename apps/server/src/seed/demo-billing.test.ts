import { invoiceState, PAYMENT_METHODS } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../core/db.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { BILLING_DEMO_PREFIX, seedBillingDemo } from './demo-billing.js';

/** The demo's week at Ikeja's cash desk (added after the demo's history, so not in the tests' seeded database). */
describe('the demo week of billing at Ikeja', () => {
  let t: TestApp;
  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
  beforeAll(async () => {
    t = await createTestApp();
    expect(await seedBillingDemo(t.database.db)).toBe(true);
  });
  afterAll(() => t.close());

  it('invoices the week’s orders at their prices, numbered in the order they were placed', async () => {
    const invoices = await rows<{ number: string; total_kobo: number; lines: number; days: number; state: string } & Record<string, number>>(sql`
      select i.number, i.total_kobo, i.discount_kobo, i.paid_kobo, i.refunded_kobo, i.state,
             (select sum(l.amount_kobo) from invoice_lines l where l.invoice_id = i.id)::int as lines,
             extract(epoch from now() - i.created_at)::int / 86400 as days
      from invoices i join orders o on o.id = i.order_id where starts_with(o.lab_number, ${BILLING_DEMO_PREFIX}) order by i.created_at`);
    expect(invoices.length).toBeGreaterThanOrEqual(15);
    expect(new Set(invoices.map((i) => i.days)).size).toBeGreaterThanOrEqual(5);
    expect(Math.max(...invoices.map((i) => i.days))).toBeLessThan(7);
    for (const i of invoices) {
      expect(i.lines).toBe(i.total_kobo);
      expect(i.state).toBe(invoiceState(i as never));
    }
    const numbers = invoices.map((i) => Number(i.number.slice(-5)));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    const states = invoices.map((i) => i.state);
    expect(states.filter((s) => s === 'pending')).toHaveLength(3);
    expect(states.filter((s) => s === 'partially_paid')).toHaveLength(3);
    expect(states.filter((s) => s === 'waived')).toHaveLength(1);
  });

  it('pays them by every method, with an HMO authorisation code, one discount, one waiver and one refund', async () => {
    const payments = await rows<{ method: string; reference: string; scheme: string; receipt_number: string }>(
      sql`select method, reference, scheme, receipt_number from payments order by id`,
    );
    expect(new Set(payments.map((p) => p.method))).toEqual(new Set(PAYMENT_METHODS));
    expect(payments.filter((p) => p.method === 'cash').length).toBeGreaterThan(payments.length / 2);
    expect(payments.find((p) => p.method === 'hmo')).toMatchObject({ scheme: 'Hygeia HMO', reference: expect.stringMatching(/^HYG-PA-/) });
    const receipts = payments.map((p) => Number(p.receipt_number.slice(-5)));
    expect(receipts).toEqual(receipts.map((_, i) => receipts[0]! + i));
    expect(await rows(sql`select kind, state from invoice_adjustments order by id`)).toEqual([
      { kind: 'discount', state: 'approved' },
      { kind: 'waiver', state: 'approved' },
      { kind: 'discount', state: 'requested' },
    ]);
    expect(await rows(sql`select state from refunds`)).toEqual([{ state: 'approved' }]);
    expect(await rows(sql`select hold_until_paid from billing_settings where hold_until_paid`)).toEqual([]);
    // the dashboard of the week counts them
    const res = await t.app.inject({ url: '/api/billing_dashboard/', headers: { authorization: `Bearer ${await t.token('clin_manager')}` } });
    const d = res.json();
    expect(d.takings.count).toBe(payments.length);
    expect(d).toMatchObject({ discounts: { count: 1 }, waivers: { count: 1 }, refunds: { count: 1 }, awaiting: { adjustments: 1, refunds: 0 } });
    expect(d.outstanding.count).toBe(6);
  });

  it('is added once', async () => {
    expect(await seedBillingDemo(t.database.db)).toBe(false);
  });
});
