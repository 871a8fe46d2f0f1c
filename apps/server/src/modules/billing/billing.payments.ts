import { formatKobo, type PaymentItem, type PaymentMethod, type PaymentTaken, type paymentBody, type paymentListQuery } from '@nlims/contracts';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { nextYearlyNumber, type Tx } from '../../core/db.js';
import { pgError } from '../../core/db-errors.js';
import { conflict, ValidationError } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { amongMatches, clientIdsMatching, hiddenIdentifiersFor } from '../clients/clients.service.js';
import { clients } from '../clients/clients.table.js';
import { orders } from '../samples/samples.table.js';
import { type Principal, userName } from '../users/users.service.js';
import { iso, likeTerm } from '../../core/sql-values.js';
import { type BillingScope, billingReader, cashier, programIn, requirePays } from './billing.access.js';
import { invoices, payments } from './billing.table.js';
import { stateAfter } from './billing.invoice-make.js';
import { getInvoice, invoiceRow, stringQuery } from './billing.invoices.js';

type PaymentBody = z.output<typeof paymentBody>;
type ListQuery = z.output<typeof paymentListQuery>;

/** The receipt series: RCT-2026-00042, per facility and year. */
const RECEIPT_SERIES = { code: 'RCT', lock: 172, table: payments, number: payments.receiptNumber, facility: payments.facilityId, digits: 5 } as const;

/**
 * Take a payment towards an invoice, in the caller's transaction: the invoice row is locked (`FOR UPDATE`), so two
 * payments of one balance at once are taken one after the other and the second sees what the first left; the
 * amount never exceeds the balance (400 naming `amount_kobo`). The receipt is numbered RCT-YYYY-NNNNN, the
 * invoice's paid amount and state move in one conditional UPDATE, and the audit row is written with them. The
 * table's CHECK (never overpaid) is the last guard: its violation is a 409, never a 500.
 */
export async function takePayment(tx: Tx, p: Principal, invoiceId: number, body: PaymentBody, now = new Date()): Promise<PaymentTaken> {
  const scope = cashier(p);
  const facility = scope.facility;
  const invoice = await invoiceRow(tx, scope, invoiceId, true);
  requirePays(scope, invoice.programId);
  if (invoice.state === 'cancelled') throw conflict('This invoice was cancelled: it takes no payment.');
  const balance = invoice.totalKobo - invoice.discountKobo - invoice.paidKobo;
  if (balance <= 0) throw ValidationError.field('amount_kobo', `Nothing is owed on invoice ${invoice.number}: its balance is ${formatKobo(0)}.`);
  if (body.amount_kobo > balance)
    throw ValidationError.field('amount_kobo', `The amount (${formatKobo(body.amount_kobo)}) is more than the balance (${formatKobo(balance)}).`);
  const receipt = await nextYearlyNumber(tx, RECEIPT_SERIES, facility, now);
  const [made] = await tx
    .insert(payments)
    .values({
      facilityId: facility,
      invoiceId,
      receiptNumber: receipt,
      method: body.method,
      amountKobo: body.amount_kobo,
      reference: body.reference,
      scheme: body.method === 'hmo' || body.method === 'nhia' ? body.scheme : '',
      receivedBy: p.id,
      receivedAt: now,
    })
    .returning();
  const paid = sql`paid_kobo + ${body.amount_kobo}::int`;
  let moved: { id: number }[];
  try {
    moved = await tx
      .update(invoices)
      .set({ paidKobo: paid, state: stateAfter({ paid }) } as never)
      .where(and(eq(invoices.id, invoiceId), sql`total_kobo - discount_kobo - paid_kobo >= ${body.amount_kobo}::int`))
      .returning({ id: invoices.id });
  } catch (error) {
    if (pgError(error)?.code === '23514') throw conflict('This payment would pay the invoice more than its balance; it was not taken.');
    throw error;
  }
  if (!moved.length) throw conflict('The balance changed while the payment was taken; it was not taken. Look at the invoice again.');
  await recordAudit(tx, p, {
    action: 'payment.taken',
    entity: 'invoice',
    entityId: String(invoiceId),
    after: {
      receipt,
      payment: made!.id,
      method: body.method,
      amount_kobo: body.amount_kobo,
      reference: body.reference,
      scheme: made!.scheme,
      balance_before: balance,
    },
    at: now,
  });
  const after = await getInvoice(tx, p, invoiceId);
  const taken = after.payments.find((x) => x.id === made!.id);
  return {
    id: made!.id,
    receipt_number: receipt,
    method: made!.method as PaymentMethod,
    amount_kobo: made!.amountKobo,
    reference: made!.reference,
    scheme: made!.scheme,
    received_by: taken?.received_by ?? p.username,
    received_at: iso(made!.receivedAt)!,
    invoice: after,
  };
}

