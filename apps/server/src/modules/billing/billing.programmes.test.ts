import type { Role } from '@nlims/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { seedUser } from '../../seed/builders.js';
import { DEMO_PASSWORD } from '../../seed/demo.js';
import { hashPassword } from '../users/users.service.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { EID, type ProgrammeCase, programmeSteps, TUBERCULOSIS, VIRAL_LOAD } from '../../test/programmes.js';

/**
 * Billing follows the programme rule of samples: at the Yaba laboratory (Tuberculosis, Viral Load, EID and the
 * public-health programmes), a user whose billing roles are all in Tuberculosis finds no Viral Load or EID invoice
 * (404, absent from lists, counts, searches, the dashboard, receipts, exports and the results held), and one who
 * reads Viral Load invoices as its manager but keeps the cash desk only in Tuberculosis may not pay, discount or
 * refund them (403, `can` false) while deciding their requests. ph_supervisor, who holds every Yaba programme,
 * sees them all.
 */
let t: TestApp;
let yaba = 0;

const TB_SUPERVISOR = 'yaba_tb_only_supervisor';
const TB_RECEPTIONIST = 'yaba_tb_only_receptionist';
/** The Tuberculosis cash desk, and the Viral Load programme's manager. */
const TB_DESK_VL_MANAGER = 'yaba_tb_desk_vl_manager';

interface Placed {
  invoice: number;
  number: string;
  lab_number: string;
  client: number;
  last_name: string;
  total_kobo: number;
  line: number;
}
const placed = {} as Record<'tb' | 'vl' | 'eid', Placed>;
const ids = { vlPayment: 0, tbPayment: 0, vlAdjustment: 0, vlRefund: 0, vlReceipt: '', tbReceipt: '' };

