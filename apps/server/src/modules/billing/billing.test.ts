import { invoiceState } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { clinicalSteps } from '../../test/clinical.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/**
 * Billing at Ikeja (General): invoices made with the order at the prices in force then, a panel billed once,
 * discounts, waivers and refunds decided by someone other than who asked, payments never past the balance (one
 * at a time under the invoice's row lock, retried safely with an Idempotency-Key), and results held until paid.
 */
let t: TestApp;
const steps = clinicalSteps(() => t);
const { as } = steps;
const ids = { fbg: 0 };

const byCode = async (code: string) => (await steps.catalogue()).find((x) => x.code === code)!;
const invoiceOf = async (orderId: number) =>
  rowsOf<{ id: number; number: string; total_kobo: number }>(
    await t.database.db.execute(sql`select id, number, total_kobo from invoices where order_id = ${orderId}`),
  )[0];
const detail = async (id: number, user = 'clin_receptionist') => (await as(user, 'GET', `/api/invoice/${id}/`)).json();
const pay = (id: number, body: object, user = 'clin_receptionist', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/invoice/${id}/payment/`, headers: { ...headers, authorization: `Bearer ${tokens[user]}` }, payload: body });
const tokens: Record<string, string> = {};

/** A new order of these tests for a new client, and its invoice. */
async function ordered(codes: string[]) {
  const tests = await Promise.all(codes.map(byCode));
  const order = await steps.newOrder(tests.map((x) => x.id));
  const invoice = await invoiceOf(order.order);
  return { order, invoice: invoice ? await detail(invoice.id) : null };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['clin_receptionist', 'clin_clerk', 'clin_supervisor', 'clin_reviewer', 'clin_manager', 'clin_admin', 'clin_analyst', 'ph_supervisor'])
    tokens[u] = await t.token(u);
  ids.fbg = (await byCode('FBG')).id;
});
afterAll(() => t.close());

describe('invoices', () => {
  it('are made with the order: one line per test or panel at its price, numbered per facility and year', async () => {
    const { order, invoice } = await ordered(['FBC', 'FBG']);
    expect(invoice).toMatchObject({ state: 'pending', lab_number: order.lab_number, discount_kobo: 0, paid_kobo: 0, awaiting: 0 });
    expect(invoice.number).toMatch(new RegExp(`^INV-${new Date().getUTCFullYear()}-\\d{5}$`));
    // the panel is one line at the panel's price, its members are not billed
    expect(invoice.lines.map((l: { description: string }) => l.description)).toEqual(['Full blood count', (await byCode('FBG')).name]);
    const prices = (await as('clin_receptionist', 'GET', '/api/test_price/')).json() as { test_type: number; amount_kobo: number }[];
    const fbc = prices.find((p) => p.test_type === invoice.lines[0].test_type)!;
    const fbg = prices.find((p) => p.test_type === ids.fbg)!;
    expect(invoice.lines.map((l: { amount_kobo: number }) => l.amount_kobo)).toEqual([fbc.amount_kobo, fbg.amount_kobo]);
    expect(invoice.total_kobo).toBe(fbc.amount_kobo + fbg.amount_kobo);
    expect(invoice.balance_kobo).toBe(invoice.total_kobo);
    // the next order's invoice takes the next number
    const next = await ordered(['FBG']);
    expect(Number(next.invoice.number.slice(-5))).toBe(Number(invoice.number.slice(-5)) + 1);
    // the sample's label finds the invoice, and so does the client's name
    const found = (await as('clin_receptionist', 'GET', `/api/invoice/?search=${encodeURIComponent(order.samples[0].barcode)}`)).json();
    expect(found.results.map((r: { id: number }) => r.id)).toContain(invoice.id);
  });

  it('keep the price in force when the order was placed: a later price change leaves them as they were', async () => {
    const before = await ordered(['FBG']);
    const [service] = (await as('clin_admin', 'GET', `/api/facility_test_service/?page=1&Filters.test_type=${ids.fbg}`)).json().results;
    const old = Number(service.price);
    expect((await as('clin_admin', 'PATCH', `/api/facility_test_service/${service.id}/`, { price: old + 250 })).statusCode).toBe(200);
    const after = await ordered(['FBG']);
    expect(before.invoice.total_kobo).toBe(Math.round(old * 100));
    expect(after.invoice.total_kobo).toBe(Math.round((old + 250) * 100));
    expect((await detail(before.invoice.id)).total_kobo).toBe(Math.round(old * 100));
    // the price list keeps both, newest first
    const history = (await as('clin_admin', 'GET', `/api/test_price/?test_type=${ids.fbg}`)).json();
    expect(history.map((p: { amount_kobo: number }) => p.amount_kobo).slice(0, 2)).toEqual([Math.round((old + 250) * 100), Math.round(old * 100)]);
    expect(history.at(-1).effective_from).toBe('2000-01-01T00:00:00.000Z');
    expect((await as('clin_admin', 'PATCH', `/api/facility_test_service/${service.id}/`, { price: old })).statusCode).toBe(200);
  });

  it('are not made when nothing ordered has a price (a panel member on its own)', async () => {
    const member = (await steps.catalogue()).find((x) => x.panel != null)!;
    const { invoice } = await ordered([member.code]);
    expect(invoice).toBeNull();
  });

  it('list with filters: state, balance, client, days; another facility finds none of them', async () => {
    const { order, invoice } = await ordered(['FBG']);
    const list = async (q: string, user = 'clin_manager') => (await as(user, 'GET', `/api/invoice/?${q}`)).json();
    expect((await list(`client=${order.client.id}`)).results).toEqual([
      expect.objectContaining({ id: invoice.id, client_name: 'Amaka Eze', state: 'pending' }),
    ]);
    expect((await list(`client=${order.client.id}&has_balance=0`)).count).toBe(0);
    expect((await list(`client=${order.client.id}&state=paid`)).count).toBe(0);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' });
    expect((await list(`client=${order.client.id}&start_date=${today}&end_date=${today}`)).count).toBe(1);
    expect((await list(`search=${invoice.number}`)).results[0].hospital_number).toMatch(/^H-/);
    expect((await as('ph_supervisor', 'GET', `/api/invoice/${invoice.id}/`)).statusCode).toBe(404);
    expect((await list(`search=${order.lab_number}`, 'ph_supervisor')).count).toBe(0);
    expect((await as('clin_manager', 'GET', '/api/invoice/?state=owing')).json()).toEqual({ state: [expect.stringContaining('Choose one of')] });
    expect((await as('clin_manager', 'GET', '/api/invoice/?start_date=2026-02-30')).statusCode).toBe(400);
  });

  it('the state follows the amounts as the contracts say', () => {
    const z = { total_kobo: 1000, discount_kobo: 0, paid_kobo: 0, refunded_kobo: 0 };
    expect(invoiceState(z)).toBe('pending');
    expect(invoiceState({ ...z, paid_kobo: 400 })).toBe('partially_paid');
    expect(invoiceState({ ...z, paid_kobo: 1000 })).toBe('paid');
    expect(invoiceState({ ...z, discount_kobo: 1000 })).toBe('waived');
    expect(invoiceState({ ...z, paid_kobo: 600, discount_kobo: 400 })).toBe('paid');
    expect(invoiceState({ ...z, paid_kobo: 1000, refunded_kobo: 300 })).toBe('paid');
  });
});

describe('payments', () => {
  it('take part of the balance, then the rest; never more than the balance; receipts numbered', async () => {
    const { invoice } = await ordered(['FBC', 'FBG']);
    const part = Math.floor(invoice.total_kobo / 3);
    const first = await pay(invoice.id, { method: 'pos', amount_kobo: part, reference: 'TRM-0042' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ method: 'pos', reference: 'TRM-0042', amount_kobo: part, received_by: 'Clin Receptionist' });
    expect(first.json().receipt_number).toMatch(/^RCT-\d{4}-\d{5}$/);
    expect(first.json().invoice).toMatchObject({ state: 'partially_paid', paid_kobo: part, balance_kobo: invoice.total_kobo - part });
    const over = await pay(invoice.id, { method: 'cash', amount_kobo: invoice.total_kobo });
    expect(over.statusCode).toBe(400);
    expect(over.json().amount_kobo[0]).toContain(`is more than the balance (₦`);
    const rest = await pay(invoice.id, { method: 'cash', amount_kobo: invoice.total_kobo - part });
    expect(rest.statusCode).toBe(201);
    expect(Number(rest.json().receipt_number.slice(-5))).toBe(Number(first.json().receipt_number.slice(-5)) + 1);
    expect(rest.json().invoice).toMatchObject({ state: 'paid', balance_kobo: 0 });
    expect((await pay(invoice.id, { method: 'cash', amount_kobo: 100 })).json()).toEqual({ amount_kobo: [expect.stringContaining('balance is ₦0.00')] });
    // the history lists them, per client and cashier
    const history = (await as('clin_manager', 'GET', `/api/payment/?search=${invoice.number}`)).json();
    expect(history).toMatchObject({ count: 2, total_kobo: invoice.total_kobo });
    expect(history.results[0]).toMatchObject({ invoice: invoice.id, lab_number: invoice.lab_number, client_name: 'Amaka Eze' });
  });

  it('need the reference their method asks for, and a valid amount (400 naming the field)', async () => {
    const { invoice } = await ordered(['FBG']);
    expect((await pay(invoice.id, { method: 'pos', amount_kobo: 100 })).json()).toEqual({ reference: ['Enter the POS terminal’s reference.'] });
    expect((await pay(invoice.id, { method: 'transfer', amount_kobo: 100 })).json()).toEqual({ reference: ['Enter the transfer’s reference.'] });
    expect((await pay(invoice.id, { method: 'hmo', amount_kobo: 100 })).json()).toEqual({
      scheme: ['Enter the HMO or scheme’s name.'],
      reference: ['Enter the authorisation code.'],
    });
    expect(Object.keys((await pay(invoice.id, { method: 'cheque', amount_kobo: 100 })).json())).toEqual(['method']);
    expect(Object.keys((await pay(invoice.id, { method: 'cash', amount_kobo: 0 })).json())).toEqual(['amount_kobo']);
    expect(Object.keys((await pay(invoice.id, { method: 'cash', amount_kobo: 10.5 })).json())).toEqual(['amount_kobo']);
    expect(Object.keys((await pay(invoice.id, { method: 'cash' })).json())).toEqual(['amount_kobo']);
    const hmo = await pay(invoice.id, { method: 'hmo', amount_kobo: 100, scheme: 'Hygeia HMO', reference: 'AUTH-7781' });
    expect(hmo.statusCode).toBe(201);
    expect(hmo.json()).toMatchObject({ scheme: 'Hygeia HMO', reference: 'AUTH-7781' });
    // a manager approves but does not take money; another facility's invoice does not exist
    expect((await pay(invoice.id, { method: 'cash', amount_kobo: 100 }, 'clin_manager')).statusCode).toBe(403);
    expect((await pay(invoice.id, { method: 'cash', amount_kobo: 100 }, 'ph_supervisor')).statusCode).toBe(404);
  });

  it('retried with the same Idempotency-Key is taken once', async () => {
    const { invoice } = await ordered(['FBG']);
    const key = { 'idempotency-key': `pay-${invoice.id}` };
    const first = await pay(invoice.id, { method: 'cash', amount_kobo: 500 }, 'clin_receptionist', key);
    const again = await pay(invoice.id, { method: 'cash', amount_kobo: 500 }, 'clin_receptionist', key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().receipt_number).toBe(first.json().receipt_number);
    expect((await detail(invoice.id)).payments).toHaveLength(1);
  });

  it('of one balance at once: one is taken, the other refused, never overpaid', async () => {
    const { invoice } = await ordered(['FBC', 'FBG']);
    const both = await Promise.all([
      pay(invoice.id, { method: 'cash', amount_kobo: invoice.total_kobo }, 'clin_receptionist'),
      pay(invoice.id, { method: 'transfer', amount_kobo: invoice.total_kobo, reference: 'TRF-1' }, 'clin_clerk'),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const after = await detail(invoice.id);
    expect(after).toMatchObject({ paid_kobo: invoice.total_kobo, balance_kobo: 0, state: 'paid' });
    expect(after.payments).toHaveLength(1);
    // many small ones at once: they add up to the balance at most
    const other = (await ordered(['FBG'])).invoice;
    const share = Math.ceil(other.total_kobo / 3);
    const many = await Promise.all(
      Array.from({ length: 6 }, (_, i) => pay(other.id, { method: 'cash', amount_kobo: share }, i % 2 ? 'clin_clerk' : 'clin_receptionist')),
    );
    const taken = many.filter((r) => r.statusCode === 201).length;
    expect(many.every((r) => r.statusCode === 201 || r.statusCode === 400)).toBe(true);
    expect(taken).toBe(Math.floor(other.total_kobo / share));
    const paid = await detail(other.id);
    expect(paid.paid_kobo).toBe(taken * share);
    expect(paid.paid_kobo).toBeLessThanOrEqual(other.total_kobo);
  });
});

describe('discounts and waivers', () => {
  it('are asked for with a reason and decided by a supervisor or manager who did not ask', async () => {
    const { invoice } = await ordered(['FBC', 'FBG']);
    const ask = (body: object, user = 'clin_receptionist') => as(user, 'POST', `/api/invoice/${invoice.id}/adjustment/`, body);
    expect((await ask({ kind: 'discount', mode: 'percent', value: 10 })).json()).toEqual({ reason: ['This field is required.'] });
    expect((await ask({ kind: 'discount', mode: 'percent', value: 101, reason: 'Staff' })).json()).toEqual({ value: ['A percentage is from 1 to 100.'] });
    expect((await ask({ kind: 'discount', value: 10, reason: 'Staff' })).json()).toEqual({ mode: ['Choose a percentage or an amount.'] });
    expect((await ask({ kind: 'discount', mode: 'amount', value: invoice.total_kobo + 1, reason: 'Staff' })).json()).toEqual({
      value: [expect.stringContaining('is more than the balance')],
    });
    expect((await ask({ kind: 'refund', reason: 'x' })).statusCode).toBe(400);
    const asked = await ask({ kind: 'discount', mode: 'percent', value: 10, reason: 'Staff member’s relative' });
    expect(asked.statusCode, asked.body).toBe(201);
    const discount = asked.json().adjustments[0];
    const tenth = Math.round(invoice.total_kobo / 10);
    expect(discount).toMatchObject({ kind: 'discount', mode: 'percent', value: 10, amount_kobo: tenth, state: 'requested', requested_by: 'Clin Receptionist' });
    expect(asked.json()).toMatchObject({ awaiting: 1, discount_kobo: 0 });
    const decide = (id: number, verb: string, user: string, body: object = {}) => as(user, 'POST', `/api/invoice_adjustment/${id}/${verb}/`, body);
    // the asker's colleagues without the role, and the manager of another facility, may not decide
    expect((await decide(discount.id, 'approve', 'clin_receptionist')).statusCode).toBe(403);
    expect((await decide(discount.id, 'approve', 'clin_clerk')).statusCode).toBe(403);
    expect((await decide(discount.id, 'approve', 'ph_supervisor')).statusCode).toBe(404);
    expect((await decide(discount.id, 'decline', 'clin_supervisor')).json()).toEqual({ note: ['This field is required.'] });
    // the supervisor sees it among those awaiting a decision, and may decide it
    const waiting = (await as('clin_supervisor', 'GET', '/api/billing_approval/')).json();
    expect(waiting).toContainEqual(
      expect.objectContaining({ type: 'adjustment', id: discount.id, percent: 10, can_decide: true, invoice_number: invoice.number }),
    );
    const approved = await decide(discount.id, 'approve', 'clin_supervisor', { note: 'Agreed' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ discount_kobo: tenth, balance_kobo: invoice.total_kobo - tenth, awaiting: 0, state: 'pending' });
    expect(approved.json().adjustments[0]).toMatchObject({ state: 'approved', decided_by: 'Clin Supervisor', decision_note: 'Agreed' });
    expect((await decide(discount.id, 'approve', 'clin_manager')).statusCode).toBe(409);

    // a supervisor who asks cannot approve their own: another one does
    const own = (await ask({ kind: 'discount', mode: 'amount', value: 100, reason: 'Rounding' }, 'clin_supervisor')).json().adjustments[1];
    const self = await decide(own.id, 'approve', 'clin_supervisor');
    expect(self.statusCode).toBe(403);
    expect(self.json().detail).toContain('another supervisor or manager');
    expect((await decide(own.id, 'decline', 'clin_manager', { note: 'Not our policy' })).json().adjustments[1]).toMatchObject({ state: 'declined' });
  });

  it('are checked again on approval against the balance then', async () => {
    const { invoice } = await ordered(['FBG']);
    const asked = (
      await as('clin_receptionist', 'POST', `/api/invoice/${invoice.id}/adjustment/`, { kind: 'discount', mode: 'amount', value: 300, reason: 'Late' })
    ).json();
    expect((await pay(invoice.id, { method: 'cash', amount_kobo: invoice.total_kobo - 200 })).statusCode).toBe(201);
    const late = await as('clin_supervisor', 'POST', `/api/invoice_adjustment/${asked.adjustments[0].id}/approve/`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toContain('is now more than the balance (₦2.00)');
  });

  it('a waiver takes what is left when approved: the invoice is waived when nothing was paid, paid otherwise', async () => {
    const { invoice } = await ordered(['FBG']);
    const w = (await as('clin_clerk', 'POST', `/api/invoice/${invoice.id}/adjustment/`, { kind: 'waiver', reason: 'Indigent patient' })).json();
    const approved = (await as('clin_manager', 'POST', `/api/invoice_adjustment/${w.adjustments[0].id}/approve/`, {})).json();
    expect(approved).toMatchObject({ state: 'waived', balance_kobo: 0, discount_kobo: invoice.total_kobo });
    expect((await as('clin_clerk', 'POST', `/api/invoice/${invoice.id}/adjustment/`, { kind: 'waiver', reason: 'Again' })).statusCode).toBe(409);

    const other = (await ordered(['FBG'])).invoice;
    const w2 = (await as('clin_clerk', 'POST', `/api/invoice/${other.id}/adjustment/`, { kind: 'waiver', reason: 'Hardship' })).json();
    expect((await pay(other.id, { method: 'cash', amount_kobo: 500 })).statusCode).toBe(201);
    const settled = (await as('clin_supervisor', 'POST', `/api/invoice_adjustment/${w2.adjustments[0].id}/approve/`, {})).json();
    expect(settled).toMatchObject({ state: 'paid', balance_kobo: 0, discount_kobo: other.total_kobo - 500 });
    expect(settled.adjustments[0].amount_kobo).toBe(other.total_kobo - 500);
  });
});

describe('refunds', () => {
  it('of a line: at most what was paid towards it, approved by another person, moving the line and the invoice together', async () => {
    const { invoice } = await ordered(['FBC', 'FBG']);
    const [fbc, fbg] = invoice.lines;
    const ask = (body: object, user = 'clin_receptionist') => as(user, 'POST', `/api/invoice/${invoice.id}/refund/`, body);
    expect((await ask({ line: fbg.id, amount_kobo: 100, reason: 'Not done' })).json()).toEqual({
      amount_kobo: ['Nothing paid towards this line is left to refund.'],
    });
    expect((await pay(invoice.id, { method: 'cash', amount_kobo: invoice.total_kobo })).statusCode).toBe(201);
    expect((await ask({ line: fbg.id, amount_kobo: fbg.amount_kobo + 1, reason: 'Not done' })).json()).toEqual({
      amount_kobo: [expect.stringContaining('At most ₦')],
    });
    expect((await ask({ line: 99999999, amount_kobo: 100, reason: 'x' })).json()).toEqual({ line: [expect.stringContaining('is not a line of invoice')] });
    expect((await ask({ line: fbg.id, amount_kobo: 100 })).json()).toEqual({ reason: ['This field is required.'] });
    const asked = await ask({ line: fbg.id, amount_kobo: fbg.amount_kobo, method: 'transfer', reason: 'Reagent out of stock: test not done' });
    expect(asked.statusCode, asked.body).toBe(201);
    const refund = asked.json().refunds[0];
    expect(refund).toMatchObject({ line: fbg.id, line_description: fbg.description, state: 'requested', can_decide: false });
    // asked for once: the line has nothing more to give back meanwhile
    expect(asked.json().lines[1].refundable_kobo).toBe(0);
    expect((await as('clin_receptionist', 'POST', `/api/refund/${refund.id}/approve/`, {})).statusCode).toBe(403);
    const approved = await as('clin_supervisor', 'POST', `/api/refund/${refund.id}/approve/`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      refunded_kobo: fbg.amount_kobo,
      net_paid_kobo: invoice.total_kobo - fbg.amount_kobo,
      due_kobo: invoice.total_kobo - fbg.amount_kobo,
      balance_kobo: 0,
      state: 'paid',
    });
    expect(approved.json().lines[1]).toMatchObject({ refunded_kobo: fbg.amount_kobo, refundable_kobo: 0 });
    expect(approved.json().lines[0]).toMatchObject({ refunded_kobo: 0, refundable_kobo: fbc.amount_kobo });
    expect((await as('clin_manager', 'POST', `/api/refund/${refund.id}/decline/`, { note: 'Late' })).statusCode).toBe(409);
  });

  it('of one whole line at once: one is asked for, the other refused, and the one asked for can be approved', async () => {
    for (let run = 0; run < 5; run++) {
      const { invoice } = await ordered(['FBC', 'FBG']);
      const fbg = invoice.lines[1];
      expect((await pay(invoice.id, { method: 'cash', amount_kobo: invoice.total_kobo })).statusCode).toBe(201);
      const body = { line: fbg.id, amount_kobo: fbg.amount_kobo, reason: 'Reagent out of stock: test not done' };
      const both = await Promise.all([
        as('clin_receptionist', 'POST', `/api/invoice/${invoice.id}/refund/`, body),
        as('clin_clerk', 'POST', `/api/invoice/${invoice.id}/refund/`, body),
      ]);
      expect(both.map((r) => r.statusCode).sort(), `run ${run}`).toEqual([201, 409]);
      const refused = both.find((r) => r.statusCode === 409)!;
      expect(refused.json().detail).toMatch(/already awaits a decision/);
      const after = await detail(invoice.id);
      expect(after.refunds).toHaveLength(1);
      expect(after.lines[1].refundable_kobo).toBe(0);
      const approved = await as('clin_supervisor', 'POST', `/api/refund/${after.refunds[0].id}/approve/`, {});
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().lines[1]).toMatchObject({ refunded_kobo: fbg.amount_kobo, refundable_kobo: 0 });
    }
  });
});

describe('results held until paid', () => {
  it('refuses the report while the invoice has a balance, naming it; allows it once paid or when the setting is off', async () => {
    const settings = (user: string) => as(user, 'GET', '/api/billing_settings/');
    expect((await settings('clin_receptionist')).json()).toMatchObject({ hold_until_paid: false, may_edit: false });
    expect((await as('clin_supervisor', 'PATCH', '/api/billing_settings/', { hold_until_paid: true })).statusCode).toBe(403);
    expect((await as('clin_admin', 'PATCH', '/api/billing_settings/', { hold_until_paid: 'yes' })).json()).toEqual({
      hold_until_paid: [expect.any(String)],
    });
    const on = await as('clin_admin', 'PATCH', '/api/billing_settings/', { hold_until_paid: true });
    expect(on.json()).toMatchObject({ hold_until_paid: true, may_edit: true, updated_by: 'Clin Admin' });
    try {
      const serum = ((await as('superadmin', 'GET', '/api/sample_type/')).json() as { id: number; code: string }[]).find((s) => s.code === 'SER')!.id;
      const order = await steps.acceptedOrder([ids.fbg], serum);
      const result = (await as('clin_analyst', 'POST', '/api/results/', { test_order: order.tests[0].id, value: 5.1 })).json();
      expect((await as('clin_supervisor', 'POST', `/api/results/${result.id}/verify/`)).statusCode).toBe(200);
      expect((await as('clin_supervisor', 'POST', `/api/results/${result.id}/approve/`, { password: 'Demo@12345' })).statusCode).toBe(200);
      const invoice = (await invoiceOf(order.order))!;
      const held = await as('clin_supervisor', 'GET', `/api/general_order/${order.id}/report/`);
      expect(held.statusCode).toBe(409);
      expect(held.json()).toEqual({
        detail: `Held until invoice ${invoice.number} is paid: ${new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' }).format(invoice.total_kobo / 100)} outstanding.`,
        hold: { lab_number: order.lab_number, invoice: invoice.id, number: invoice.number, balance_kobo: invoice.total_kobo },
      });
      expect((await as('clin_analyst', 'GET', `/api/billing_hold/?sample=${order.id}`)).json()).toEqual([held.json().hold]);
      expect((await as('clin_analyst', 'GET', `/api/billing_hold/?lab_numbers=${order.lab_number},NOPE`)).json()).toHaveLength(1);
      // the label is not held
      expect((await as('clin_receptionist', 'GET', `/api/general_order/${order.id}/label/`)).statusCode).toBe(200);
      expect((await pay(invoice.id, { method: 'cash', amount_kobo: invoice.total_kobo - 1 })).statusCode).toBe(201);
      expect((await as('clin_supervisor', 'GET', `/api/general_order/${order.id}/report/`)).statusCode).toBe(409);
      expect((await pay(invoice.id, { method: 'cash', amount_kobo: 1 })).statusCode).toBe(201);
      const released = await as('clin_supervisor', 'GET', `/api/general_order/${order.id}/report/`);
      expect(released.statusCode).toBe(200);
      expect(released.headers['content-type']).toBe('application/pdf');
      expect((await as('clin_analyst', 'GET', `/api/billing_hold/?sample=${order.id}`)).json()).toEqual([]);

      // with the setting off, an unpaid order's report is printed
      const unpaid = await steps.acceptedOrder([ids.fbg], serum);
      const r2 = (await as('clin_analyst', 'POST', '/api/results/', { test_order: unpaid.tests[0].id, value: 5.3 })).json();
      await as('clin_supervisor', 'POST', `/api/results/${r2.id}/verify/`);
      await as('clin_supervisor', 'POST', `/api/results/${r2.id}/approve/`, { password: 'Demo@12345' });
      expect((await as('clin_supervisor', 'GET', `/api/general_order/${unpaid.id}/report/`)).statusCode).toBe(409);
      await as('clin_admin', 'PATCH', '/api/billing_settings/', { hold_until_paid: false });
      expect((await as('clin_supervisor', 'GET', `/api/general_order/${unpaid.id}/report/`)).statusCode).toBe(200);
    } finally {
      await as('clin_admin', 'PATCH', '/api/billing_settings/', { hold_until_paid: false });
    }
  });
});

