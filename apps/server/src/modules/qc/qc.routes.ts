import { qcChartQuery, qcChartReply, qcRulesBody, qcRulesQuery, qcRulesReply, qcRunBody, qcRunReply, qcSummaryQuery, qcSummaryReply } from '@nlims/contracts';
import { requireInAny } from '../../core/access.js';
import { principalOf } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import type { App } from '../../core/types.js';
import { jsonOrFile, sendTable } from '../../core/export/xlsx.js';
import { QC_SUMMARY_COLUMNS, qcChart, qcRules, qcSummary, recordQcRun, setQcRules } from './qc.service.js';

/** Internal quality control: runs of controls entered and judged by the Westgard rules, and each material's chart. */
export function qcRoutes(app: App, db: Db): void {
  app.post(
    '/api/qc_run/',
    {
      // Who may call is decided before the body is read; the run's programmes are checked when it is recorded.
      config: { may: (p) => requireInAny(p, 'qc') },
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
  app.get(
    '/api/qc_summary/',
    {
      schema: {
        tags: ['quality control'],
        summary: "A month's QC per control material: n, mean, SD, CV and the rules fired (JSON, CSV or XLSX)",
        querystring: qcSummaryQuery,
        response: { 200: jsonOrFile(qcSummaryReply, 'The month as JSON, or its rows as a CSV or XLSX download with `format`.') },
      },
    },
    async (request, reply) => {
      const summary = await qcSummary(db, principalOf(request), request.query.month);
      const format = request.query.format ?? 'json';
      if (format === 'json') return summary;
      return sendTable(reply, format, `qc-summary-${summary.month}`, summary.rows, QC_SUMMARY_COLUMNS);
    },
  );
  app.get(
    '/api/qc_rules/',
    {
      schema: {
        tags: ['quality control'],
        summary: "The Westgard rules that judge a test's controls on an instrument here (the facility's, or the defaults)",
        querystring: qcRulesQuery,
        response: { 200: qcRulesReply },
      },
    },
    (request) => qcRules(db, principalOf(request), request.query),
  );
  app.put(
    '/api/qc_rules/',
    {
      config: { may: (p) => requireInAny(p, 'validate') },
      schema: {
        tags: ['quality control'],
        summary: "Set which Westgard rules judge a test's controls on an instrument, and their severity (the programme's supervisors)",
        body: qcRulesBody,
        response: { 200: qcRulesReply },
      },
    },
    (request) => db.transaction((tx) => setQcRules(tx, principalOf(request), request.body)),
  );
}
