/**
 * The billing service, the one entry other modules and the seed use: an order's invoice (billing.invoice-make.ts),
 * invoices (billing.invoices.ts), payments (billing.payments.ts), discounts, waivers and refunds
 * (billing.decisions.ts), receipts (billing.receipt.ts), the dashboard (billing.dashboard.ts), the settings and
 * prices (billing.settings.ts) and the hold on a report until it is paid (billing.hold.ts).
 */
export { billingDashboard, dashboardDays } from './billing.dashboard.js';
export { approvals, decideAdjustment, decideRefund, requestAdjustment, requestRefund } from './billing.decisions.js';
export { assertReportReleasable, BillingHoldError } from './billing.hold.js';
export { INVOICE_SERIES, invoiceOrder, invoiceOrders, stateAfter } from './billing.invoice-make.js';
export { getInvoice, holdsFor, invoiceRow, listInvoices } from './billing.invoices.js';
export { cashiers, listPayments, paymentRows, takePayment } from './billing.payments.js';
export { type ReceiptData, receiptData, renderReceipt } from './billing.receipt.js';
export { getBillingSettings, setBillingSettings, testPrices } from './billing.settings.js';
