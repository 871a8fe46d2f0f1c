import {
  type AdjustmentKind,
  type BillingApproval,
  type InvoiceDetail,
  type adjustmentBody,
  discountAmount,
  formatKobo,
  type refundBody,
} from '@nlims/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Tx } from '../../core/db.js';
import { pgError } from '../../core/db-errors.js';
import { conflict, forbidden, notFound, ValidationError } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { type Principal, userName } from '../users/users.service.js';
import { iso } from '../../core/sql-values.js';
import { approver, approvesIn, type BillingScope, billingReader, cashier, programIn, readableOrder, requireApproves, requirePays } from './billing.access.js';
import { invoiceAdjustments, invoiceLines, invoices, refunds } from './billing.table.js';
import { stateAfter } from './billing.invoice-make.js';
import { getInvoice, invoiceRow } from './billing.invoices.js';

type AdjustmentBody = z.output<typeof adjustmentBody>;
type RefundBody = z.output<typeof refundBody>;

const balanceOf = (i: { totalKobo: number; discountKobo: number; paidKobo: number }) => i.totalKobo - i.discountKobo - i.paidKobo;
const WORD: Record<AdjustmentKind | 'refund', string> = { discount: 'discount', waiver: 'waiver', refund: 'refund' };

/** A table's CHECK refusing a move is a conflict of the moment (someone else moved the invoice), never a server error. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgError(error)?.code === '23514') throw conflict('The invoice changed meanwhile: this would take it past its balance. Look at it again.');
    throw error;
  }
}

/**
 * Ask for a discount (a percentage of the total, or an amount) or a waiver of the rest, with the reason: the cash
 * desk asks, a supervisor or manager who did not ask decides. A discount is never more than the balance.
 */
export async function requestAdjustment(tx: Tx, p: Principal, invoiceId: number, body: AdjustmentBody, now = new Date()): Promise<InvoiceDetail> {
  const scope = cashier(p);
  const invoice = await invoiceRow(tx, scope, invoiceId);
  requirePays(scope, invoice.programId);
  if (invoice.state === 'cancelled') throw conflict('This invoice was cancelled.');
  const balance = balanceOf(invoice);
  if (balance <= 0) throw conflict(`Nothing is owed on invoice ${invoice.number}: there is nothing to discount or waive.`);
  let amount = balance;
  if (body.kind === 'discount') {
    amount = discountAmount(body.mode!, body.value!, invoice.totalKobo);
    if (amount < 1) throw ValidationError.field('value', 'This discount comes to less than one kobo.');
    if (amount > balance) throw ValidationError.field('value', `The discount (${formatKobo(amount)}) is more than the balance (${formatKobo(balance)}).`);
  }
  const [made] = await tx
    .insert(invoiceAdjustments)
    .values({
      invoiceId,
      kind: body.kind,
      mode: body.kind === 'discount' ? body.mode! : null,
      value: body.kind === 'discount' ? body.value! : 0,
      amountKobo: amount,
      reason: body.reason,
      requestedBy: p.id,
      requestedAt: now,
    })
    .returning({ id: invoiceAdjustments.id });
  await recordAudit(tx, p, {
    action: `invoice.${body.kind}_requested`,
    entity: 'invoice',
    entityId: String(invoiceId),
    reason: body.reason,
    after: { adjustment: made!.id, kind: body.kind, mode: body.mode ?? null, value: body.value ?? null, amount_kobo: amount },
    at: now,
  });
  return getInvoice(tx, p, invoiceId);
}

/**
 * The invoice a request belongs to (the caller's facility's, of a programme whose invoices it reads, else 404; one
 * whose requests it does not decide, 403), then the invoice and the request locked in that order.
 */
async function lockRequest<T extends typeof invoiceAdjustments | typeof refunds>(tx: Tx, scope: BillingScope, table: T, id: number) {
  const [found] = await tx
    .select({ invoice: table.invoiceId })
    .from(table as typeof invoiceAdjustments)
    .innerJoin(invoices, eq(invoices.id, table.invoiceId))
    .where(and(eq(table.id, id), eq(invoices.facilityId, scope.facility), readableOrder(scope, invoices.orderId)));
  if (!found) throw notFound();
  const invoice = await invoiceRow(tx, scope, found.invoice, true);
  requireApproves(scope, invoice.programId);
  const [request] = await tx
    .select()
    .from(table as typeof invoiceAdjustments)
    .where(eq(table.id, id))
    .for('update');
  return { invoice, request: request! };
}

/** A request may be decided once, by an approver who did not make it. */
function checkDecider(p: Principal, request: { state: string; requestedBy: number }, what: string) {
  if (request.state !== 'requested') throw conflict(`This ${what} was already ${request.state}.`);
  if (request.requestedBy === p.id) throw forbidden(`You asked for this ${what}: another supervisor or manager must approve or decline it.`);
}

/**
 * Approve or decline a discount or waiver, under the invoice's row lock: approval re-checks the amount against the
 * balance as it is now (a waiver takes what is left), and moves the invoice's discount and state in the same
 * transaction as the decision and its audit row.
 */
