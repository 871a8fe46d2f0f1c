import { z } from 'zod';
import { clinicalDashboardReply, generalReportPage, ID_RANGE_MESSAGE, idParam, MAX_ID, tierReportPage } from '@nlims/contracts';
import { principalOf } from '../../../core/auth.js';
import type { Db } from '../../../core/db.js';
import type { App } from '../../../core/types.js';
import { recordAudit } from '../../audit/audit.service.js';
import { sendTable } from '../../../core/export/xlsx.js';
import { isOfficial, officialReport } from '../tier/tier-report.js';
import { clinicalDashboard } from './general-dashboard.js';
import { generalOrderReport, REPORT_COLUMNS } from './general-report.js';
import { lagosToday } from '../../../core/period.js';

/** The General (clinical) programme's report and facility dashboard. */
export function generalAnalyticsRoutes(app: App, db: Db): void {
  const reportQuery = z.object({
    test_type: idParam.optional(),
    test_order_status: z.coerce.number().int().min(1).max(16).optional(),
    start_date: z.string().optional(),
    end_date: z.string().optional(),
    page: z.coerce.number().int().min(1).max(MAX_ID, ID_RANGE_MESSAGE).optional(),
    page_size: z.coerce.number().int().optional(),
    program: z.string().trim().max(100).optional(),
    reporting_state: idParam.optional(),
    reporting_lga: idParam.optional(),
    format: z.enum(['json', 'csv', 'xlsx'], { error: 'Choose one of: json, csv, xlsx.' }).optional(),
  });
  app.get(
    '/api/general_order_report/',
    {
      schema: {
        tags: ['reports'],
        summary: 'General order report (JSON or CSV)',
        querystring: reportQuery,
        response: {
          200: {
            description: 'One page of rows as JSON, or every row (up to 100,000) as CSV with `format=csv`.',
            content: {
              'application/json': { schema: z.union([generalReportPage, tierReportPage]) },
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
      if (isOfficial(p)) return officialReport(db, p, 'general_order_report', request.query, reply);
      const format = request.query.format ?? 'json';
      const csv = format !== 'json';
      const data = await generalOrderReport(db, p, request.query, csv);
      const { format: _format, ...query } = request.query;
      const count = (data as { count?: number }).count ?? (data.rows as unknown[]).length;
      await recordAudit(db, p, {
        action: csv ? 'report.export' : 'report.view',
        entity: 'general_order_report',
        after: { format, query, count },
      });
      if (!csv) return data as z.infer<typeof generalReportPage>;
      const name = `general-order-report-${lagosToday()}`;
      return sendTable(reply, format as 'csv' | 'xlsx', name, data.rows as Record<string, unknown>[], REPORT_COLUMNS);
    },
  );
  app.get(
    '/api/facility_general_order_dashboard/',
    { schema: { tags: ['dashboards'], summary: "The clinical laboratory's dashboard", response: { 200: clinicalDashboardReply } } },
    (request) => clinicalDashboard(db, principalOf(request)),
  );
}