const dayStartSql = (day: string, plusDays = 0) => sql`(${day}::date + ${plusDays}::int)::timestamp at time zone 'Africa/Lagos'`;

function paymentWhere(p: Principal, scope: BillingScope, q: ListQuery): SQL | undefined {
  const where: SQL[] = [eq(payments.facilityId, scope.facility), programIn(orders.programId, scope.reads)];
  if (q.method) where.push(eq(payments.method, q.method));
  if (q.cashier) where.push(eq(payments.receivedBy, q.cashier));
  if (q.client) where.push(eq(invoices.clientId, q.client));
  if (q.start_date) where.push(sql`${payments.receivedAt} >= ${dayStartSql(q.start_date)}`);
  if (q.end_date) where.push(sql`${payments.receivedAt} < ${dayStartSql(q.end_date, 1)}`);
  if (q.search) {
    const like = likeTerm(q.search);
    where.push(
      sql`(${payments.receiptNumber} ilike ${like} or ${invoices.number} ilike ${like} or ${orders.labNumber} ilike ${like}
           or ${amongMatches(invoices.clientId, clientIdsMatching(like, hiddenIdentifiersFor(p)))})`,
    );
  }
  return and(...where);
}

const paymentColumns = {
  id: payments.id,
  receipt_number: payments.receiptNumber,
  method: payments.method,
  amount_kobo: payments.amountKobo,
  reference: payments.reference,
  scheme: payments.scheme,
  cashier: payments.receivedBy,
  received_by: userName(payments.receivedBy),
  received_at: payments.receivedAt,
  invoice: payments.invoiceId,
  invoice_number: invoices.number,
  lab_number: orders.labNumber,
  client: invoices.clientId,
  client_name: sql<string>`trim(${clients.firstName} || ' ' || ${clients.lastName})`,
};

const toPayment = (r: Record<string, unknown>): PaymentItem =>
  ({ ...r, received_by: (r.received_by as string) ?? '', received_at: iso(r.received_at)! }) as PaymentItem;

function paymentQuery(db: Tx) {
  return db
    .select(paymentColumns)
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .innerJoin(clients, eq(clients.id, invoices.clientId));
}

/** The facility's payments towards the invoices the caller reads, newest first, per client, cashier, method and days. */
export async function listPayments(db: Tx, p: Principal, q: ListQuery) {
  const condition = paymentWhere(p, billingReader(p), q);
  const [rows, [total]] = await Promise.all([
    paymentQuery(db)
      .where(condition)
      .orderBy(desc(payments.receivedAt), desc(payments.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db
      .select({ count: sql<number>`count(*)::int`, sum: sql<number>`coalesce(sum(${payments.amountKobo}), 0)::int` })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(condition),
  ]);
  const count = total?.count ?? 0;
  const { format: _f, ...rest } = q;
  const link = (page: number) => `?${new URLSearchParams({ ...stringQuery(rest), page: String(page) })}`;
  return {
    count,
    total_kobo: Number(total?.sum ?? 0),
    next: q.page * q.page_size < count ? link(q.page + 1) : null,
    previous: q.page > 1 ? link(q.page - 1) : null,
    results: rows.map((r) => toPayment(r as Record<string, unknown>)),
  };
}

/** Every payment the filters find (at most 50,000), oldest first, as the CSV and Excel downloads list them. */
export async function paymentRows(db: Tx, p: Principal, q: ListQuery) {
  const rows = await paymentQuery(db)
    .where(paymentWhere(p, billingReader(p), q))
    .orderBy(asc(payments.receivedAt), asc(payments.id))
    .limit(50_000);
  return rows.map((r) => ({
    receipt_number: r.receipt_number,
    received_at: iso(r.received_at),
    method: r.method,
    amount_naira: (Number(r.amount_kobo) / 100).toFixed(2),
    reference: r.reference,
    scheme: r.scheme,
    cashier: r.received_by,
    invoice_number: r.invoice_number,
    lab_number: r.lab_number,
    client_name: r.client_name,
  }));
}

/** The people who took the facility's payments towards the invoices the caller reads, for the history's filter. */
export async function cashiers(db: Tx, p: Principal) {
  const scope = billingReader(p);
  const rows = await db
    .selectDistinct({ id: payments.receivedBy, name: userName(payments.receivedBy) })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(payments.facilityId, scope.facility), programIn(orders.programId, scope.reads)));
  return rows.map((r) => ({ id: r.id, name: r.name ?? '' })).sort((a, b) => a.name.localeCompare(b.name));
}
