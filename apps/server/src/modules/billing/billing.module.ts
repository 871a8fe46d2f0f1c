import type { ServerModule } from '../../core/module.js';
import { lifecycle, ORDER } from '../samples/lifecycle.js';
import { billingRoutes } from './billing.routes.js';
import { assertReportReleasable, invoiceOrder } from './billing.service.js';

/** Billing: an order's invoice when it is placed, payments, and the hold on a report until it is paid. */
export const billingModule: ServerModule = {
  name: 'billing',
  tables: ['billing.table.ts'],
  hooks: () => {
    lifecycle.orderCreated.on('billing: the order is invoiced', ORDER.record, async ({ tx, actor, orderId, at, tests }) => {
      await invoiceOrder(tx, orderId, at, { tests, actor });
    });
    lifecycle.reportRelease.on('billing: results held until paid', ORDER.check, ({ db, principal, sampleId }) =>
      assertReportReleasable(db, principal, sampleId),
    );
  },
  routes: (app, { db }) => billingRoutes(app, db),
};
