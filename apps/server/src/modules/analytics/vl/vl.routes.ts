import { z } from 'zod';
import { vlBandLabels, vlCutoffs, vlCutoffsReply, vlDashboardReply } from '@nlims/contracts';
import { principalOf } from '../../../core/auth.js';
import type { Db } from '../../../core/db.js';
import type { App } from '../../../core/types.js';
import { recordAudit } from '../../audit/audit.service.js';
import { vlDashboard } from './vl-dashboard.js';
import { VL_REPORT_COLUMNS, vlReportRows } from './vl-report.js';
import { vlCutoffsFromEnv } from './vl-settings.js';
import { toCsv } from '../../../core/export/csv.js';
import { lagosToday } from '../../../core/period.js';

const dashboardQuery = z.object({
  start_date: z.string().max(20).optional(),
  end_date: z.string().max(20).optional(),
});

/**
 * The viral-load programme's endpoints: the cut-offs in force
 * (`vl_classification/`, for the screens that classify results) and the
 * dashboard (`facility_vl_dashboard/`, audited as a view of patients' data).
 * The cut-offs are read from the environment once, here, at start.
 */
export function vlRoutes(app: App, db: Db, env: NodeJS.ProcessEnv = process.env): void {
  vlCutoffsFromEnv(env);
  app.get(
    '/api/vl_classification/',
    {
      schema: {
        tags: ['lookups'],
        summary: 'The viral-load cut-offs in force',
        description: 'Copies/mL still suppressed (WHO 2023: 1,000) and the reporting bands’ boundaries (Nigeria: 20, 200, 1,000), as configured.',
        response: { 200: vlCutoffsReply },
      },
    },
    () => ({ ...vlCutoffs(), band_labels: vlBandLabels() }),
  );
  app.get(
    '/api/facility_vl_dashboard/',
    {
      schema: {
        tags: ['dashboards'],
        summary: "The viral-load laboratory's dashboard",
        description:
          'Over the VL samples registered in the period (default: the last 30 days, Africa/Lagos): released copies/mL results ' +
          'classified (undetectable, suppressed, unsuppressed) and by reporting band; suppression by sex, age band, regimen line, ' +
          'pregnancy and breastfeeding (female clients), and state of residence; coverage (clients with a released result among ' +
          'the clients sampled); turnaround from collection to release. The caller’s facility; every facility for the super admin.',
        querystring: dashboardQuery,
        response: { 200: vlDashboardReply },
      },
    },
    async (request) => {
      const p = principalOf(request);
      const reply = await vlDashboard(db, p, request.query);
      await recordAudit(db, p, {
        action: 'report.view',
        entity: 'vl_dashboard',
        after: { query: request.query, facility: reply.facility, samples: reply.totals.samples },
      });
      return reply;
    },
  );
  app.get(
    '/api/vl_report/',
    {
      schema: {
        tags: ['reports'],
        summary: 'Viral-load results of a period (CSV)',
        description:
          'One row per VL sample registered in the period (default: the last 30 days): the request (ART number, regimen, line, ' +
          'pregnancy, breastfeeding, reason), the copies/mL and log10 as printed ("< 40", "Target not detected"), the classification ' +
          'and reporting band of a released result, its flag and dates, and the repeat request once made. Up to 100,000 rows; audited.',
        querystring: dashboardQuery,
        response: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } } },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const rows = await vlReportRows(db, p, request.query);
      await recordAudit(db, p, { action: 'report.export', entity: 'vl_report', after: { format: 'csv', query: request.query, count: rows.length } });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="vl-results-${lagosToday()}.csv"`)
        .send(toCsv(rows, VL_REPORT_COLUMNS));
    },
  );
}
