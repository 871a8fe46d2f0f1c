import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../core/db.js';
import { recordAudits } from '../modules/audit/audit.service.js';
import { decideAdjustment, decideRefund, invoiceOrders, requestAdjustment, requestRefund } from '../modules/billing/billing.service.js';
import { DEMO_FACILITIES } from './demo.js';
import { principalOf } from './demo-steps.js';
import { generateClinicalData } from './history.js';

/**
 * A week at Ikeja's cash desk (General): the week's orders — generated set-based like the demo's history, their
 * samples spread over the statuses still in flight — invoiced set-based at the prices in force when each was
 * placed, and paid as a clinical laboratory is paid: cash mostly, a POS card, a bank transfer, an HMO with its
 * authorisation code and an NHIA enrolee; a few paid in part, the newest not yet paid; one 10 % discount and one
 * waiver approved, one line refunded, and a discount awaiting the supervisor's decision. Receipts are numbered RCT-YYYY-NNNNN in the order they were
 * taken. The hold-until-paid setting stays off. Once: nothing is added when the week's lab numbers are there.
 */
export const BILLING_DEMO_PREFIX = 'W-';
const MINUTE = 60_000;
const DAY = 86_400_000;

interface Invoice {
  id: number;
  number: string;
  total_kobo: number;
  created_at: string;
  lines: { id: number; amount_kobo: number }[];
}

type Plan = { invoice: number; method: string; amount_kobo: number; reference: string; scheme: string; by: 'receptionist' | 'clerk'; at: Date };

export async function seedBillingDemo(db: Db, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [there] = rowsOf<{ id: number }>(await tx.execute(sql`select id from orders where starts_with(lab_number, ${BILLING_DEMO_PREFIX}) limit 1`));
    if (there) return false;
    const code = DEMO_FACILITIES.ikeja.code;
    await generateClinicalData(
      tx,
      {
        samples: 26,
        clients: 20,
        // The generator spreads the n-th order at n × 0.8 % of the span: 24 orders over 30 days fill the last six days, so the last seven (Lagos) days hold them all.
        fromDaysAgo: 0,
        toDaysAgo: 30,
        labPrefix: BILLING_DEMO_PREFIX,
        facilityCodes: [code],
        tbShare: 0,
        hivShare: 0.2,
        vacuum: false,
      },
      () => undefined,
    );
    const [ikeja] = rowsOf<{ id: number }>(await tx.execute(sql`select id from facilities where facility_code = ${code}`));
    await invoiceOrders(tx, ikeja!.id, new Date(now.getTime() - 8 * DAY), new Date(now.getTime() + MINUTE));
    await settleWeek(tx, ikeja!.id, now);
    return true;
  });
}

/** The week's invoices paid, discounted, waived and refunded as the plan says, oldest first. */
async function settleWeek(tx: Tx, facility: number, now: Date): Promise<void> {
  const invoices = rowsOf<Invoice>(
    await tx.execute(sql`
      select i.id, i.number, i.total_kobo, i.created_at,
             (select json_agg(json_build_object('id', l.id, 'amount_kobo', l.amount_kobo) order by l.id) from invoice_lines l where l.invoice_id = i.id) as lines
      from invoices i join orders o on o.id = i.order_id
      where i.facility_id = ${facility} and starts_with(o.lab_number, ${BILLING_DEMO_PREFIX})
      order by i.created_at, i.id`),
  );
  if (invoices.length < 12) return;
  const staff = {
    receptionist: await principalOf(tx, 'clin_receptionist'),
    clerk: await principalOf(tx, 'clin_clerk'),
    supervisor: await principalOf(tx, 'clin_supervisor'),
    manager: await principalOf(tx, 'clin_manager'),
  };
  const at = (i: Invoice, minutes: number) => new Date(Math.min(new Date(i.created_at).getTime() + minutes * MINUTE, now.getTime() - MINUTE));
  const plans: Plan[] = [];
  const payInFull = (i: Invoice, method: string, extra: Partial<Plan> = {}, owed = i.total_kobo) =>
    plans.push({ invoice: i.id, method, amount_kobo: owed, reference: '', scheme: '', by: 'receptionist', at: at(i, 20), ...extra });
  // The newest three are not paid yet; the rest by the plan below, in the order they came.
  const settled = invoices.slice(0, -3);
  for (const [n, i] of settled.entries()) {
    const tag = i.number.slice(-5);
    switch (n) {
      case 0:
        payInFull(i, 'hmo', { scheme: 'Hygeia HMO', reference: `HYG-PA-${tag}` });
        break;
      case 1:
        payInFull(i, 'pos', { reference: `POS-2033-${tag}`, by: 'clerk' });
        break;
      case 2:
        payInFull(i, 'transfer', { reference: `GTB-TRF-${tag}` });
        break;
      case 3:
        payInFull(i, 'nhia', { scheme: 'NHIA (Leadway Health HMO)', reference: `NHIA-PA-${tag}` });
        break;
      case 4:
      case 5:
      case 6: {
        // a part payment: about half, in cash
        const half = Math.round(i.total_kobo / 200) * 100;
        plans.push({ invoice: i.id, method: 'cash', amount_kobo: half, reference: '', scheme: '', by: n === 5 ? 'clerk' : 'receptionist', at: at(i, 15) });
        break;
      }
      case 7: {
        // a 10 % discount for a staff member's relative, approved by the supervisor; the rest paid in cash
        await requestAdjustment(tx, staff.receptionist, i.id, { kind: 'discount', mode: 'percent', value: 10, reason: 'Staff member’s relative' }, at(i, 5));
        const [asked] = rowsOf<{ id: number }>(await tx.execute(sql`select id from invoice_adjustments where invoice_id = ${i.id} order by id desc limit 1`));
        const after = await decideAdjustment(tx, staff.supervisor, asked!.id, true, 'Staff welfare policy', at(i, 12));
        payInFull(i, 'cash', {}, after.balance_kobo);
        break;
      }
      case 8: {
        // a waiver for an indigent patient referred by the social welfare unit, approved by the manager
        await requestAdjustment(tx, staff.clerk, i.id, { kind: 'waiver', reason: 'Indigent patient: social welfare unit’s letter' }, at(i, 5));
        const [asked] = rowsOf<{ id: number }>(await tx.execute(sql`select id from invoice_adjustments where invoice_id = ${i.id} order by id desc limit 1`));
        await decideAdjustment(tx, staff.manager, asked!.id, true, 'Letter seen', at(i, 30));
        break;
      }
      default:
        payInFull(i, 'cash', { by: n % 3 ? 'receptionist' : 'clerk' });
    }
  }
  await takeAll(tx, facility, plans, staff);
  // The newest invoice: a 5 % discount asked for by the receptionist, awaiting the supervisor's decision.
  const newest = invoices.at(-1)!;
  await requestAdjustment(tx, staff.receptionist, newest.id, { kind: 'discount', mode: 'percent', value: 5, reason: 'Regular client' }, at(newest, 3));
  // One line refunded: the last test of an invoice paid in full in cash, not done (its reagent ran out).
  const refunded = settled.find((i, n) => n > 8 && i.lines.length > 1) ?? settled[9];
  if (refunded) {
    const line = refunded.lines.at(-1)!;
    await requestRefund(
      tx,
      staff.receptionist,
      refunded.id,
      { line: line.id, amount_kobo: line.amount_kobo, method: 'cash', reason: 'Test not done: reagent out of stock' },
      at(refunded, 24 * 60),
    );
    const [asked] = rowsOf<{ id: number }>(await tx.execute(sql`select id from refunds where invoice_id = ${refunded.id} order by id desc limit 1`));
    await decideRefund(tx, staff.supervisor, asked!.id, true, 'Cash returned to the client', at(refunded, 24 * 60 + 20));
  }
}