describe('receipts and the dashboard', () => {
  it('print a payment as an 80 mm PDF; the dashboard counts the takings per day and method', async () => {
    const { invoice } = await ordered(['FBG']);
    const taken = (await pay(invoice.id, { method: 'transfer', amount_kobo: 1000, reference: 'TRF-778' })).json();
    const pdf = await as('clin_manager', 'GET', `/api/payment/${taken.id}/receipt.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await as('ph_supervisor', 'GET', `/api/payment/${taken.id}/receipt.pdf`)).statusCode).toBe(404);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' });
    const d = (await as('clin_manager', 'GET', `/api/billing_dashboard/?from=${today}&to=${today}`)).json();
    expect(d.by_day).toEqual([expect.objectContaining({ day: today })]);
    expect(d.by_day[0].amount_kobo).toBe(d.takings.amount_kobo);
    expect(d.by_method.find((m: { method: string }) => m.method === 'transfer').amount_kobo).toBeGreaterThanOrEqual(1000);
    expect(d.by_method.reduce((s: number, m: { amount_kobo: number }) => s + m.amount_kobo, 0)).toBe(d.takings.amount_kobo);
    expect(d.outstanding.count).toBeGreaterThan(0);
    expect((await as('clin_manager', 'GET', '/api/billing_dashboard/')).json().by_day).toHaveLength(7);
    expect((await as('clin_manager', 'GET', `/api/billing_dashboard/?from=${today}&to=2000-01-01`)).json()).toEqual({
      to: ['The last day is before the first.'],
    });
    const csv = await as('clin_manager', 'GET', `/api/payment/?format=csv&search=${invoice.number}`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe('receipt_number,received_at,method,amount_naira,reference,scheme,cashier,invoice_number,lab_number,client_name');
    expect(csv.body).toContain(',10.00,TRF-778,');
    const xlsx = await as('clin_manager', 'GET', `/api/payment/?format=xlsx`);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
