import { type BillingHold, type InvoiceDetail, type InvoiceItem, type InvoiceState, invoiceDue, invoiceNetPaid, type invoiceListQuery } from '@nlims/contracts';
import { and, asc, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Tx } from '../../core/db.js';
import { notFound } from '../../core/errors.js';
import { amongMatches, clientIdsMatching, hiddenIdentifiersFor } from '../clients/clients.service.js';
import { clients } from '../clients/clients.table.js';
import { facilities } from '../facilities/facilities.table.js';
import { programs } from '../programs/programs.table.js';
import { hospitalNumberOf } from '../samples/samples.read.js';
import { orders, samples } from '../samples/samples.table.js';
import { type Principal, userName } from '../users/users.service.js';
import { iso, likeTerm } from '../../core/sql-values.js';
import { approvesIn, type BillingScope, billingReader, paysIn, programIn, readableOrder } from './billing.access.js';
import { billingSettings, invoiceAdjustments, invoiceLines, invoices, payments, refunds } from './billing.table.js';

type ListQuery = z.output<typeof invoiceListQuery>;

/** Columns named with their table, for correlated sub-queries. */
const INVOICE_ID = sql.raw('"invoices"."id"');
const LINE_ID = sql.raw('"invoice_lines"."id"');
const awaitingCount = sql<number>`((select count(*) from ${invoiceAdjustments} a where a.invoice_id = ${INVOICE_ID} and a.state = 'requested')
  + (select count(*) from ${refunds} r where r.invoice_id = ${INVOICE_ID} and r.state = 'requested'))::int`;

function itemColumns() {
  return {
    id: invoices.id,
    number: invoices.number,
    created_at: invoices.createdAt,
    order: invoices.orderId,
    sample: sql<number | null>`(select min(s.id) from ${samples} s where s.order_id = ${invoices.orderId})`,
    lab_number: orders.labNumber,
    program: sql<string>`(select pr.name from ${programs} pr where pr.id = ${orders.programId})`,
    client: invoices.clientId,
    client_name: sql<string>`trim(${clients.firstName} || ' ' || ${clients.lastName})`,
    hospital_number: hospitalNumberOf(invoices.clientId as never),
    phone: clients.phone,
    total_kobo: invoices.totalKobo,
    discount_kobo: invoices.discountKobo,
    paid_kobo: invoices.paidKobo,
    refunded_kobo: invoices.refundedKobo,
    state: invoices.state,
    awaiting: awaitingCount,
  };
}

function toItem(r: Record<string, unknown>): InvoiceItem {
  const amounts = {
    total_kobo: Number(r.total_kobo),
    discount_kobo: Number(r.discount_kobo),
    paid_kobo: Number(r.paid_kobo),
    refunded_kobo: Number(r.refunded_kobo),
  };
  return {
    id: r.id as number,
    number: r.number as string,
    created_at: iso(r.created_at)!,
    order: r.order as number,
    sample: (r.sample as number | null) ?? null,
    lab_number: r.lab_number as string,
    program: (r.program as string) ?? '',
    client: r.client as number,
    client_name: (r.client_name as string) ?? '',
    hospital_number: (r.hospital_number as string | null) ?? null,
    phone: (r.phone as string) ?? '',
    ...amounts,
    balance_kobo: amounts.total_kobo - amounts.discount_kobo - amounts.paid_kobo,
    state: r.state as InvoiceState,
    awaiting: Number(r.awaiting ?? 0),
  };
}

const dayStartSql = (day: string, plusDays = 0) => sql`(${day}::date + ${plusDays}::int)::timestamp at time zone 'Africa/Lagos'`;

