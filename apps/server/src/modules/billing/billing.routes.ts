import {
  adjustmentBody,
  billingApproval,
  billingApproveBody,
  billingDashboard as billingDashboardReply,
  billingDashboardQuery,
  billingDeclineBody,
  billingHold,
  billingHoldQuery,
  billingSettings,
  billingSettingsBody,
  cashierItem,
  idParams,
  invoiceDetail,
  invoiceItem,
  invoiceListQuery,
  PAYMENT_COLUMNS,
  paginated,
  paymentBody,
  paymentItem,
  paymentListQuery,
  paymentTaken,
  refundBody,
  testPriceItem,
  testPriceQuery,
} from '@nlims/contracts';
import { z } from 'zod';
import { onlyIf, principalOf } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import { idempotencyHeaders, idempotentCreate } from '../../core/idempotency.js';
import type { App } from '../../core/types.js';
import { jsonOrFile, sendTable } from '../../core/export/xlsx.js';
import { recordAudit } from '../audit/audit.service.js';
import { sendPdf } from '../../core/pdf.js';
import { approver, cashier, isFacilityAdmin, sampleReadPrograms, staffFacility } from './billing.access.js';
import {
  approvals,
  billingDashboard,
  cashiers,
  decideAdjustment,
  decideRefund,
  getBillingSettings,
  getInvoice,
  holdsFor,
  listInvoices,
  listPayments,
  paymentRows,
  receiptData,
  renderReceipt,
  requestAdjustment,
  requestRefund,
  setBillingSettings,
  takePayment,
  testPrices,
} from './billing.service.js';

const tags = ['billing'];
const PDF = z.any().meta({ type: 'string', format: 'binary' });
const pdfQuery = z.object({ download: z.enum(['0', '1']).optional() });

/**
 * Billing: invoices made with orders, discounts and waivers, payments with receipts, refunds, the cash desk's
 * dashboard and payment history, the facility's hold-until-paid setting and its price list. Routes are thin: each
 * calls a service in the route's one transaction.
 */
