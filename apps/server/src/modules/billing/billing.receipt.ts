import { formatKobo, type PAYMENT_METHODS } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../core/db.js';
import { notFound } from '../../core/errors.js';
import { type Doc, drawBarcode, FONT, formatDateTime, renderPdf } from '../../core/pdf.js';
import { type Principal, userName } from '../users/users.service.js';
import { billingReader, programIn } from './billing.access.js';

const MM = 72 / 25.4;
/** An 80 mm till roll: the cash desk's thermal printer, and a narrow strip on any A4 printer. */
const WIDTH = 80 * MM;
const MARGIN = 4 * MM;
const INNER = WIDTH - 2 * MARGIN;

const METHOD_NAMES: Record<(typeof PAYMENT_METHODS)[number], string> = {
  cash: 'Cash',
  pos: 'POS (card)',
  transfer: 'Bank transfer',
  hmo: 'HMO',
  nhia: 'NHIA',
};

export interface ReceiptData {
  facility: { name: string; address: string; place: string; phone: string };
  receipt: string;
  received_at: string;
  cashier: string;
  client: { name: string; hospital_number: string | null; phone: string };
  lab_number: string;
  invoice: string;
  lines: { description: string; amount_kobo: number; refunded_kobo: number }[];
  total_kobo: number;
  /** Approved by the time of the payment. */
  adjustments: { kind: string; label: string; amount_kobo: number }[];
  refunded_kobo: number;
  payment: { method: string; amount_kobo: number; reference: string; scheme: string };
  /** Every payment up to and including this one. */
  paid_so_far_kobo: number;
  /** What was left owing once this payment was taken. */
  balance_kobo: number;
}

/**
 * A payment's receipt as it stood when it was taken (a reprint says the same): the invoice's lines, the discounts
 * and refunds approved by then, this payment and those before it, and the balance it left. Two queries. A payment
 * towards an invoice of a programme the caller does not read is not found.
 */
export async function receiptData(db: Tx, p: Principal, paymentId: number): Promise<ReceiptData> {
  const scope = billingReader(p);
  const [row] = rowsOf<{
    receipt: string;
    received_at: unknown;
    cashier: string;
    method: string;
    amount_kobo: number;
    reference: string;
    scheme: string;
    invoice_id: number;
    invoice: string;
    total_kobo: number;
    lab_number: string;
    client_name: string;
    hospital_number: string | null;
    phone: string;
    facility_name: string;
    address: string;
    place: string;
    facility_phone: string;
    paid_so_far: number;
    adjustments: { kind: string; mode: string | null; value: number; amount_kobo: number }[];
    refunded: number;
  }>(
    await db.execute(sql`
      select pay.receipt_number as receipt, pay.received_at, ${userName(sql`pay.received_by`)} as cashier, pay.method, pay.amount_kobo, pay.reference, pay.scheme,
             i.id as invoice_id, i.number as invoice, i.total_kobo, o.lab_number,
             trim(c.first_name || ' ' || c.last_name) as client_name, c.phone,
             (select ci.identifier from client_identifiers ci join client_identifier_types it on it.id = ci.identifier_type_id
               where ci.client_id = c.id and it.name ~* 'hospital' order by ci.identifier_type_id, ci.id limit 1) as hospital_number,
             f.facility_name, f.address, concat_ws(', ', l.name, s.name) as place, f.phone as facility_phone,
             (select coalesce(sum(x.amount_kobo), 0) from payments x where x.invoice_id = i.id and x.id <= pay.id)::int as paid_so_far,
             coalesce((select json_agg(json_build_object('kind', a.kind, 'mode', a.mode, 'value', a.value, 'amount_kobo', a.amount_kobo) order by a.decided_at, a.id)
               from invoice_adjustments a where a.invoice_id = i.id and a.state = 'approved' and a.decided_at <= pay.received_at), '[]'::json) as adjustments,
             (select coalesce(sum(r.amount_kobo), 0) from refunds r where r.invoice_id = i.id and r.state = 'approved' and r.decided_at <= pay.received_at)::int as refunded
      from payments pay join invoices i on i.id = pay.invoice_id join orders o on o.id = i.order_id join clients c on c.id = i.client_id
      join facilities f on f.id = i.facility_id left join lgas l on l.id = f.lga_id left join states s on s.id = f.state_id
      where pay.id = ${paymentId} and pay.facility_id = ${scope.facility} and ${programIn(sql`o.program_id`, scope.reads)}`),
  );
  if (!row) throw notFound();
  const lines = rowsOf<{ description: string; amount_kobo: number; refunded_kobo: number }>(
    await db.execute(sql`select l.description, l.amount_kobo,
      (select coalesce(sum(r.amount_kobo), 0) from refunds r where r.line_id = l.id and r.state = 'approved'
        and r.decided_at <= ${new Date(row.received_at as string).toISOString()}::timestamptz)::int as refunded_kobo
      from invoice_lines l where l.invoice_id = ${row.invoice_id} order by l.id`),
  );
  const adjustments = row.adjustments.map((a) => ({
    kind: a.kind,
    label: a.kind === 'waiver' ? 'Waiver' : a.mode === 'percent' ? `Discount (${a.value} %)` : 'Discount',
    amount_kobo: Number(a.amount_kobo),
  }));
  const discount = adjustments.reduce((s, a) => s + a.amount_kobo, 0);
  return {
    facility: { name: row.facility_name, address: row.address, place: row.place, phone: row.facility_phone },
    receipt: row.receipt,
    received_at: new Date(row.received_at as string).toISOString(),
    cashier: row.cashier ?? '',
    client: { name: row.client_name, hospital_number: row.hospital_number, phone: row.phone },
    lab_number: row.lab_number,
    invoice: row.invoice,
    lines: lines.map((l) => ({ ...l, amount_kobo: Number(l.amount_kobo), refunded_kobo: Number(l.refunded_kobo) })),
    total_kobo: Number(row.total_kobo),
    adjustments,
    refunded_kobo: Number(row.refunded),
    payment: { method: row.method, amount_kobo: Number(row.amount_kobo), reference: row.reference, scheme: row.scheme },
    paid_so_far_kobo: Number(row.paid_so_far),
    balance_kobo: Number(row.total_kobo) - discount - Number(row.paid_so_far),
  };
}