export async function decideAdjustment(tx: Tx, p: Principal, id: number, approve: boolean, note: string, now = new Date()): Promise<InvoiceDetail> {
  const { invoice, request } = await lockRequest(tx, approver(p), invoiceAdjustments, id);
  const what = WORD[request.kind as AdjustmentKind] ?? 'adjustment';
  checkDecider(p, request, what);
  let amount = request.amountKobo;
  if (approve) {
    if (invoice.state === 'cancelled') throw conflict('This invoice was cancelled.');
    const balance = balanceOf(invoice);
    if (request.kind === 'waiver') {
      if (balance <= 0) throw conflict(`Nothing is left to waive on invoice ${invoice.number}: decline this waiver.`);
      amount = balance;
    } else if (amount > balance)
      throw conflict(`The discount (${formatKobo(amount)}) is now more than the balance (${formatKobo(balance)}): decline it and ask again.`);
  }
  await tx
    .update(invoiceAdjustments)
    .set({ state: approve ? 'approved' : 'declined', amountKobo: amount, decidedBy: p.id, decidedAt: now, decisionNote: note })
    .where(and(eq(invoiceAdjustments.id, id), eq(invoiceAdjustments.state, 'requested')));
  if (approve) {
    const discount = sql`discount_kobo + ${amount}::int`;
    await guarded(() =>
      tx
        .update(invoices)
        .set({ discountKobo: discount, state: stateAfter({ discount }) } as never)
        .where(eq(invoices.id, invoice.id)),
    );
  }
  await recordAudit(tx, p, {
    action: `invoice.${request.kind}_${approve ? 'approved' : 'declined'}`,
    entity: 'invoice',
    entityId: String(invoice.id),
    reason: note || null,
    after: { adjustment: id, kind: request.kind, amount_kobo: amount, requested_by: request.requestedBy },
    at: now,
  });
  return getInvoice(tx, p, invoice.id);
}

/**
 * What a line may still be refunded: its amount not yet refunded or asked back, never more than the money held
 * (`most`); and what it would be if no refund awaited a decision (`unasked`), to tell a request that waits on another
 * from one that is too much.
 */
async function refundable(tx: Tx, invoiceId: number, lineId: number, except: number | null) {
  const [row] = rowsOf<{ line_left: number; held: number; line_asked: number; asked: number }>(
    await tx.execute(sql`
      select (l.amount_kobo - l.refunded_kobo)::int as line_left,
             (i.paid_kobo - i.refunded_kobo)::int as held,
             (select coalesce(sum(r.amount_kobo), 0) from ${refunds} r
                where r.line_id = l.id and r.state = 'requested' and r.id <> ${except ?? 0}::int)::int as line_asked,
             (select coalesce(sum(r.amount_kobo), 0) from ${refunds} r
                where r.invoice_id = i.id and r.state = 'requested' and r.id <> ${except ?? 0}::int)::int as asked
      from ${invoiceLines} l join ${invoices} i on i.id = l.invoice_id
      where l.id = ${lineId} and l.invoice_id = ${invoiceId}`),
  );
  if (!row) return null;
  const [lineLeft, held, lineAsked, asked] = [row.line_left, row.held, row.line_asked, row.asked].map(Number) as [number, number, number, number];
  return {
    most: Math.max(0, Math.min(lineLeft - lineAsked, held - asked)),
    unasked: Math.max(0, Math.min(lineLeft, held)),
    /** Whether a refund of this very line awaits a decision (else of another line of the invoice). */
    lineAsked: lineAsked > 0,
  };
}

/**
 * Ask to refund (part of) one line: at most what was paid towards it and not yet refunded or asked back. The check
 * reads under the invoice's row lock (as payments and decisions take it), so of two requests at once for the same
 * money the second sees the first and is refused (409), never both accepted to leave neither approvable.
 */
export async function requestRefund(tx: Tx, p: Principal, invoiceId: number, body: RefundBody, now = new Date()): Promise<InvoiceDetail> {
  const scope = cashier(p);
  const invoice = await invoiceRow(tx, scope, invoiceId, true);
  requirePays(scope, invoice.programId);
  if (invoice.state === 'cancelled') throw conflict('This invoice was cancelled.');
  const left = await refundable(tx, invoiceId, body.line, null);
  if (left == null) throw ValidationError.field('line', `Line ${body.line} is not a line of invoice ${invoice.number}.`);
  const { most } = left;
  if (body.amount_kobo > most && body.amount_kobo <= left.unasked)
    throw conflict(
      `A refund of this ${left.lineAsked ? 'line' : 'invoice'} already awaits a decision: ${
        most === 0 ? 'nothing more of this line' : `at most ${formatKobo(most)} of this line`
      } may be asked back until it is decided.`,
    );
  if (body.amount_kobo > most)
    throw ValidationError.field(
      'amount_kobo',
      most === 0
        ? 'Nothing paid towards this line is left to refund.'
        : `At most ${formatKobo(most)} of this line may be refunded (what was paid towards it and not yet refunded).`,
    );
  const [made] = await tx
    .insert(refunds)
    .values({ invoiceId, lineId: body.line, amountKobo: body.amount_kobo, method: body.method, reason: body.reason, requestedBy: p.id, requestedAt: now })
    .returning({ id: refunds.id });
  await recordAudit(tx, p, {
    action: 'invoice.refund_requested',
    entity: 'invoice',
    entityId: String(invoiceId),
    reason: body.reason,
    after: { refund: made!.id, line: body.line, amount_kobo: body.amount_kobo, method: body.method },
    at: now,
  });
  return getInvoice(tx, p, invoiceId);
}

