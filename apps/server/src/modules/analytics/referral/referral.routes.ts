import { referralDashboardQuery, referralDashboardReply } from '@nlims/contracts';
import { principalOf } from '../../../core/auth.js';
import type { Db } from '../../../core/db.js';
import type { App } from '../../../core/types.js';
import { referralDashboard } from './referral-dashboard.js';

/** The referral dashboard: aggregates over the shipments of the caller's area, read here so dispatch knows nothing of analytics. */
export function referralRoutes(app: App, db: Db): void {
  app.get(
    '/api/referral_dashboard/',
    {
      schema: {
        tags: ['dashboards'],
        summary: "Referral in the caller's area: shipments by status, overdue, samples, the legs' median hours, each testing laboratory",
        querystring: referralDashboardQuery,
        response: { 200: referralDashboardReply },
      },
    },
    (request) => referralDashboard(db, principalOf(request), request.query),
  );
}
