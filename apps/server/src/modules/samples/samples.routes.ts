import { z } from 'zod';
import {
  collectBody,
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
} from '@nlims/contracts';
import { principalOf } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import { registerResource } from '../../core/resource.js';
import type { App } from '../../core/types.js';
import { workplanResource } from './workplan.js';
import { generalOrderResource, getOrder, orderHistory, statusCounts } from './samples.read.js';
import { createOrder, moveSample } from './samples.service.js';
import { clinicalDashboard } from './dashboard.js';
import { completeEntry } from './complete-entry.js';
import { generalOrderReport, toCsv } from './general-report.js';
import { renderLabel } from '../reports/label.js';
import { reportData } from '../reports/report-data.js';
import { renderReport } from '../reports/report.js';

const idParams = z.object({ id: z.coerce.number({ error: 'A valid integer is required.' }).int().positive() });
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
  app.post('/api/general_order/', { schema: { tags, summary: 'Order tests for a client', body: generalOrderBody, response: { 201: orderCreated } } }, async (request, reply) => {
    const id = await createOrder(db, principalOf(request), request.body);
    const order = await getOrder(db, principalOf(request), id);
    return reply.status(201).send({ id, lab_number: order.lab_number, status: order.status, tests: order.tests.map((t) => ({ id: t.id, test_type: t.test_type, status: t.status })) });
  });
  app.post('/api/general_order/complete_entry/', { schema: { tags, summary: 'Retrospective entry of a paper record', body: completeEntryBody, response: { 201: generalOrderDetail } } }, async (request, reply) => {
    const p = principalOf(request);
    const id = await completeEntry(db, p, request.body);
    return reply.status(201).send((await getOrder(db, p, id)) as never);
  });
  // The detail carries the client and each test's current result.
  app.get('/api/general_order/:id/', { schema: { tags, params: idParams, response: { 200: generalOrderDetail } } }, (request) =>
    getOrder(db, principalOf(request), request.params.id) as never,
  );
  for (const [action, body] of ACTIONS) {
    app.post(`/api/general_order/:id/${action}/`, { schema: { tags, summary: `Sample move: ${action}`, params: idParams, body, response: { 200: generalOrderDetail } } }, async (request) => {
      const p = principalOf(request);
      await moveSample(db, p, request.params.id, action, request.body as never);
      return getOrder(db, p, request.params.id) as never;
    });
  }
  app.get('/api/general_order/:id/history/', { schema: { tags, params: idParams, response: { 200: z.array(historyItem) } } }, (request) =>
    orderHistory(db, principalOf(request), request.params.id),
  );
  app.get('/api/general_order_count/', { schema: { tags, summary: 'Samples and results by status', response: { 200: z.array(statusCount) } } }, (request) =>
    statusCounts(db, principalOf(request)),
  );
  const pdfQuery = z.object({ download: z.enum(['0', '1']).optional() });
  for (const [kind, render] of [
    ['report', renderReport],
    ['label', renderLabel],
  ] as const) {
    app.get(`/api/general_order/:id/${kind}/`, { schema: { tags, summary: `The ${kind} as PDF`, params: idParams, querystring: pdfQuery } }, async (request, reply) => {
      const data = await reportData(db, principalOf(request), request.params.id);
      const pdf = await render(data);
      const name = `${kind}-${data.order.lab_number}.pdf`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `${request.query.download === '1' ? 'attachment' : 'inline'}; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    });
  }
  const reportQuery = z.object({
    test_type: z.coerce.number().int().positive().optional(),
    test_order_status: z.coerce.number().int().min(1).max(16).optional(),
    start_date: z.string().optional(),
    end_date: z.string().optional(),
    page: z.coerce.number().int().min(1).optional(),
    page_size: z.coerce.number().int().optional(),
    format: z.enum(['json', 'csv']).optional(),
  });
  app.get('/api/general_order_report/', { schema: { tags: ['reports'], summary: 'General order report (JSON or CSV)', querystring: reportQuery } }, async (request, reply) => {
    const csv = request.query.format === 'csv';
    const data = await generalOrderReport(db, principalOf(request), request.query, csv);
    if (!csv) return data;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="general-order-report-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(toCsv(data.rows as Record<string, unknown>[]));
  });
  app.get('/api/facility_general_order_dashboard/', { schema: { tags: ['dashboards'], summary: "The clinical laboratory's dashboard" } }, (request) =>
    clinicalDashboard(db, principalOf(request)),
  );
}
