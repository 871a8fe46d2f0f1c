import { z } from 'zod';
import {
  clinicalDashboardReply,
  collectBody,
  generalReportPage,
  completeEntryBody,
  emptyBody,
  generalOrderBody,
  generalOrderDetail,
  historyItem,
  orderCreated,
  reasonBody,
  rejectSampleBody,
  statusCount,
  type SampleAction,
  ID_RANGE_MESSAGE,
  idParam,
  idParams,
  MAX_ID,
} from '@nlims/contracts';
import { principalOf } from '../../core/auth.js';
import { idempotencyHeaders, idempotentCreate } from '../../core/idempotency.js';
import type { Db } from '../../core/db.js';
import { registerResource } from '../../core/resource.js';
import { recordAudit } from '../audit/audit.service.js';
import type { App } from '../../core/types.js';
import { workplanResource } from './workplan.js';
import { generalOrderResource, getOrder, orderHistory, statusCounts } from './samples.read.js';
import { createOrder, moveSample } from './samples.service.js';
import { clinicalDashboard } from './dashboard.js';
import { completeEntry } from './complete-entry.js';
import { generalOrderReport, toCsv } from './general-report.js';
import { renderLabel } from '../reports/label.js';
import { SYMBOLOGIES, type Symbology } from '../reports/pdf.js';
import { type ReportData, reportData } from '../reports/report-data.js';
import { renderReport } from '../reports/report.js';

const tags = ['samples'];

const ACTIONS: [SampleAction, z.ZodObject][] = [
  ['collect', collectBody],
  ['accept', emptyBody],
  ['reject', rejectSampleBody],
  ['hold', reasonBody],
  ['release', emptyBody],
  ['cancel', emptyBody],
];

export function samplesRoutes(app: App, db: Db): void {
  registerResource(app, db, generalOrderResource);
  registerResource(app, db, workplanResource);
  app.post(
    '/api/general_order/',
    {
      schema: { tags, summary: 'Order tests for a client', headers: idempotencyHeaders, body: generalOrderBody, response: { 201: orderCreated } },
    },
    (request, reply) =>
      idempotentCreate(db, request, reply, 201, async (tx) => {
        const p = principalOf(request);
        const id = await createOrder(tx, p, request.body);
        const order = await getOrder(tx, p, id);
        return {
          id,
          lab_number: order.lab_number,
          status: order.status,
          tests: order.tests.map((t) => ({ id: t.id, test_type: t.test_type, status: t.status })),
        };
      }),
  );
  app.post(
    '/api/general_order/complete_entry/',
    {
      schema: {
        tags,
        summary: 'Retrospective entry of a paper record',
        headers: idempotencyHeaders,
        body: completeEntryBody,
        response: { 201: generalOrderDetail },
      },
    },
    (request, reply) =>
      idempotentCreate(db, request, reply, 201, async (tx) => {
        const p = principalOf(request);
        const id = await completeEntry(tx, p, request.body);
        return getOrder(tx, p, id);
      }),
  );
  // The detail carries the client and each test's current result. Views and exports of patients' data are
  // audited under `general_order_access`, apart from the order's own history (entity `general_order`).
  app.get('/api/general_order/:id/', { schema: { tags, params: idParams, response: { 200: generalOrderDetail } } }, async (request) => {
    const p = principalOf(request);
    const order = await getOrder(db, p, request.params.id);
    await recordAudit(db, p, { action: 'order.view', entity: 'general_order_access', entityId: String(request.params.id) });
    return order as never;
  });
  for (const [action, body] of ACTIONS) {
    app.post(
      `/api/general_order/:id/${action}/`,
      { schema: { tags, summary: `Sample move: ${action}`, params: idParams, body, response: { 200: generalOrderDetail } } },
      async (request) => {
        const p = principalOf(request);
        await moveSample(db, p, request.params.id, action, request.body as never);
        return getOrder(db, p, request.params.id) as never;
      },
    );
  }
  app.get('/api/general_order/:id/history/', { schema: { tags, params: idParams, response: { 200: z.array(historyItem) } } }, (request) =>
    orderHistory(db, principalOf(request), request.params.id),
  );
  app.get('/api/general_order_count/', { schema: { tags, summary: 'Samples and results by status', response: { 200: z.array(statusCount) } } }, (request) =>
    statusCounts(db, principalOf(request)),
  );
  /** A PDF document: binary, described for the OpenAPI document (a Buffer is sent as it is, never serialised). */
  const PDF = z.any().meta({ type: 'string', format: 'binary' });
  const pdfQuery = z.object({ download: z.enum(['0', '1']).optional() });
  const labelQuery = pdfQuery.extend({ symbology: z.enum(SYMBOLOGIES).optional() });
  for (const [kind, querystring, render] of [
    ['report', pdfQuery, (data: ReportData) => renderReport(data)],
    ['label', labelQuery, (data: ReportData, q: { symbology?: Symbology }) => renderLabel(data, q.symbology)],
  ] as const) {
    app.get(
      `/api/general_order/:id/${kind}/`,
      {
        schema: {
          tags,
          summary: `The ${kind} as PDF`,
          params: idParams,
          querystring,
          response: { 200: { description: `The ${kind} (PDF).`, content: { 'application/pdf': { schema: PDF } } } },
        },
      },
      async (request, reply) => {
        const p = principalOf(request);
        const query = request.query as { download?: '0' | '1'; symbology?: Symbology };
        const data = await reportData(db, p, request.params.id);
        const pdf = await render(data, query);
        const download = query.download === '1';
        await recordAudit(db, p, {
          action: kind === 'report' ? (download ? 'report.export' : 'report.view') : 'label.print',
          entity: 'general_order_access',
          entityId: String(request.params.id),
          after: { format: 'pdf', download },
        });
        const name = `${kind}-${data.order.lab_number}.pdf`;
        return reply
          .type('application/pdf')
          .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${name}"`)
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );
  }
  const reportQuery = z.object({
    test_type: idParam.optional(),
    test_order_status: z.coerce.number().int().min(1).max(16).optional(),
    start_date: z.string().optional(),
    end_date: z.string().optional(),
    page: z.coerce.number().int().min(1).max(MAX_ID, ID_RANGE_MESSAGE).optional(),
    page_size: z.coerce.number().int().optional(),
    format: z.enum(['json', 'csv']).optional(),
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
            content: { 'application/json': { schema: generalReportPage }, 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const csv = request.query.format === 'csv';
      const p = principalOf(request);
      const data = await generalOrderReport(db, p, request.query, csv);
      const { format: _format, ...query } = request.query;
      const count = (data as { count?: number }).count ?? (data.rows as unknown[]).length;
      await recordAudit(db, p, {
        action: csv ? 'report.export' : 'report.view',
        entity: 'general_order_report',
        after: { format: csv ? 'csv' : 'json', query, count },
      });
      if (!csv) return data as z.infer<typeof generalReportPage>;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="general-order-report-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(toCsv(data.rows as Record<string, unknown>[]));
    },
  );
  app.get(
    '/api/facility_general_order_dashboard/',
    { schema: { tags: ['dashboards'], summary: "The clinical laboratory's dashboard", response: { 200: clinicalDashboardReply } } },
    (request) => clinicalDashboard(db, principalOf(request)),
  );
}
