import {
  DEFAULT_PAGE_SIZE,
  type FamilyDefinition,
  PAGE_SIZES,
  programsOfReport,
  SUPPRESSED_LABEL,
  type TierReportPage,
  type TierReportRow,
} from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { rowsOf, type Db } from '../../../core/db.js';
import { ValidationError } from '../../../core/errors.js';
import { sendTable } from '../../../core/export/xlsx.js';
import { recordAudit } from '../../audit/audit.service.js';
import type { Principal } from '../../users/users.service.js';
import { scopeOf } from './area.js';
import { RELEASED, shown } from './tier-dashboard.js';
import { periodOf } from './tier-period.js';
import { lagosToday } from '../../../core/period.js';

/**
 * The reports (`tb_report/`, `general_order_report/`, `general_program_report/`)
 * as an official reads them: per facility of their area and per test, the
 * tests requested, released, positive, rejected and still in the laboratory —
 * aggregates from the daily rows, never a patient. `reporting_state` and
 * `reporting_lga` narrow the area; `test_order_status` keeps released (7),
 * rejected (4) or the tests still in the laboratory (any other status).
 */

export interface TierReportQuery {
  program?: string;
  test_type?: number;
  test_order_status?: number;
  start_date?: string;
  end_date?: string;
  reporting_state?: number;
  reporting_lga?: number;
  page?: number;
  page_size?: number;
  format?: 'json' | 'csv' | 'xlsx';
}

/** An official (user_location 1–4) or the super admin: they read aggregates only, never a patient's line. */
export const isOfficial = (p: Principal): boolean => p.isSuperuser || (p.userLocation != null && p.userLocation >= 1 && p.userLocation <= 4);

export const TIER_REPORT_COLUMNS = [
  'state',
  'lga',
  'facility',
  'facility_code',
  'program',
  'test_type',
  'requested',
  'released',
  'positives',
  'rejected',
  'backlog',
] as const satisfies readonly (keyof TierReportRow)[];

function classesOf(status: number | undefined) {
  if (status == null) return sql`d.result_class <> 'cancelled'`;
  if (status === 7) return sql`d.result_class in ${RELEASED}`;
  if (status === 4) return sql`d.result_class = 'rejected'`;
  if (status === 16) return sql`d.result_class = 'cancelled'`;
  return sql`d.result_class = 'pending'`;
}

export async function tierReport(db: Db, p: Principal, q: TierReportQuery, among: readonly string[], all: boolean): Promise<TierReportPage | TierReportRow[]> {
  if (q.program && !among.includes(q.program)) throw ValidationError.field('program', `Choose one of: ${among.join(', ')}.`);
  const programs = q.program ? [q.program] : among;
  const scope = await scopeOf(db, p, { states: q.reporting_state, lga: q.reporting_lga });
  const period = periodOf(q);
  const size = q.page_size ?? DEFAULT_PAGE_SIZE;
  if (!all && !(PAGE_SIZES as readonly number[]).includes(size)) throw ValidationError.field('page_size', `page_size must be one of ${PAGE_SIZES.join(', ')}.`);
  const page = q.page ?? 1;
  const where = sql.join(
    [
      sql`d.day between ${period.start}::date and ${period.end}::date`,
      sql`d.program_id in (select id from programs where name in (${sql.join(
        programs.map((n) => sql`${n}`),
        sql`, `,
      )}))`,
      classesOf(q.test_order_status),
      ...scope.where,
      ...(q.test_type ? [sql`d.test_type_id = ${q.test_type}`] : []),
    ],
    sql` and `,
  );
  type Row = Omit<TierReportRow, 'positives'> & { positives: number; total: number };
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with g as (
        select d.facility_id, d.program_id, d.test_type_id,
               sum(d.tests) filter (where d.result_class <> 'cancelled')::int as requested,
               coalesce(sum(d.tests) filter (where d.result_class in ${RELEASED}), 0)::int as released,
               coalesce(sum(d.tests) filter (where d.result_class = 'positive'), 0)::int as positives,
               coalesce(sum(d.tests) filter (where d.result_class = 'rejected'), 0)::int as rejected,
               coalesce(sum(d.tests) filter (where d.result_class = 'pending'), 0)::int as backlog
        from test_daily d join facilities f on f.id = d.facility_id
        where ${where}
        group by 1, 2, 3 having sum(d.tests) <> 0)
      select coalesce(s.name, '') as state, coalesce(l.name, '') as lga, f.facility_name as facility, f.facility_code, pr.name as program,
             t.name as test_type, coalesce(g.requested, 0) as requested, g.released, g.positives, g.rejected, g.backlog, count(*) over ()::int as total
      from g join facilities f on f.id = g.facility_id join programs pr on pr.id = g.program_id join test_types t on t.id = g.test_type_id
      left join states s on s.id = f.state_id left join lgas l on l.id = f.lga_id
      order by 1, 2, 3, 5, 6
      ${all ? sql`limit 100000` : sql`limit ${size} offset ${(page - 1) * size}`}`),
  );
  // A facility is below state level: its cases of 1–4 are suppressed for officials.
  const out = rows.map(({ total: _total, positives, ...r }) => ({ ...r, positives: shown(positives, scope.suppress) }));
  if (all) return out;
  const count = rows[0]?.total ?? (page > 1 ? await countOf(db, where) : 0);
  if (page > 1 && !rows.length && count > 0) throw ValidationError.field('page', 'Invalid page.');
  return { count, next: page * size < count ? `?page=${page + 1}` : null, previous: page > 1 ? `?page=${page - 1}` : null, aggregate: true, results: out };
}

async function countOf(db: Db, where: ReturnType<typeof sql>): Promise<number> {
  const [r] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (select 1 from test_daily d join facilities f on f.id = d.facility_id where ${where}
                         group by d.facility_id, d.program_id, d.test_type_id having sum(d.tests) <> 0) x`),
  );
  return r?.n ?? 0;
}

/** The report paths officials read. */
export type ReportPath = FamilyDefinition['report'];

/** An official's report: the aggregate page, or every row as CSV or XLSX; the view or export audited. */
export async function officialReport(db: Db, p: Principal, path: ReportPath, q: TierReportQuery, reply: FastifyReply): Promise<TierReportPage | FastifyReply> {
  const format = q.format ?? 'json';
  const data = await tierReport(db, p, q, programsOfReport(path), format !== 'json');
  const { format: _format, ...query } = q;
  const count = Array.isArray(data) ? data.length : data.count;
  await recordAudit(db, p, { action: format === 'json' ? 'report.view' : 'report.export', entity: path, after: { format, query, count, aggregate: true } });
  if (!Array.isArray(data)) return data;
  const rows = data.map((r) => ({ ...r, positives: r.positives ?? SUPPRESSED_LABEL }));
  return sendTable(reply, format as 'csv' | 'xlsx', `${path.replace(/_/g, '-')}-${lagosToday()}`, rows, TIER_REPORT_COLUMNS);
}