const request = async (user: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await t.token(user)), ...(payload ? { payload } : {}) });
const json = async (user: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
  const res = await request(user, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};
const rows = async <T>(query: SQL) => rowsOf<T>(await t.database.db.execute(query));

/** An order of the case's test for a new client at Yaba, and its invoice. */
async function order(c: ProgrammeCase): Promise<Placed> {
  const made = await programmeSteps(() => t, c).order();
  const [found] = await rows<Placed>(sql`
    select i.id as invoice, i.number, o.lab_number, i.client_id as client, c.last_name, i.total_kobo,
           (select min(l.id) from invoice_lines l where l.invoice_id = i.id) as line
    from invoices i join orders o on o.id = i.order_id join clients c on c.id = i.client_id where o.lab_number = ${made.lab_number}`);
  expect(found, `${c.program} is invoiced`).toBeDefined();
  return found!;
}

/** Yaba's invoices of these programmes (every programme when null), as SQL counts them. */
const yabaInvoices = (programs: string[] | null, extra: SQL = sql``) =>
  rows<{ count: number; amount: number }>(sql`
    select count(*)::int as count, coalesce(sum(i.total_kobo - i.discount_kobo - i.paid_kobo), 0)::int as amount
    from invoices i join orders o on o.id = i.order_id join programs pr on pr.id = o.program_id
    where i.facility_id = ${yaba} ${
      programs
        ? sql`and pr.name in (${sql.join(
            programs.map((p) => sql`${p}`),
            sql`, `,
          )})`
        : sql``
    } ${extra}`).then((r) => r[0]!);

beforeAll(async () => {
  t = await createTestApp();
  yaba = (await rows<{ id: number }>(sql`select id from facilities where facility_name ilike '%Yaba%' order by id limit 1`))[0]!.id;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const users: [string, [string, Role][]][] = [
    [TB_SUPERVISOR, [['Tuberculosis', 'Supervisor']]],
    [TB_RECEPTIONIST, [['Tuberculosis', 'Receptionist']]],
    [
      TB_DESK_VL_MANAGER,
      [
        ['Tuberculosis', 'Receptionist'],
        ['Viral Load', 'Manager'],
      ],
    ],
  ];
  for (const [username, roles] of users) await seedUser(t.database.db, { username, passwordHash, facilityId: yaba, roles });

  placed.tb = await order(TUBERCULOSIS);
  placed.vl = await order(VIRAL_LOAD);
  placed.eid = await order(EID);
  // Viral Load: paid in part, a discount and a refund awaiting a decision (all by the laboratory's receptionist).
  const vlPaid = await json('ph_receptionist', 'POST', `/api/invoice/${placed.vl.invoice}/payment/`, { method: 'cash', amount_kobo: 1000 });
  ids.vlPayment = vlPaid.id;
  ids.vlReceipt = vlPaid.receipt_number;
  const discount = { kind: 'discount', mode: 'amount', value: 100, reason: 'Regular client' };
  ids.vlAdjustment = (await json('ph_receptionist', 'POST', `/api/invoice/${placed.vl.invoice}/adjustment/`, discount)).adjustments.at(-1).id;
  ids.vlRefund = (
    await json('ph_receptionist', 'POST', `/api/invoice/${placed.vl.invoice}/refund/`, { line: placed.vl.line, amount_kobo: 100, reason: 'Test not done' })
  ).refunds.at(-1).id;
  // Tuberculosis: paid in part by the TB-only receptionist.
  const tbPaid = await json(TB_RECEPTIONIST, 'POST', `/api/invoice/${placed.tb.invoice}/payment/`, { method: 'cash', amount_kobo: 500 });
  ids.tbPayment = tbPaid.id;
  ids.tbReceipt = tbPaid.receipt_number;
});
afterAll(() => t.close());

describe('a user whose billing roles are all in Tuberculosis', () => {
  it('lists only Tuberculosis invoices, and the count agrees', async () => {
    for (const user of [TB_SUPERVISOR, TB_RECEPTIONIST]) {
      const list = await json(user, 'GET', '/api/invoice/?page_size=100');
      const programs = new Set(list.results.map((r: { program: string }) => r.program));
      expect([...programs]).toEqual(['Tuberculosis']);
      expect(list.count).toBe((await yabaInvoices(['Tuberculosis'])).count);
      expect(list.results.map((r: { id: number }) => r.id)).toContain(placed.tb.invoice);
      // a filter naming a Viral Load or EID client finds nothing either
      expect((await json(user, 'GET', `/api/invoice/?client=${placed.vl.client}`)).count).toBe(0);
      expect((await json(user, 'GET', `/api/invoice/?client=${placed.eid.client}&has_balance=1`)).count).toBe(0);
    }
  });

  it('finds no Viral Load or EID invoice by a client’s name, a lab number or an invoice number', async () => {
    for (const p of [placed.vl, placed.eid]) {
      for (const term of [p.last_name, p.lab_number, p.number]) {
        const found = await json(TB_SUPERVISOR, 'GET', `/api/invoice/?search=${encodeURIComponent(term)}`);
        expect(found, term).toMatchObject({ count: 0, results: [] });
        expect((await json(TB_SUPERVISOR, 'GET', `/api/payment/?search=${encodeURIComponent(term)}`)).count, term).toBe(0);
      }
    }
    // its own programme's invoice is found by the client's name
    expect(
      (await json(TB_SUPERVISOR, 'GET', `/api/invoice/?search=${encodeURIComponent(placed.tb.last_name)}`)).results.map((r: { id: number }) => r.id),
    ).toEqual([placed.tb.invoice]);
  });

  it('does not find a Viral Load or EID invoice: reading, paying, discounting, refunding and deciding are 404', async () => {
    for (const p of [placed.vl, placed.eid]) {
      for (const user of [TB_SUPERVISOR, TB_RECEPTIONIST]) {
        expect((await request(user, 'GET', `/api/invoice/${p.invoice}/`)).statusCode).toBe(404);
        expect((await request(user, 'POST', `/api/invoice/${p.invoice}/payment/`, { method: 'cash', amount_kobo: 100 })).statusCode).toBe(404);
        const discount = { kind: 'discount', mode: 'percent', value: 10, reason: 'Probe' };
        expect((await request(user, 'POST', `/api/invoice/${p.invoice}/adjustment/`, discount)).statusCode).toBe(404);
        expect((await request(user, 'POST', `/api/invoice/${p.invoice}/refund/`, { line: p.line, amount_kobo: 10, reason: 'Probe' })).statusCode).toBe(404);
      }
    }
    for (const verb of ['approve', 'decline']) {
      expect((await request(TB_SUPERVISOR, 'POST', `/api/invoice_adjustment/${ids.vlAdjustment}/${verb}/`, { note: 'Probe' })).statusCode).toBe(404);
      expect((await request(TB_SUPERVISOR, 'POST', `/api/refund/${ids.vlRefund}/${verb}/`, { note: 'Probe' })).statusCode).toBe(404);
    }
    // nothing moved
    const [vl] = await rows<{ paid_kobo: number; discount_kobo: number }>(sql`select paid_kobo, discount_kobo from invoices where id = ${placed.vl.invoice}`);
    expect(vl).toEqual({ paid_kobo: 1000, discount_kobo: 0 });
    expect(await rows(sql`select state from invoice_adjustments where invoice_id = ${placed.vl.invoice}`)).toEqual([{ state: 'requested' }]);
    expect(await rows(sql`select count(*)::int as n from payments where invoice_id = ${placed.eid.invoice}`)).toEqual([{ n: 0 }]);
  });

  it('works its own programme’s invoices: pays, asks, and decides', async () => {
    const detail = await json(TB_RECEPTIONIST, 'GET', `/api/invoice/${placed.tb.invoice}/`);
    expect(detail).toMatchObject({ program: 'Tuberculosis', can: { pay: true, adjust: true, refund: true } });
    const asked = await json(TB_RECEPTIONIST, 'POST', `/api/invoice/${placed.tb.invoice}/adjustment/`, {
      kind: 'discount',
      mode: 'amount',
      value: 100,
      reason: 'Staff',
    });
    const adjustment = asked.adjustments.at(-1);
    const seen = await json(TB_SUPERVISOR, 'GET', `/api/invoice/${placed.tb.invoice}/`);
    expect(seen.adjustments.find((a: { id: number }) => a.id === adjustment.id).can_decide).toBe(true);
    expect((await request(TB_SUPERVISOR, 'POST', `/api/invoice_adjustment/${adjustment.id}/approve/`, { note: 'Agreed' })).statusCode).toBe(200);
  });

  it('sees only Tuberculosis requests awaiting a decision', async () => {
    await json('ph_receptionist', 'POST', `/api/invoice/${placed.tb.invoice}/adjustment/`, { kind: 'discount', mode: 'amount', value: 50, reason: 'Kept' });
    const theirs = await json(TB_SUPERVISOR, 'GET', '/api/billing_approval/');
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((r: { invoice: number }) => r.invoice !== placed.vl.invoice && r.invoice !== placed.eid.invoice)).toBe(true);
    expect(theirs.map((r: { invoice: number }) => r.invoice)).toContain(placed.tb.invoice);
    const all = await json('ph_supervisor', 'GET', '/api/billing_approval/');
    expect(all.filter((r: { invoice: number }) => r.invoice === placed.vl.invoice).map((r: { type: string }) => r.type)).toEqual(['adjustment', 'refund']);
  });

  it('counts only Tuberculosis invoices on the dashboard', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' });
    const outstanding = sql`and i.state <> 'cancelled' and i.total_kobo - i.discount_kobo - i.paid_kobo > 0`;
    const madeToday = sql`and (i.created_at at time zone 'Africa/Lagos')::date = ${today}::date`;
    const takings = (programs: string[] | null) =>
      rows<{ count: number; amount: number }>(sql`
        select count(*)::int as count, coalesce(sum(pay.amount_kobo), 0)::int as amount
        from payments pay join invoices i on i.id = pay.invoice_id join orders o on o.id = i.order_id join programs pr on pr.id = o.program_id
        where pay.facility_id = ${yaba} and (pay.received_at at time zone 'Africa/Lagos')::date = ${today}::date
          ${programs ? sql`and pr.name = ${programs[0]}` : sql``}`).then((r) => r[0]!);
    const awaiting = (table: 'invoice_adjustments' | 'refunds', programs: string[] | null) =>
      rows<{ count: number }>(sql`
        select count(*)::int as count from ${sql.raw(table)} a join invoices i on i.id = a.invoice_id join orders o on o.id = i.order_id
          join programs pr on pr.id = o.program_id
        where i.facility_id = ${yaba} and a.state = 'requested' ${programs ? sql`and pr.name = ${programs[0]}` : sql``}`).then((r) => r[0]!.count);
    for (const [user, programs] of [
      [TB_SUPERVISOR, ['Tuberculosis']],
      ['ph_supervisor', null],
    ] as const) {
      const d = await json(user, 'GET', `/api/billing_dashboard/?from=${today}&to=${today}`);
      const owed = await yabaInvoices(programs ? [...programs] : null, outstanding);
      const made = await rows<{ count: number; amount: number }>(sql`
        select count(*)::int as count, coalesce(sum(i.total_kobo), 0)::int as amount
        from invoices i join orders o on o.id = i.order_id join programs pr on pr.id = o.program_id
        where i.facility_id = ${yaba} ${madeToday} ${programs ? sql`and pr.name = ${programs[0]}` : sql``}`);
      const took = await takings(programs ? [...programs] : null);
      expect(d.outstanding, user).toEqual({ count: owed.count, amount_kobo: owed.amount });
      expect(d.invoiced, user).toEqual({ count: made[0]!.count, amount_kobo: made[0]!.amount });
      expect(d.takings, user).toEqual({ count: took.count, amount_kobo: took.amount });
      expect(d.awaiting, user).toEqual({
        adjustments: await awaiting('invoice_adjustments', programs ? [...programs] : null),
        refunds: await awaiting('refunds', programs ? [...programs] : null),
      });
    }
    // the Viral Load and EID invoices made today, the Viral Load payment and refund asked for are the difference
    const tb = await json(TB_SUPERVISOR, 'GET', `/api/billing_dashboard/?from=${today}&to=${today}`);
    const all = await json('ph_supervisor', 'GET', `/api/billing_dashboard/?from=${today}&to=${today}`);
    expect(all.invoiced.count - tb.invoiced.count).toBeGreaterThanOrEqual(2);
    expect(all.takings.amount_kobo - tb.takings.amount_kobo).toBeGreaterThanOrEqual(1000);
    expect(all.awaiting.refunds - tb.awaiting.refunds).toBeGreaterThanOrEqual(1);
  });

  it('finds no Viral Load payment: history, export, cashiers and receipt', async () => {
    const history = await json(TB_SUPERVISOR, 'GET', '/api/payment/?page_size=100');
    expect(history.results.map((r: { id: number }) => r.id)).toContain(ids.tbPayment);
    expect(history.results.map((r: { id: number }) => r.id)).not.toContain(ids.vlPayment);
    const tbPaid = await rows<{ count: number; sum: number }>(sql`
      select count(*)::int as count, coalesce(sum(pay.amount_kobo), 0)::int as sum
      from payments pay join invoices i on i.id = pay.invoice_id join orders o on o.id = i.order_id join programs pr on pr.id = o.program_id
      where pay.facility_id = ${yaba} and pr.name = 'Tuberculosis'`);
    expect({ count: history.count, sum: history.total_kobo }).toEqual(tbPaid[0]);
    const csv = await request(TB_SUPERVISOR, 'GET', '/api/payment/?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(ids.tbReceipt);
    expect(csv.body).not.toContain(ids.vlReceipt);
    expect(csv.body).not.toContain(placed.vl.last_name);
    const cashiers = async (user: string) => (await json(user, 'GET', '/api/payment/cashiers/')).map((c: { id: number }) => c.id).sort();
    const tookFor = async (program: string | null) =>
      (
        await rows<{ id: number }>(sql`
          select distinct pay.received_by as id
          from payments pay join invoices i on i.id = pay.invoice_id join orders o on o.id = i.order_id join programs pr on pr.id = o.program_id
          where pay.facility_id = ${yaba} ${program ? sql`and pr.name = ${program}` : sql``}`)
      )
        .map((r) => r.id)
        .sort();
    expect(await cashiers(TB_SUPERVISOR)).toEqual(await tookFor('Tuberculosis'));
    expect(await cashiers('ph_supervisor')).toEqual(await tookFor(null));
    expect((await request(TB_SUPERVISOR, 'GET', `/api/payment/${ids.vlPayment}/receipt.pdf`)).statusCode).toBe(404);
    expect((await request(TB_SUPERVISOR, 'GET', `/api/payment/${ids.tbPayment}/receipt.pdf`)).statusCode).toBe(200);
  });

  it('is not told that a Viral Load lab number is held until paid', async () => {
    expect((await request('ph_admin', 'PATCH', '/api/billing_settings/', { hold_until_paid: true })).statusCode).toBe(200);
    try {
      const labs = encodeURIComponent([placed.vl.lab_number, placed.eid.lab_number, placed.tb.lab_number].join(','));
      const theirs = await json(TB_SUPERVISOR, 'GET', `/api/billing_hold/?lab_numbers=${labs}`);
      expect(theirs.map((h: { lab_number: string }) => h.lab_number)).toEqual([placed.tb.lab_number]);
      const all = await json('ph_supervisor', 'GET', `/api/billing_hold/?lab_numbers=${labs}`);
      expect(all.map((h: { lab_number: string }) => h.lab_number).sort()).toEqual([placed.vl.lab_number, placed.eid.lab_number, placed.tb.lab_number].sort());
      // the facility's administrator reads no samples, so is shown none; the setting is still its to keep
      expect(await json('ph_admin', 'GET', `/api/billing_hold/?lab_numbers=${labs}`)).toEqual([]);
    } finally {
      expect((await request('ph_admin', 'PATCH', '/api/billing_settings/', { hold_until_paid: false })).statusCode).toBe(200);
    }
  });
});

