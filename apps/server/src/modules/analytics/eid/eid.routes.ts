import { z } from 'zod';
import { eidDashboardReply } from '@nlims/contracts';
import { principalOf } from '../../../core/auth.js';
import type { Db } from '../../../core/db.js';
import type { App } from '../../../core/types.js';
import { recordAudit } from '../../audit/audit.service.js';
import { eidDashboard } from './eid-dashboard.js';

/** SPEC §7's dashboard parameters. */
const dashboardQuery = z.object({
  start_date: z.string().max(20).optional(),
  end_date: z.string().max(20).optional(),
  program: z.string().trim().max(100).optional(),
});

/**
 * The EID programme's dashboard, `facility_eid_dashboard/`: for users holding
 * a role that reads EID (the caller's facility) and the super admin (every
 * facility). It names the infants whose detected PCR awaits confirmation, so
 * every view is audited.
 */
export function eidRoutes(app: App, db: Db): void {
  app.get(
    '/api/facility_eid_dashboard/',
    {
      schema: {
        tags: ['dashboards'],
        summary: "The EID laboratory's dashboard",
        description:
          'Over the EID samples registered in the period (default: the last 30 days, Africa/Lagos): HIV-1 DNA PCR tests and positivity ' +
          '(detected over detected and not detected) by age band at collection, entry point, PCR sequence and state; tests by status; ' +
          'rejections by reason; turnaround from collection to release; and the released detected results awaiting a confirmatory request. ' +
          'The caller’s facility; every facility for the super admin.',
        querystring: dashboardQuery,
        response: { 200: eidDashboardReply },
      },
    },
    async (request) => {
      const p = principalOf(request);
      const data = await eidDashboard(db, p, request.query);
      await recordAudit(db, p, {
        action: 'report.view',
        entity: 'eid_dashboard',
        after: { query: request.query, awaiting_confirmation: data.awaiting_confirmation.count },
      });
      return data;
    },
  );
}
