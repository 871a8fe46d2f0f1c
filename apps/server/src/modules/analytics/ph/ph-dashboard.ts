import { and, sql, type SQL } from 'drizzle-orm';
import { CANCELLED_STATUS, type PhDashboard, RESULT_STATUS as R, SAMPLE_STATUS as S } from '@nlims/contracts';
import type { Db } from '../../../core/db.js';
import { ValidationError } from '../../../core/errors.js';
import type { Principal } from '../../users/users.service.js';
import { programIn } from '../../samples/forms.js';
import { notifiedSql, notifyFlagSql, phKeyTest, phPositiveSql, phPrograms } from './ph-query.js';
import { rowsOf } from '../../../core/db.js';
import { dashboardPeriod } from '../../../core/period.js';
import { dueTurnaround, dueTurnaroundQuery, type DueTurnaround, percentOf, periodSql, rejectionsByReason } from '../kit/measures.js';
import { facilityOf, ofFacility, periodSamples } from '../kit/scope.js';

export interface PhDashboardQuery {
  start_date?: string;
  end_date?: string;
  program?: string;
}

/** The period when none is asked for: the last 30 days. */
export const PH_DASHBOARD_DEFAULT_DAYS = 30;
/** The longest period (ten years): its weekly series stays a few hundred points. */
const MAX_DAYS = 3660;

const APPROVED = sql.raw(String(R.APPROVAL));
const REVIEWED = sql.raw([R.VERIFIED, R.APPROVAL].join(', '));
const CANCELLED = sql.raw(String(CANCELLED_STATUS));
const REJECTED = sql.raw([S.REJECTED, S.PARTIALLY_REJECTED].join(', '));

/**
 * The public-health dashboard of a facility (SPEC §7
 * `facility_general_program_dashboard/`): over the samples of the
 * public-health programmes registered in the period (default: the last 30
 * days), per disease the samples, tests (a PCR panel once), released results,
 * positives and positivity; positives by the client's LGA of residence; a
 * series by day or week; rejected samples by reason; turnaround from
 * reception to approval against the due time; and the facility's positives
 * of notifiable diseases not yet notified (whatever their date). Each figure
 * is one aggregate query; the super admin's span every facility.
 */
export async function phDashboard(db: Db, p: Principal, q: PhDashboardQuery): Promise<PhDashboard> {
  const names = phPrograms(p, 'read', q.program, 'the public-health dashboard');
  const { start, end } = dashboardPeriod(q, PH_DASHBOARD_DEFAULT_DAYS);
  const days = (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;
  if (days > MAX_DAYS) throw ValidationError.field('start_date', `Choose a period of at most ${MAX_DAYS} days.`);
  // Days up to a fortnight, weeks beyond (the default month is five weeks).
  const periodicity = days <= 14 ? 'daily' : 'weekly';
  const unit = periodicity === 'daily' ? 'day' : 'week';
  const facility = facilityOf(p);
  const cohort = (): SQL => periodSamples('s', facility, programIn(sql.raw('s.program_id'), names), { start, end });
  const testCounts = sql`
    count(t.id) filter (where ${phKeyTest('c')} and t.status <> ${CANCELLED})::int as tests,
    count(r.id) filter (where ${phKeyTest('c')} and r.status = ${APPROVED})::int as released,
    count(r.id) filter (where r.status = ${APPROVED} and ${phPositiveSql('c', 'r')})::int as positive`;
  const tests = sql`
    left join test_orders t on t.sample_id = s.id
    left join test_types c on c.id = t.test_type_id
    left join results r on r.test_order_id = t.id and r.current`;

  const [diseaseReply, lgaReply, seriesReply, reasonsReply, tatReply, notifyReply] = await Promise.all([
    db.execute(sql`
      select pg.name as program, count(distinct s.id)::int as samples, ${testCounts},
             count(distinct s.id) filter (where s.status in (${REJECTED}))::int as rejected_samples
      from samples s join programs pg on pg.id = s.program_id ${tests}
      where ${cohort()}
      group by 1 order by 1`),
    db.execute(sql`
      select l.name as lga, st.name as state, ${testCounts}
      from samples s join orders o on o.id = s.order_id join clients cl on cl.id = o.client_id
      left join lgas l on l.id = cl.lga_id left join states st on st.id = l.state_id ${tests}
      where ${cohort()}
      group by 1, 2 order by positive desc, tests desc, 1 nulls last limit 20`),
    db.execute(sql`
      with periods as (
        select to_char(g, 'YYYY-MM-DD') as period
        from generate_series(date_trunc(${unit}, ${start}::date), ${end}::date, ${`1 ${unit}`}::interval) g
      ), counted as (
        select ${periodSql(unit, sql`s.created_at`)} as period, ${testCounts}
        from samples s ${tests}
        where ${cohort()}
        group by 1
      )
      select periods.period, coalesce(tests, 0)::int as tests, coalesce(released, 0)::int as released, coalesce(positive, 0)::int as positive
      from periods left join counted on counted.period = periods.period order by 1`),
    db.execute(rejectionsByReason(sql`samples s`, { where: cohort(), unnamed: '—' })),
    db.execute(dueTurnaroundQuery(sql`${cohort()} and ${phKeyTest('c')}`, sql`join test_types c on c.id = t.test_type_id`)),
    db.execute(sql`
      select count(distinct s.id)::int as n
      from results r join test_orders t on t.id = r.test_order_id join samples s on s.id = t.sample_id
      where r.current and r.status in (${REVIEWED}) and ${notifyFlagSql('r')}
        and ${and(...ofFacility('r', facility), ...ofFacility('s', facility), programIn(sql.raw('s.program_id'), names))} and not ${notifiedSql('s')}`),
  ]);

  type Counts = { tests: number; released: number; positive: number };
  const byDisease = rowsOf<Counts & { program: string; samples: number; rejected_samples: number }>(diseaseReply);
  const [tat] = rowsOf<DueTurnaround>(tatReply);
  const sum = (key: 'samples' | 'tests' | 'released' | 'positive' | 'rejected_samples') => byDisease.reduce((n, d) => n + d[key], 0);
  const released = sum('released');
  const positive = sum('positive');
  return {
    facility,
    start_date: start,
    end_date: end,
    program: q.program || null,
    periodicity,
    totals: {
      samples: sum('samples'),
      tests: sum('tests'),
      released,
      positive,
      positivity_percent: percentOf(positive, released),
      rejected_samples: sum('rejected_samples'),
      to_notify: rowsOf<{ n: number }>(notifyReply)[0]?.n ?? 0,
    },
    by_disease: byDisease.map((d) => ({ ...d, positivity_percent: percentOf(d.positive, d.released) })),
    by_lga: rowsOf<Counts & { lga: string | null; state: string | null }>(lgaReply).map(({ released: _r, ...row }) => row),
    series: rowsOf<Counts & { period: string }>(seriesReply),
    rejection_reasons: rowsOf<{ reason: string; count: number }>(reasonsReply),
    turnaround: dueTurnaround(tat),
  };
}
