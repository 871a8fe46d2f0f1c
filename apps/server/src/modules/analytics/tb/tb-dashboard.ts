import { and, sql, type SQL } from 'drizzle-orm';
import {
  CANCELLED_STATUS,
  mtbDetected,
  RESULT_STATUS as R,
  SAMPLE_STATUS as S,
  TB_DASHBOARD_DEFAULT_DAYS,
  type TbDashboard,
  type TbPeriodicity,
  tbResultLabel,
} from '@nlims/contracts';
import type { Db } from '../../../core/db.js';
import { ValidationError } from '../../../core/errors.js';
import { programIn } from '../../samples/forms.js';
import { rowsOf } from '../../../core/db.js';
import { dashboardPeriod } from '../../../core/period.js';
import { countsByStatus, dueTurnaround, dueTurnaroundQuery, type DueTurnaround, percentOf, periodSql, periodStarts, type SeriesUnit } from '../kit/measures.js';
import { facilityOf, ofFacility, periodSamples } from '../kit/scope.js';
import { checkProgram, keyTest, andOfTestType, tbPrograms } from './tb-query.js';
import type { Principal } from '../../users/users.service.js';

export interface TbDashboardQuery {
  test_type?: number;
  start_date?: string;
  end_date?: string;
  program?: string;
  periodicity?: TbPeriodicity;
}

// Literals, not parameters, so the planner can use the partial indexes (migrations 0008, 0009).
const APPROVED = sql.raw(String(R.APPROVAL));
const REJECTED = sql.raw(String(S.REJECTED));
const CANCELLED = sql.raw(String(CANCELLED_STATUS));
const FINAL = sql.raw([R.APPROVAL, S.REJECTED, CANCELLED_STATUS].join(', '));
const UNIT: Record<TbPeriodicity, SeriesUnit> = { daily: 'day', weekly: 'week', monthly: 'month', quarterly: 'quarter', yearly: 'year' };

/** The most periods a series has. */
const MAX_PERIODS = 2000;