/** The facility's invoices of the programmes the caller reads, newest first, with the list's filters and search. */
export async function listInvoices(db: Tx, p: Principal, q: ListQuery) {
  const scope = billingReader(p);
  const where: SQL[] = [eq(invoices.facilityId, scope.facility), programIn(orders.programId, scope.reads)];
  if (q.state) where.push(eq(invoices.state, q.state));
  if (q.client) where.push(eq(invoices.clientId, q.client));
  if (q.start_date) where.push(sql`${invoices.createdAt} >= ${dayStartSql(q.start_date)}`);
  if (q.end_date) where.push(sql`${invoices.createdAt} < ${dayStartSql(q.end_date, 1)}`);
  if (q.has_balance === '1') where.push(sql`${invoices.totalKobo} - ${invoices.discountKobo} - ${invoices.paidKobo} > 0`);
  if (q.has_balance === '0') where.push(sql`${invoices.totalKobo} - ${invoices.discountKobo} - ${invoices.paidKobo} <= 0`);
  if (q.awaiting === '1') where.push(sql`${awaitingCount} > 0`);
  if (q.search) {
    const like = likeTerm(q.search);
    where.push(
      sql`(${invoices.number} ilike ${like} or ${orders.labNumber} ilike ${like}
           or exists (select 1 from ${samples} s where s.order_id = ${invoices.orderId} and s.barcode ilike ${like})
           or ${amongMatches(invoices.clientId, clientIdsMatching(like, hiddenIdentifiersFor(p)))})`,
    );
  }
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select(itemColumns())
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .innerJoin(clients, eq(clients.id, invoices.clientId))
      .where(condition)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ count: sql<number>`count(*)::int` }).from(invoices).innerJoin(orders, eq(orders.id, invoices.orderId)).where(condition),
  ]);
  const count = total?.count ?? 0;
  const link = (page: number) => `?${new URLSearchParams({ ...stringQuery(q), page: String(page) })}`;
  return {
    count,
    next: q.page * q.page_size < count ? link(q.page + 1) : null,
    previous: q.page > 1 ? link(q.page - 1) : null,
    results: rows.map((r) => toItem(r as Record<string, unknown>)),
  };
}

export const stringQuery = (q: object): Record<string, string> =>
  Object.fromEntries(Object.entries(q).flatMap(([k, v]) => (v == null || v === '' ? [] : [[k, String(v)]])));

/**
 * The invoice row of the caller's facility, of a programme whose invoices the caller reads, with that programme
 * (`programId`), locked for a change when `lock` is set; another facility's or programme's is not found.
 */
