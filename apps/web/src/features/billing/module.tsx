import { lazy } from 'react';
import { REPORT_BUTTONS_GATE, REPORT_ROW_MARKS } from '../clinical/slots';
import { defineModule, fill, fillHook, lazyNamed } from '../../shared/registry';
import { useHoldMarks } from './holdMarks';

/**
 * Billing: the invoices and their figures, the cash desk, an invoice, the payment history, and the test
 * services with their prices and the facility's hold-until-paid setting; on the sample and result pages, a
 * report held until its invoice is paid, and the held orders tagged on the General report.
 */
export default defineModule({
  name: 'billing',
  pages: {
    '/administrations/facility/testService': lazy(() => import('./TestServicePage')),
    '/billings': lazy(() => import('./BillingsPage')),
    '/add-billing': lazy(() => import('./CashDeskPage')),
    '/payment-history': lazy(() => import('./PaymentHistoryPage')),
    '/payment-details': lazy(() => import('./InvoiceDetailPage')),
  },
  fills: [
    fill(
      REPORT_BUTTONS_GATE,
      lazyNamed(() => import('./HoldNotice'), 'ReportHoldGate'),
    ),
    fillHook(REPORT_ROW_MARKS, useHoldMarks),
  ],
});