/** The series' step when none is asked for: days up to two months, weeks up to a year, months up to ten years, years beyond. */
function defaultPeriodicity(start: string, end: string): TbPeriodicity {
  const days = (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;
  return days <= 62 ? 'daily' : days <= 366 ? 'weekly' : days <= 3653 ? 'monthly' : 'yearly';
}

/**
 * The Tuberculosis dashboard of a facility (SPEC §7 `facility_tb_dashboard/`):
 * over the samples registered in the period (default: the last 30 days), the
 * TB tests by test type and key-member result, MTB positivity, the requests
 * with rifampicin resistance (RR-TB/MDR-TB), turnaround from reception to
 * approval against the due time, and a series by period; and the open tests
 * by status now. The super admin's figures span every facility. Each figure
 * is one aggregate query over indexed columns; positivity reads the grouped
 * values with `mtbDetected` (contracts), so the rule lives in one place.
 */
export async function tbDashboard(db: Db, p: Principal, q: TbDashboardQuery): Promise<TbDashboard> {
  const names = tbPrograms(p, 'the Tuberculosis dashboard');
  await checkProgram(db, q.program);
  const { start, end } = dashboardPeriod(q, TB_DASHBOARD_DEFAULT_DAYS);
  const periodicity = q.periodicity ?? defaultPeriodicity(start, end);
  const unit = UNIT[periodicity];
  // One period past the most, to tell a series too long.
  const periods = periodStarts(start, end, unit, MAX_PERIODS + 1);
  if (periods.length > MAX_PERIODS)
    throw ValidationError.field('periodicity', `The series would have more than ${MAX_PERIODS} periods; choose a longer periodicity or a shorter period.`);
  const facility = facilityOf(p);
  const period = periodSql(unit, sql`s.created_at`);
  /** The samples of the period: the facility's, of Tuberculosis, registered between the days. */
  const cohort = (): SQL => periodSamples('s', facility, programIn(sql.raw('s.program_id'), names), { start, end });

  // Five aggregates over the period's samples, sent together (a server database runs them at once).
  const [groupedReply, byPeriodReply, rrReply, tatReply, backlogReply] = await Promise.all([
    db.execute(
      sql`
        select ${period} as period, pt.id as test_type, pt.code, pt.name, c.code as member,
               case when r.status = ${APPROVED} then coalesce(r.value_text, r.value_numeric::text) end as value,
               count(*)::int as tests,
               count(*) filter (where t.status = ${REJECTED})::int as rejected,
               count(*) filter (where r.status = ${APPROVED})::int as released
        from samples s
        join test_orders t on t.sample_id = s.id
        join test_types c on c.id = t.test_type_id
        join test_types pt on pt.id = coalesce(c.panel_id, c.id)
        left join results r on r.test_order_id = t.id and r.current
        where ${cohort()} and t.status <> ${CANCELLED} and ${keyTest('c')} ${andOfTestType('c', q.test_type)}
        group by 1, 2, 3, 4, 5, 6
        order by pt.name, 6`,
    ),
    db.execute(
      sql`
        select ${period} as period, count(*)::int as samples
        from samples s
        where ${cohort()} ${
          q.test_type === undefined
            ? sql``
            : sql`and exists (select 1 from test_orders t join test_types c on c.id = t.test_type_id where t.sample_id = s.id ${andOfTestType('c', q.test_type)})`
        }
        group by 1`,
    ),
    db.execute(
      sql`
        select count(distinct s.order_id)::int as count,
               count(distinct s.order_id) filter (where r.flag = 'MDR-TB')::int as mdr_tb,
               count(*)::int as results
        from results r
        join test_orders t on t.id = r.test_order_id
        join samples s on s.id = t.sample_id
        join test_types c on c.id = t.test_type_id
        where r.current and r.status = ${APPROVED} and (r.flag in ('RR-TB', 'MDR-TB') or r.value_text = 'RIF RESISTANCE DETECTED')
          and ${cohort()} ${andOfTestType('c', q.test_type)}`,
    ),
    db.execute(dueTurnaroundQuery(sql`${cohort()} and ${keyTest('c')} ${andOfTestType('c', q.test_type)}`, sql`join test_types c on c.id = t.test_type_id`)),
    db.execute(
      countsByStatus(
        sql`t.status`,
        'test_order_status',
        sql`test_orders t join test_types c on c.id = t.test_type_id`,
        sql`${and(...ofFacility('t', facility), programIn(sql.raw('t.program_id'), names))} and t.status not in (${FINAL}) and ${keyTest('c')}
          ${andOfTestType('c', q.test_type)}`,
      ),
    ),
  ]);
  const grouped = rowsOf<{
    period: string;
    test_type: number;
    code: string;
    name: string;
    member: string;
    value: string | null;
    tests: number;
    rejected: number;
    released: number;
  }>(groupedReply);
  const samplesByPeriod = rowsOf<{ period: string; samples: number }>(byPeriodReply);
  const [rr] = rowsOf<{ count: number; mdr_tb: number; results: number }>(rrReply);
  const [tat] = rowsOf<DueTurnaround>(tatReply);
  const backlog = rowsOf<{ test_order_status: number; count: number }>(backlogReply);

  // Test types, their values and the series, from the grouped rows.
  const byType = new Map<number, TbDashboard['by_test_type'][number]>();
  const series = new Map(periods.map((d) => [d, { period: d, samples: 0, tests: 0, released: 0, mtb_detected: 0 }]));
  const totals = { samples: 0, tests: 0, rejected: 0, released: 0, mtb_detected: 0 };
  for (const row of samplesByPeriod) {
    totals.samples += row.samples;
    const s = series.get(row.period);
    if (s) s.samples += row.samples;
  }
  for (const row of grouped) {
    const type = byType.get(row.test_type) ?? {
      test_type: row.test_type,
      code: row.code,
      name: row.name,
      tests: 0,
      rejected: 0,
      released: 0,
      mtb_detected: 0,
      positivity_percent: null,
      results: [],
    };
    byType.set(row.test_type, type);
    const found = row.value != null && mtbDetected(row.member, row.value) ? row.released : 0;
    type.tests += row.tests;
    type.rejected += row.rejected;
    type.released += row.released;
    type.mtb_detected += found;
    if (row.value != null) {
      const same = type.results.find((v) => v.value === row.value);
      if (same) same.count += row.released;
      else type.results.push({ value: row.value, label: tbResultLabel(row.member, row.value), count: row.released, mtb_detected: found > 0 });
    }
    totals.tests += row.tests;
    totals.rejected += row.rejected;
    totals.released += row.released;
    totals.mtb_detected += found;
    const s = series.get(row.period);
    if (s) {
      s.tests += row.tests;
      s.released += row.released;
      s.mtb_detected += found;
    }
  }
  for (const type of byType.values()) {
    type.positivity_percent = percentOf(type.mtb_detected, type.released);
    type.results.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  }

  return {
    facility,
    start_date: start,
    end_date: end,
    periodicity,
    totals: { ...totals, positivity_percent: percentOf(totals.mtb_detected, totals.released) },
    by_test_type: [...byType.values()],
    rr_tb: rr ?? { count: 0, mdr_tb: 0, results: 0 },
    turnaround: dueTurnaround(tat),
    backlog,
    series: [...series.values()],
  };
}