export function billingRoutes(app: App, db: Db): void {
  app.get(
    '/api/test_price/',
    {
      schema: {
        tags,
        summary: "The facility's price list: one test's prices in time (`test_type`), or every test's price in force",
        querystring: testPriceQuery,
        response: { 200: z.array(testPriceItem) },
      },
    },
    (request) => testPrices(db, principalOf(request), request.query.test_type),
  );
  app.get(
    '/api/billing_settings/',
    { schema: { tags, summary: "The facility's billing setting (any of its staff reads it)", response: { 200: billingSettings } } },
    (request) => getBillingSettings(db, principalOf(request)),
  );
  app.patch(
    '/api/billing_settings/',
    {
      // Who may call is decided before the body is read (the services check again).
      config: { may: onlyIf(isFacilityAdmin, 'Only the facility’s administrator changes the billing setting.') },
      schema: {
        tags,
        summary: 'Hold results until their invoice is paid, or not (the facility administrator)',
        body: billingSettingsBody,
        response: { 200: billingSettings },
      },
    },
    (request) => db.transaction((tx) => setBillingSettings(tx, principalOf(request), request.body)),
  );
  app.get(
    '/api/billing_hold/',
    {
      schema: {
        tags,
        summary: 'The results held until paid: a sample’s, or those of some lab numbers (a page of a report), in the programmes whose samples the caller reads',
        querystring: billingHoldQuery,
        response: { 200: z.array(billingHold) },
      },
    },
    (request) => {
      const p = principalOf(request);
      staffFacility(p);
      const labNumbers = request.query.lab_numbers
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .slice(0, 200);
      return holdsFor(db, p, { sample: request.query.sample, labNumbers }, sampleReadPrograms(p));
    },
  );
  app.get(
    '/api/invoice/',
    {
      schema: {
        tags,
        summary: "The facility's invoices of the programmes the caller reads, newest first",
        querystring: invoiceListQuery,
        response: { 200: paginated(invoiceItem) },
      },
    },
    (request) => listInvoices(db, principalOf(request), request.query),
  );
  app.get(
    '/api/invoice/:id/',
    { schema: { tags, summary: 'An invoice with its lines, adjustments, payments and refunds', params: idParams, response: { 200: invoiceDetail } } },
    (request) => getInvoice(db, principalOf(request), request.params.id),
  );
  app.post(
    '/api/invoice/:id/adjustment/',
    {
      config: { may: cashier },
      schema: {
        tags,
        summary: 'Ask for a discount (percent or amount) or a waiver of the rest, with the reason',
        params: idParams,
        body: adjustmentBody,
        response: { 201: invoiceDetail },
      },
    },
    async (request, reply) => reply.code(201).send(await db.transaction((tx) => requestAdjustment(tx, principalOf(request), request.params.id, request.body))),
  );
  app.post(
    '/api/invoice/:id/payment/',
    {
      config: { may: cashier },
      schema: {
        tags,
        summary: 'Take a payment (never more than the balance); a retry with the same Idempotency-Key is not taken twice',
        headers: idempotencyHeaders,
        params: idParams,
        body: paymentBody,
        response: { 201: paymentTaken },
      },
    },
    (request, reply) => idempotentCreate(db, request, reply, 201, (tx) => takePayment(tx, principalOf(request), request.params.id, request.body)),
  );
  app.post(
    '/api/invoice/:id/refund/',
    {
      config: { may: cashier },
      schema: {
        tags,
        summary: 'Ask to refund (part of) a line, with the reason',
        params: idParams,
        body: refundBody,
        response: { 201: invoiceDetail },
      },
    },
    async (request, reply) => reply.code(201).send(await db.transaction((tx) => requestRefund(tx, principalOf(request), request.params.id, request.body))),
  );
  for (const [path, decide, what] of [
    ['invoice_adjustment', decideAdjustment, 'a discount or waiver'],
    ['refund', decideRefund, 'a refund'],
  ] as const) {
    app.post(
      `/api/${path}/:id/approve/`,
      {
        config: { may: approver },
        schema: {
          tags,
          summary: `Approve ${what} (a supervisor or manager who did not ask for it)`,
          params: idParams,
          body: billingApproveBody,
          response: { 200: invoiceDetail },
        },
      },
      (request) => db.transaction((tx) => decide(tx, principalOf(request), request.params.id, true, request.body.note)),
    );
    app.post(
      `/api/${path}/:id/decline/`,
      {
        config: { may: approver },
        schema: {
          tags,
          summary: `Decline ${what}, saying why (a supervisor or manager who did not ask for it)`,
          params: idParams,
          body: billingDeclineBody,
          response: { 200: invoiceDetail },
        },
      },
      (request) => db.transaction((tx) => decide(tx, principalOf(request), request.params.id, false, request.body.note)),
    );
  }
  app.get(
    '/api/billing_approval/',
    { schema: { tags, summary: 'Discounts, waivers and refunds awaiting a decision', response: { 200: z.array(billingApproval) } } },
    (request) => approvals(db, principalOf(request)),
  );
  app.get(
    '/api/payment/',
    {
      schema: {
        tags,
        summary: 'Payments by day, method, cashier and client (JSON, or a CSV or XLSX download with `format`)',
        querystring: paymentListQuery,
        response: {
          200: jsonOrFile(paginated(paymentItem).extend({ total_kobo: z.number() }), 'A page of payments, or every payment found as CSV or XLSX.'),
        },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const format = request.query.format ?? 'json';
      if (format === 'json') return listPayments(db, p, request.query);
      const rows = await paymentRows(db, p, request.query);
      await recordAudit(db, p, { action: 'payments.export', entity: 'payment', after: { format, rows: rows.length } });
      return sendTable(reply, format, `payments-${request.query.start_date ?? 'all'}-${request.query.end_date ?? 'all'}`, rows, PAYMENT_COLUMNS);
    },
  );
  app.get(
    '/api/payment/cashiers/',
    { schema: { tags, summary: 'Who took the facility’s payments (the history’s filter)', response: { 200: z.array(cashierItem) } } },
    (request) => cashiers(db, principalOf(request)),
  );
  app.get(
    '/api/payment/:id/receipt.pdf',
    {
      schema: {
        tags,
        summary: "A payment's receipt (80 mm wide PDF)",
        params: idParams,
        querystring: pdfQuery,
        response: { 200: { description: 'The receipt (PDF).', content: { 'application/pdf': { schema: PDF } } } },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const data = await receiptData(db, p, request.params.id);
      const pdf = await renderReceipt(data);
      const download = request.query.download === '1';
      await recordAudit(db, p, { action: 'receipt.print', entity: 'payment', entityId: String(request.params.id), after: { receipt: data.receipt, download } });
      return sendPdf(reply, pdf, `receipt-${data.receipt}.pdf`, download);
    },
  );
  app.get(
    '/api/billing_dashboard/',
    {
      schema: {
        tags,
        summary: 'Takings per day and method, outstanding balances, discounts, waivers and refunds (`from`, `to`: the last 7 days by default)',
        querystring: billingDashboardQuery,
        response: { 200: billingDashboardReply },
      },
    },
    (request) => billingDashboard(db, principalOf(request), request.query),
  );
}
