import { globalDashboardReply, type TierQuery, tierDashboardReply, tierQuery } from '@nlims/contracts';
import { principalOf } from '../../../core/auth.js';
import type { Db } from '../../../core/db.js';
import type { App } from '../../../core/types.js';
import { jsonOrFile, sendTable } from '../../../core/export/xlsx.js';
import { recordAudit } from '../../audit/audit.service.js';
import { tierDashboard } from './tier-dashboard.js';
import { globalDashboard } from './tier-global.js';
import { dashboardTable, globalTable } from './tier-export.js';

const tags = ['dashboards'];
const QUERY_TEXT =
  'The SPEC §3 dashboard query: the period (start_date, end_date; default the last 90 days, Africa/Lagos), the area (states, lga, facility: ' +
  'narrowing the caller’s own — the nation for a federal user, their state or LGA, their facility for staff — never widening it: 403), ' +
  'and what is counted (disease, program, test_type, method). Aggregates only, from the daily rows; cases of 1–4 in a cell below state level ' +
  'are null (shown "< 5") for officials. `format=csv|xlsx&table=` downloads one table.';

/** Officials' dashboards (SPEC §2, §7): the priority-diseases landing, a disease's or programme's dashboard, General's. */
export function tierRoutes(app: App, db: Db): void {
  const exported = async (request: { query: TierQuery }, p: ReturnType<typeof principalOf>, entity: string) => {
    await recordAudit(db, p, { action: 'dashboard.export', entity, after: { query: request.query } });
  };

  app.get(
    '/api/global_dashboard/',
    {
      schema: {
        tags,
        summary: 'Priority diseases (every official’s landing)',
        description: `Per priority disease: tests, positives and positivity against the previous period of the same length; per state for the map; the last seven days’ positives by LGA. ${QUERY_TEXT}`,
        querystring: tierQuery,
        response: { 200: jsonOrFile(globalDashboardReply, 'The dashboard, or one table as CSV or XLSX.') },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const data = await globalDashboard(db, p, request.query);
      const format = request.query.format ?? 'json';
      if (format === 'json') return data;
      const table = globalTable(data, request.query.table);
      await exported(request, p, 'global_dashboard');
      return sendTable(reply, format, `priority-diseases-${request.query.table ?? 'tiles'}-${data.end_date}`, table.rows, table.columns);
    },
  );

  for (const [path, program, summary] of [
    ['/api/tier_general_program_dashboard/', null, 'A disease’s or a programme’s dashboard for the caller’s area'],
    ['/api/tier_general_order_dashboard/', 'General', 'The General (clinical) programme’s dashboard for the caller’s area'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary,
          description: `Tests and positivity over time and one level down (states for the nation, LGAs for a state, facilities for an LGA), by test, turnaround by leg, rejections and backlog; for HIV the infants’ PCR positivity and viral-load suppression, for TB rifampicin resistance. ${QUERY_TEXT}`,
          querystring: tierQuery,
          response: { 200: jsonOrFile(tierDashboardReply, 'The dashboard, or one table as CSV or XLSX.') },
        },
      },
      async (request, reply) => {
        const p = principalOf(request);
        const data = await tierDashboard(db, p, request.query, program);
        const format = request.query.format ?? 'json';
        if (format === 'json') return data;
        const table = dashboardTable(data, request.query.table);
        await exported(request, p, path.slice(5, -1));
        const what = data.disease ?? data.program ?? 'tests';
        return sendTable(
          reply,
          format,
          `${what}-${request.query.table ?? 'by_area'}-${data.end_date}`.replace(/[^A-Za-z0-9_-]+/g, '-'),
          table.rows,
          table.columns,
        );
      },
    );
  }
}