/**
 * Approve or decline a refund, under the invoice's row lock: on approval the line's and the invoice's refunded
 * amounts (and the invoice's state) move with the decision and its audit row, after re-checking what is refundable.
 */
export async function decideRefund(tx: Tx, p: Principal, id: number, approve: boolean, note: string, now = new Date()): Promise<InvoiceDetail> {
  const { invoice, request } = await lockRequest(tx, approver(p), refunds, id);
  checkDecider(p, request, 'refund');
  const refund = request as unknown as typeof refunds.$inferSelect;
  if (approve) {
    const most = (await refundable(tx, invoice.id, refund.lineId, id))?.most ?? 0;
    if (refund.amountKobo > most) throw conflict(`At most ${formatKobo(most)} of this line may now be refunded: decline this refund and ask again.`);
    await guarded(async () => {
      await tx
        .update(invoiceLines)
        .set({ refundedKobo: sql`${invoiceLines.refundedKobo} + ${refund.amountKobo}::int` })
        .where(eq(invoiceLines.id, refund.lineId));
      const refunded = sql`refunded_kobo + ${refund.amountKobo}::int`;
      await tx
        .update(invoices)
        .set({ refundedKobo: refunded, state: stateAfter({ refunded }) } as never)
        .where(eq(invoices.id, invoice.id));
    });
  }
  await tx
    .update(refunds)
    .set({ state: approve ? 'approved' : 'declined', decidedBy: p.id, decidedAt: now, decisionNote: note })
    .where(and(eq(refunds.id, id), eq(refunds.state, 'requested')));
  await recordAudit(tx, p, {
    action: `invoice.refund_${approve ? 'approved' : 'declined'}`,
    entity: 'invoice',
    entityId: String(invoice.id),
    reason: note || null,
    after: { refund: id, line: refund.lineId, amount_kobo: refund.amountKobo, method: refund.method, requested_by: refund.requestedBy },
    at: now,
  });
  return getInvoice(tx, p, invoice.id);
}

/** The facility's discounts, waivers and refunds awaiting a decision on the invoices the caller reads, oldest first: the approvers' list. */
export async function approvals(db: Tx, p: Principal): Promise<BillingApproval[]> {
  const scope = billingReader(p);
  const { facility } = scope;
  const mine = programIn(sql`o.program_id`, scope.reads);
  const rows = rowsOf<Omit<BillingApproval, 'can_decide' | 'requested_at'> & { requested_by_id: number; requested_at: unknown; program_id: number }>(
    await db.execute(sql`
      select * from (
        select 'adjustment' as type, a.id, a.kind, i.id as invoice, i.number as invoice_number, o.lab_number,
               trim(c.first_name || ' ' || c.last_name) as client_name, a.amount_kobo,
               case when a.mode = 'percent' then a.value end as percent,
               (i.total_kobo - i.discount_kobo - i.paid_kobo)::int as balance_kobo, a.reason,
               ${userName(sql`a.requested_by`)} as requested_by, a.requested_by as requested_by_id, a.requested_at, o.program_id
        from ${invoiceAdjustments} a join ${invoices} i on i.id = a.invoice_id join orders o on o.id = i.order_id join clients c on c.id = i.client_id
        where i.facility_id = ${facility} and ${mine} and a.state = 'requested'
        union all
        select 'refund', r.id, 'refund', i.id, i.number, o.lab_number, trim(c.first_name || ' ' || c.last_name), r.amount_kobo, null,
               (i.total_kobo - i.discount_kobo - i.paid_kobo)::int, r.reason,
               ${userName(sql`r.requested_by`)}, r.requested_by, r.requested_at, o.program_id
        from ${refunds} r join ${invoices} i on i.id = r.invoice_id join orders o on o.id = i.order_id join clients c on c.id = i.client_id
        where i.facility_id = ${facility} and ${mine} and r.state = 'requested'
      ) x order by requested_at, type, id
      limit 500`),
  );
  return rows.map(({ requested_by_id, program_id, ...r }) => ({
    ...r,
    percent: r.percent == null ? null : Number(r.percent),
    requested_at: iso(r.requested_at)!,
    can_decide: approvesIn(scope, Number(program_id)) && requested_by_id !== p.id,
  }));
}
