import { z } from 'zod';
import { ID_RANGE_MESSAGE, idParam, MAX_ID, TB_PERIODICITIES, tbDashboardReply, tbReportPage, tierReportPage } from '@nlims/contracts';
import { principalOf } from '../../../core/auth.js';
import type { Db } from '../../../core/db.js';
import type { App } from '../../../core/types.js';
import { recordAudit } from '../../audit/audit.service.js';
import { tbDashboard } from './tb-dashboard.js';
import { TB_REPORT_COLUMNS } from '@nlims/contracts';
import { sendTable } from '../../../core/export/xlsx.js';
import { isOfficial, officialReport } from '../tier/tier-report.js';
import { tbReport } from './tb-report.js';
import { lagosToday } from '../../../core/period.js';

/** SPEC §7's dashboard parameters; `periodicity` is the series' step (the dashboard filter's look-up). */
const dashboardQuery = z.object({
  test_type: idParam.optional(),
  start_date: z.string().max(20).optional(),
  end_date: z.string().max(20).optional(),
  program: z.string().trim().max(100).optional(),
  periodicity: z.enum(TB_PERIODICITIES, { error: `Choose one of: ${TB_PERIODICITIES.join(', ')}.` }).optional(),
});

const reportQuery = z.object({
  test_type: idParam.optional(),
  test_order_status: z.coerce.number().int().min(1).max(16).optional(),
  start_date: z.string().max(20).optional(),
  end_date: z.string().max(20).optional(),
  program: z.string().trim().max(100).optional(),
  reporting_state: idParam.optional(),
  reporting_lga: idParam.optional(),
  page: z.coerce.number().int().min(1).max(MAX_ID, ID_RANGE_MESSAGE).optional(),
  page_size: z.coerce.number().int().optional(),
  format: z.enum(['json', 'csv', 'xlsx'], { error: 'Choose one of: json, csv, xlsx.' }).optional(),
});

/**
 * The Tuberculosis programme's analytics: `facility_tb_dashboard/` and
 * `tb_report/` (JSON or CSV, every view and export audited). For users
 * holding a role that reads Tuberculosis, and the super admin (every facility).
 */
export function tbRoutes(app: App, db: Db): void {
  app.get(
    '/api/facility_tb_dashboard/',
    {
      schema: {
        tags: ['dashboards'],
        summary: "The Tuberculosis laboratory's dashboard",
        description:
          'Over the TB samples registered in the period (default: the last 30 days, Africa/Lagos): tests by test type and result ' +
          '(a panel counted once, by its key member), MTB positivity, requests with RR-TB or MDR-TB, turnaround from reception ' +
          'to approval, a series by period; and the open tests by status now. The caller’s facility; every facility for the super admin.',
        querystring: dashboardQuery,
        response: { 200: tbDashboardReply },
      },
    },
    (request) => tbDashboard(db, principalOf(request), request.query),
  );

  app.get(
    '/api/tb_report/',
    {
      schema: {
        tags: ['reports'],
        summary: 'Tuberculosis report (JSON or CSV)',
        description:
          'One row per TB test (a panel once, by its key member, its other members beside it) with its current result, ' +
          'the request form’s fields, the RR-TB/MDR-TB flag, dates and turnaround.',
        querystring: reportQuery,
        response: {
          200: {
            description: 'One page of rows as JSON, or every row (up to 100,000) as CSV with `format=csv`.',
            content: {
              'application/json': { schema: z.union([tbReportPage, tierReportPage]) },
              'text/csv': { schema: z.string() },
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: z.string() },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      // An official reads the aggregates of their area, never a patient.
      if (isOfficial(p)) return officialReport(db, p, 'tb_report', request.query, reply);
      const format = request.query.format ?? 'json';
      const csv = format !== 'json';
      const data = await tbReport(db, p, request.query, csv);
      const { format: _format, ...query } = request.query;
      const rows = 'rows' in data ? data.rows : null;
      const count = rows ? rows.length : (data as { count: number }).count;
      await recordAudit(db, p, { action: csv ? 'report.export' : 'report.view', entity: 'tb_report', after: { format, query, count } });
      if (!rows) return data as z.infer<typeof tbReportPage>;
      return sendTable(reply, format as 'csv' | 'xlsx', `tb-report-${lagosToday()}`, rows, TB_REPORT_COLUMNS);
    },
  );
}