describe('a user who reads a programme’s invoices but keeps no cash desk in it', () => {
  it('reads the Viral Load invoice with `can` false, is refused the moves (403), and decides its requests', async () => {
    const detail = await json(TB_DESK_VL_MANAGER, 'GET', `/api/invoice/${placed.vl.invoice}/`);
    expect(detail).toMatchObject({ program: 'Viral Load', can: { pay: false, adjust: false, refund: false } });
    expect(detail.adjustments.find((a: { id: number }) => a.id === ids.vlAdjustment).can_decide).toBe(true);
    const pay = await request(TB_DESK_VL_MANAGER, 'POST', `/api/invoice/${placed.vl.invoice}/payment/`, { method: 'cash', amount_kobo: 100 });
    expect(pay.statusCode).toBe(403);
    expect(pay.json().detail).toContain('Viral Load');
    const discount = { kind: 'discount', mode: 'percent', value: 10, reason: 'Probe' };
    expect((await request(TB_DESK_VL_MANAGER, 'POST', `/api/invoice/${placed.vl.invoice}/adjustment/`, discount)).statusCode).toBe(403);
    expect(
      (await request(TB_DESK_VL_MANAGER, 'POST', `/api/invoice/${placed.vl.invoice}/refund/`, { line: placed.vl.line, amount_kobo: 10, reason: 'Probe' }))
        .statusCode,
    ).toBe(403);
    // its Tuberculosis desk takes payments, but as a receptionist there it decides nothing
    expect((await json(TB_DESK_VL_MANAGER, 'GET', `/api/invoice/${placed.tb.invoice}/`)).can.pay).toBe(true);
    const approvals = (await json(TB_DESK_VL_MANAGER, 'GET', '/api/billing_approval/')) as { invoice: number; can_decide: boolean }[];
    const vl = new Set(
      (
        await rows<{ id: number }>(sql`select i.id from invoices i join orders o on o.id = i.order_id join programs pr on pr.id = o.program_id
          where i.facility_id = ${yaba} and pr.name = 'Viral Load'`)
      ).map((r) => r.id),
    );
    expect(approvals.map((r) => r.invoice)).toContain(placed.tb.invoice);
    for (const r of approvals) expect(r.can_decide, String(r.invoice)).toBe(vl.has(r.invoice));
    // still no EID invoice
    expect((await request(TB_DESK_VL_MANAGER, 'GET', `/api/invoice/${placed.eid.invoice}/`)).statusCode).toBe(404);
    expect((await request(TB_DESK_VL_MANAGER, 'POST', `/api/invoice_adjustment/${ids.vlAdjustment}/decline/`, { note: 'Not agreed' })).statusCode).toBe(200);
  });
});

describe('a user holding every programme of the laboratory', () => {
  it('still sees every invoice: Tuberculosis, Viral Load and EID', async () => {
    const list = await json('ph_supervisor', 'GET', '/api/invoice/?page_size=100');
    expect(list.count).toBe((await yabaInvoices(null)).count);
    const seen = list.results.map((r: { id: number }) => r.id);
    for (const p of Object.values(placed)) expect(seen).toContain(p.invoice);
    for (const p of Object.values(placed)) expect((await request('ph_supervisor', 'GET', `/api/invoice/${p.invoice}/`)).statusCode).toBe(200);
    expect((await json('ph_supervisor', 'GET', `/api/invoice/?search=${encodeURIComponent(placed.vl.last_name)}`)).count).toBe(1);
    expect((await request('ph_supervisor', 'GET', `/api/payment/${ids.vlPayment}/receipt.pdf`)).statusCode).toBe(200);
  });
});
