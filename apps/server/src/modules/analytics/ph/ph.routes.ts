import { z } from 'zod';
import { ID_RANGE_MESSAGE, idParam, MAX_ID, PAGE_SIZES, phDashboardReply, phNotifyBody, phNotifyPage, phReportPage, tierReportPage } from '@nlims/contracts';
import { principalOf } from '../../../core/auth.js';
import { toCsv } from '../../../core/export/csv.js';
import type { Db } from '../../../core/db.js';
import type { App } from '../../../core/types.js';
import { toXlsx } from '../../../core/export/xlsx.js';
import { isOfficial, officialReport } from '../tier/tier-report.js';
import { recordAudit } from '../../audit/audit.service.js';
import { phDashboard } from './ph-dashboard.js';
import { markNotified, phNotifyList } from './ph-notify.js';
import { phPrograms } from './ph-query.js';
import { phReport } from '../line-list/line-list.js';
import { lagosToday } from '../../../core/period.js';

const dateParam = z.string().max(20).optional();
const program = z.string().trim().max(100).optional();
const pageParam = z.coerce.number().int().min(1).max(MAX_ID, ID_RANGE_MESSAGE).optional();

const dashboardQuery = z.object({ start_date: dateParam, end_date: dateParam, program });
const reportQuery = z.object({
  start_date: dateParam,
  end_date: dateParam,
  program,
  test_order_status: z.coerce.number().int().min(1).max(16).optional(),
  test_type: z.coerce.number().int().min(1).max(MAX_ID, ID_RANGE_MESSAGE).optional(),
  reporting_state: z.coerce.number().int().min(1).max(MAX_ID, ID_RANGE_MESSAGE).optional(),
  reporting_lga: z.coerce.number().int().min(1).max(MAX_ID, ID_RANGE_MESSAGE).optional(),
  page: pageParam,
  page_size: z.coerce.number().int().optional(),
  format: z.enum(['json', 'csv', 'xlsx'], { error: 'Choose one of: json, csv, xlsx.' }).optional(),
});
const notifyQuery = z.object({
  program,
  notified: z.enum(['true', 'false'], { error: 'Choose true or false.' }).optional(),
  search: z.string().trim().max(100).optional(),
  page: pageParam,
  page_size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), `page_size must be one of ${PAGE_SIZES.join(', ')}.`)
    .optional(),
});

/**
 * The public-health programmes' analytics and notifications:
 * `facility_general_program_dashboard/`, `general_program_report/` (JSON, CSV
 * or XLSX; every view and export audited) and `public_health_notify/` with
 * its "mark notified" action.
 */
export function phRoutes(app: App, db: Db): void {
  app.get(
    '/api/facility_general_program_dashboard/',
    {
      schema: {
        tags: ['dashboards'],
        summary: "The public-health laboratory's dashboard",
        description:
          'Over the public-health samples registered in the period (default: the last 30 days, Africa/Lagos): per disease the samples, tests, ' +
          'released results, positives and positivity; positives by LGA of residence; a daily or weekly series; rejected samples by reason; ' +
          'turnaround; and the positives of notifiable diseases not yet notified. The caller’s facility; every facility for the super admin.',
        querystring: dashboardQuery,
        response: { 200: phDashboardReply },
      },
    },
    (request) => phDashboard(db, principalOf(request), request.query),
  );

  app.get(
    '/api/general_program_report/',
    {
      schema: {
        tags: ['reports'],
        summary: 'Public-health, EID and viral-load line list (JSON, CSV or XLSX)',
        description:
          'One row per case and test with its EPID number, disease, the case form’s answers, specimen, result, positivity, flag and dates. ' +
          '`program=EID` or `program=Viral Load`: that programme’s rows, the result as printed ("< 40"), with its request form’s answers ' +
          '(JSON: `request`; CSV/XLSX: one column per field, the public-health case columns left out).',
        querystring: reportQuery,
        response: {
          200: {
            description: 'One page of rows as JSON, or every row (up to 100,000) as CSV or XLSX.',
            content: {
              'application/json': { schema: z.union([phReportPage, tierReportPage]) },
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
      if (isOfficial(p)) return officialReport(db, p, 'general_program_report', request.query, reply);
      const format = request.query.format ?? 'json';
      const data = await phReport(db, p, request.query, format !== 'json');
      const { format: _format, ...query } = request.query;
      const exported = 'rows' in data ? (data as { family: 'ph' | 'eid' | 'vl'; columns: string[]; rows: Record<string, unknown>[] }) : null;
      await recordAudit(db, p, {
        action: exported ? 'report.export' : 'report.view',
        entity: 'general_program_report',
        after: { format, query, count: exported ? exported.rows.length : (data as { count: number }).count },
      });
      if (!exported) return data as z.infer<typeof phReportPage>;
      const { rows, columns } = exported;
      const family = { ph: 'public-health', eid: 'eid', vl: 'viral-load' }[exported.family];
      const name = `${family}-line-list-${lagosToday()}`;
      // The reply's declared types are the JSON page and text; a workbook is bytes.
      if (format === 'xlsx')
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="${name}.xlsx"`)
          .send((await toXlsx(rows, columns, 'Line list')) as unknown as string);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}.csv"`).send(toCsv(rows, columns));
    },
  );

  app.get(
    '/api/public_health_notify/',
    {
      schema: {
        tags: ['results'],
        summary: 'Positives of notifiable diseases to notify',
        description:
          'Samples of the public-health programmes with a verified or released result flagged as a notifiable positive, not yet notified ' +
          '(`notified=true`: those notified, with who, when and to whom). For the supervisor and data analyst of the programme.',
        querystring: notifyQuery,
        response: { 200: phNotifyPage },
      },
    },
    async (request) => {
      const p = principalOf(request);
      const { notified, ...q } = request.query;
      const page = await phNotifyList(db, p, { ...q, notified: notified === 'true' });
      await recordAudit(db, p, { action: 'report.view', entity: 'public_health_notify', after: { query: request.query, count: page.count } });
      return page;
    },
  );

  app.post(
    '/api/public_health_notify/:id/notified/',
    {
      // Who may call is decided before the body is read: reads released results of some public-health programme.
      config: { may: (p) => phPrograms(p, 'released', undefined, 'the notification list') },
      schema: {
        tags: ['results'],
        summary: 'Mark a case notified',
        description: 'Records who notified the case, when and to whom, as one audit row (`sample.notified`); a second mark is a 409.',
        params: z.object({ id: idParam }),
        body: phNotifyBody,
        response: { 200: z.object({ id: z.number(), notified: z.literal(true) }) },
      },
    },
    async (request) => {
      const p = principalOf(request);
      const id = await db.transaction((tx) => markNotified(tx, p, request.params.id, request.body));
      return { id, notified: true as const };
    },
  );
}
