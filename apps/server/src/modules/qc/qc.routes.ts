import { qcChartQuery, qcChartReply, qcRunBody, qcRunReply } from '@nlims/contracts';
import { principalOf } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import type { App } from '../../core/types.js';
import { qcChart, recordQcRun } from './qc.service.js';

/** Internal quality control: runs of controls entered and judged by the Westgard rules, and each material's chart. */
export function qcRoutes(app: App, db: Db): void {
  app.post(
    '/api/qc_run/',
    {
      schema: {
        tags: ['quality control'],
        summary: 'Record a run of controls; the Westgard rules judge it',
        body: qcRunBody,
        response: { 201: qcRunReply },
      },
    },
    async (request, reply) => reply.code(201).send(await db.transaction((tx) => recordQcRun(tx, principalOf(request), request.body))),
  );
  app.get(
    '/api/qc_result/',
    {
      schema: {
        tags: ['quality control'],
        summary: "A control material's results over the last days, for its Levey–Jennings chart",
        querystring: qcChartQuery,
        response: { 200: qcChartReply },
      },
    },
    (request) => qcChart(db, principalOf(request), request.query),
  );
}