export async function invoiceRow(tx: Tx, scope: BillingScope, id: number, lock = false) {
  const query = tx
    .select({ ...getTableColumns(invoices), programId: sql<number>`(select o.program_id from ${orders} o where o.id = ${invoices.orderId})` })
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.facilityId, scope.facility), readableOrder(scope, invoices.orderId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** One invoice with its lines, adjustments, payments and refunds, and what the caller may do with it now. */
export async function getInvoice(db: Tx, p: Principal, id: number): Promise<InvoiceDetail> {
  const scope = billingReader(p);
  const { programId } = await invoiceRow(db, scope, id);
  const decided = (table: typeof invoiceAdjustments | typeof refunds) => ({
    reason: table.reason,
    state: table.state,
    requested_by_id: table.requestedBy,
    requested_by: userName(table.requestedBy),
    requested_at: table.requestedAt,
    decided_by: sql<string | null>`case when ${table.decidedBy} is null then null else ${userName(table.decidedBy)} end`,
    decided_at: table.decidedAt,
    decision_note: table.decisionNote,
  });
  const [[item], [extra], lines, adjustments, paid, refunded] = await Promise.all([
    db
      .select(itemColumns())
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .innerJoin(clients, eq(clients.id, invoices.clientId))
      .where(eq(invoices.id, id)),
    db
      .select({
        facility_name: facilities.facilityName,
        created_by: sql<string | null>`case when ${invoices.createdBy} is null then null else ${userName(invoices.createdBy)} end`,
        hold: sql<boolean>`coalesce((select b.hold_until_paid from ${billingSettings} b where b.facility_id = ${invoices.facilityId}), false)`,
        pending_refunds: sql<number>`(select coalesce(sum(r.amount_kobo), 0)::int from ${refunds} r where r.invoice_id = ${INVOICE_ID} and r.state = 'requested')`,
      })
      .from(invoices)
      .innerJoin(facilities, eq(facilities.id, invoices.facilityId))
      .where(eq(invoices.id, id)),
    db
      .select({
        id: invoiceLines.id,
        test_type: invoiceLines.testTypeId,
        description: invoiceLines.description,
        amount_kobo: invoiceLines.amountKobo,
        refunded_kobo: invoiceLines.refundedKobo,
        pending: sql<number>`(select coalesce(sum(r.amount_kobo), 0)::int from ${refunds} r where r.line_id = ${LINE_ID} and r.state = 'requested')`,
      })
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, id))
      .orderBy(asc(invoiceLines.id)),
    db
      .select({
        id: invoiceAdjustments.id,
        kind: invoiceAdjustments.kind,
        mode: invoiceAdjustments.mode,
        value: invoiceAdjustments.value,
        amount_kobo: invoiceAdjustments.amountKobo,
        ...decided(invoiceAdjustments),
      })
      .from(invoiceAdjustments)
      .where(eq(invoiceAdjustments.invoiceId, id))
      .orderBy(asc(invoiceAdjustments.id)),
    db
      .select({
        id: payments.id,
        receipt_number: payments.receiptNumber,
        method: payments.method,
        amount_kobo: payments.amountKobo,
        reference: payments.reference,
        scheme: payments.scheme,
        received_by: userName(payments.receivedBy),
        received_at: payments.receivedAt,
      })
      .from(payments)
      .where(eq(payments.invoiceId, id))
      .orderBy(asc(payments.id)),
    db
      .select({
        id: refunds.id,
        line: refunds.lineId,
        line_description: sql<string>`(select l.description from ${invoiceLines} l where l.id = ${refunds.lineId})`,
        amount_kobo: refunds.amountKobo,
        method: refunds.method,
        ...decided(refunds),
      })
      .from(refunds)
      .where(eq(refunds.invoiceId, id))
      .orderBy(asc(refunds.id)),
  ]);
  const base = toItem(item as Record<string, unknown>);
  const open = base.state !== 'cancelled';
  const cashierNow = paysIn(scope, programId) && open;
  const decider = approvesIn(scope, programId);
  const canDecide = (r: { state: string; requested_by_id: number }) => r.state === 'requested' && decider && r.requested_by_id !== p.id;
  const held = Math.max(0, invoiceNetPaid(base) - Number(extra?.pending_refunds ?? 0));
  const decision = <R extends { requested_by_id: number; requested_at: unknown; decided_at: unknown; state: string }>(r: R) => {
    const { requested_by_id: _by, ...rest } = r;
    return { ...rest, requested_at: iso(r.requested_at)!, decided_at: iso(r.decided_at), can_decide: canDecide(r) };
  };
  return {
    ...base,
    facility_name: extra?.facility_name ?? '',
    created_by: extra?.created_by ?? null,
    due_kobo: invoiceDue(base),
    net_paid_kobo: invoiceNetPaid(base),
    lines: lines.map(({ pending, ...l }) => ({
      ...l,
      refundable_kobo: Math.max(0, Math.min(l.amount_kobo - l.refunded_kobo - Number(pending), held)),
    })),
    adjustments: adjustments.map((a) => ({
      ...decision(a),
      kind: a.kind as 'discount' | 'waiver',
      mode: (a.mode as 'percent' | 'amount' | null) ?? null,
      state: a.state as 'requested',
    })),
    payments: paid.map((x) => ({ ...x, method: x.method as 'cash', received_by: x.received_by ?? '', received_at: iso(x.received_at)! })),
    refunds: refunded.map((r) => ({ ...decision(r), state: r.state as 'requested', line_description: r.line_description ?? '' })),
    hold_until_paid: Boolean(extra?.hold),
    can: { pay: cashierNow && base.balance_kobo > 0, adjust: cashierNow && base.balance_kobo > 0, refund: cashierNow && held > 0 },
  };
}

/**
 * The invoice holding a sample's result, when the caller's facility holds results until paid and it has a balance.
 * With `programs`, only the orders of those programmes (what the caller is shown); without, every order (the hold
 * itself, enforced when a report is printed).
 */
export async function holdsFor(
  db: Tx,
  p: Principal,
  by: { sample?: number; labNumbers?: readonly string[] },
  programs?: readonly number[],
): Promise<BillingHold[]> {
  if (p.isSuperuser || p.facilityId == null) return [];
  const which = by.sample != null ? sql`o.id = (select s.order_id from ${samples} s where s.id = ${by.sample})` : null;
  const labs = by.labNumbers?.filter(Boolean) ?? [];
  const byLab = labs.length
    ? sql`o.lab_number in (${sql.join(
        labs.map((l) => sql`${l}`),
        sql`, `,
      )})`
    : null;
  if (!which && !byLab) return [];
  return rowsOf<BillingHold>(
    await db.execute(sql`
      select o.lab_number, i.id as invoice, i.number, (i.total_kobo - i.discount_kobo - i.paid_kobo)::int as balance_kobo
      from ${invoices} i join ${orders} o on o.id = i.order_id
      join ${billingSettings} b on b.facility_id = i.facility_id and b.hold_until_paid
      where i.facility_id = ${p.facilityId} and i.state <> 'cancelled' and i.total_kobo - i.discount_kobo - i.paid_kobo > 0
        and ${which ?? byLab}${programs ? sql` and ${programIn(sql`o.program_id`, programs)}` : sql``}
      order by o.lab_number`),
  );
}