/**
 * The planned payments in one INSERT, numbered RCT-YYYY-NNNNN per year in the order they were taken (after the
 * year's highest), the invoices' paid amounts and states in one UPDATE, and an audit row per payment in one more.
 */
async function takeAll(
  tx: Tx,
  facility: number,
  plans: Plan[],
  staff: Record<'receptionist' | 'clerk', { id: number; username: string; facilityId: number | null }>,
) {
  if (!plans.length) return;
  await tx.execute(sql`select pg_advisory_xact_lock(172, ${facility})`);
  const rows = plans.map((p) => ({ ...p, by: staff[p.by].id, at: p.at.toISOString() }));
  const made = rowsOf<{
    id: number;
    invoice_id: number;
    receipt_number: string;
    received_by: number;
    method: string;
    amount_kobo: number;
    received_at: string;
  }>(
    await tx.execute(sql`
      with planned as (
        select p.*, extract(year from p.at at time zone 'UTC')::int as yr
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as p(invoice int, method text, amount_kobo int, reference text, scheme text, by int, at timestamptz)),
      numbered as (
        select p.*, row_number() over (partition by p.yr order by p.at, p.invoice)
                    + coalesce((select max(substring(x.receipt_number from 10)::int) from payments x
                                where x.facility_id = ${facility} and x.receipt_number like 'RCT-' || p.yr || '-%'), 0) as n
        from planned p)
      insert into payments (facility_id, invoice_id, receipt_number, method, amount_kobo, reference, scheme, received_by, received_at)
      select ${facility}, invoice, 'RCT-' || yr || '-' || lpad(n::text, 5, '0'), method, amount_kobo, reference, scheme, by, at
      from numbered order by n
      returning id, invoice_id, receipt_number, received_by, method, amount_kobo, received_at`),
  );
  await tx.execute(sql`
    update invoices i set paid_kobo = i.paid_kobo + s.amount,
      state = case when i.total_kobo - i.discount_kobo - (i.paid_kobo + s.amount) > 0 then 'partially_paid' else 'paid' end
    from (select invoice_id, sum(amount_kobo)::int as amount from payments where id in (${sql.join(
      made.map((m) => sql`${m.id}`),
      sql`, `,
    )}) group by invoice_id) s
    where i.id = s.invoice_id`);
  for (const user of Object.values(staff)) {
    const theirs = made.filter((m) => m.received_by === user.id);
    await recordAudits(
      tx,
      user,
      theirs.map((m) => ({
        action: 'payment.taken',
        entity: 'invoice',
        entityId: String(m.invoice_id),
        after: { receipt: m.receipt_number, payment: m.id, method: m.method, amount_kobo: m.amount_kobo },
        at: new Date(m.received_at),
      })),
    );
  }
}