/** Draw the receipt from `top`; the y it ends at (the page is then cut to it). */
function draw(doc: Doc, d: ReceiptData): number {
  let y = MARGIN;
  const centre = (text: string, size: number, bold = false) => {
    doc
      .font(bold ? FONT.bold : FONT.regular)
      .fontSize(size)
      .fillColor('#000');
    doc.text(text, MARGIN, y, { width: INNER, align: 'center' });
    y = doc.y + 1;
  };
  const rule = (dashed = true) => {
    y += 2;
    doc.save().lineWidth(0.6);
    if (dashed) doc.dash(2, { space: 2 });
    doc
      .moveTo(MARGIN, y)
      .lineTo(WIDTH - MARGIN, y)
      .stroke('#000');
    doc.undash().restore();
    y += 4;
  };
  /** A label on the left and its value on the right, wrapping the label when long. */
  const pair = (label: string, value: string, options: { bold?: boolean; size?: number } = {}) => {
    const size = options.size ?? 7.5;
    doc.font(options.bold ? FONT.bold : FONT.regular).fontSize(size);
    const valueWidth = Math.min(INNER * 0.55, doc.widthOfString(value) + 2);
    const labelWidth = INNER - valueWidth - 4;
    const height = Math.max(doc.heightOfString(label, { width: labelWidth }), doc.heightOfString(value, { width: valueWidth }));
    doc.text(label, MARGIN, y, { width: labelWidth });
    doc.text(value, WIDTH - MARGIN - valueWidth, y, { width: valueWidth, align: 'right' });
    y += height + 1.5;
  };

  centre(d.facility.name, 10, true);
  for (const line of [d.facility.address, d.facility.place, d.facility.phone ? `Tel. ${d.facility.phone}` : ''].filter(Boolean)) centre(line, 7);
  rule(false);
  centre('PAYMENT RECEIPT', 9, true);
  centre(d.receipt, 9, true);
  y += 2;
  pair('Date', formatDateTime(d.received_at));
  pair('Cashier', d.cashier);
  rule();
  pair('Client', d.client.name, { bold: true });
  if (d.client.hospital_number) pair('Hospital number', d.client.hospital_number);
  if (d.client.phone) pair('Phone', d.client.phone);
  pair('Lab number', d.lab_number);
  pair('Invoice', d.invoice);
  rule();
  doc.font(FONT.bold).fontSize(7.5).text('Tests', MARGIN, y);
  y = doc.y + 2;
  for (const line of d.lines) {
    pair(line.description, formatKobo(line.amount_kobo));
    if (line.refunded_kobo > 0) pair('   refunded', `−${formatKobo(line.refunded_kobo)}`, { size: 7 });
  }
  rule();
  pair('Total', formatKobo(d.total_kobo), { bold: true });
  for (const a of d.adjustments) pair(a.label, `−${formatKobo(a.amount_kobo)}`);
  if (d.refunded_kobo > 0) pair('Refunded', formatKobo(d.refunded_kobo));
  rule();
  const method = METHOD_NAMES[d.payment.method as keyof typeof METHOD_NAMES] ?? d.payment.method;
  pair('This payment', formatKobo(d.payment.amount_kobo), { bold: true, size: 9 });
  pair('Method', d.payment.scheme ? `${method} · ${d.payment.scheme}` : method);
  if (d.payment.reference) pair(d.payment.method === 'hmo' || d.payment.method === 'nhia' ? 'Authorisation code' : 'Reference', d.payment.reference);
  pair('Paid so far', formatKobo(d.paid_so_far_kobo));
  pair('Balance', formatKobo(Math.max(0, d.balance_kobo)), { bold: true, size: 9 });
  rule(false);
  drawBarcode(doc, d.receipt, MARGIN + INNER * 0.1, y, INNER * 0.8, 9 * MM);
  y += 9 * MM + 3;
  centre(d.balance_kobo > 0 ? 'Part payment. Please keep this receipt.' : 'Paid in full. Thank you.', 7);
  centre('Amounts in naira (NGN).', 6);
  return y + MARGIN;
}

/** The receipt as an 80 mm wide PDF, as long as its content: drawn once to measure, then on a page of that height. */
export async function renderReceipt(d: ReceiptData): Promise<Buffer> {
  let height = 0;
  await renderPdf({ size: [WIDTH, 2000], margin: 0 }, (doc) => {
    height = draw(doc, d);
  });
  return renderPdf({ size: [WIDTH, Math.ceil(height)], margin: 0, info: { Title: `Receipt ${d.receipt}` } }, (doc) => {
    draw(doc, d);
  });
}
