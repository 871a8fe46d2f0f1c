import { type SQL, sql } from 'drizzle-orm';
import { type Dhis2Indicator, type Dhis2OwnMeasure, dhis2OwnMeasures, dhis2Programmes, diseaseTestsOf, vlCutoffs } from '@nlims/contracts';
import { rowsOf, type Tx } from '../../core/db.js';
import { bandSql } from '../analytics/vl/vl-dashboard.js';
import { RELEASED } from '../analytics/tier/tier-dashboard.js';

/**
 * The indicators' values for a month, per facility: the dashboards' definitions, counted in the database.
 *
 * The month is the tests whose sample was collected in it (Lagos days; the order's day when not collected) — the
 * day the officials' daily aggregates (`test_daily`, migration 0018) key on, so the counts per programme, test and
 * result class (tests, positives, a programme's own measures, notifiable diseases) are sums over those rows (one
 * grouped read over the facility-and-day index). A measure by band needs the result or the client and is read from
 * each test's facts (`test_facts`) in one more statement: the viral-load reporting band of each released result
 * (the facility dashboard's `bandSql`, by VL_BANDS) or the client's age band at collection (contracts' `eidAgeBand`).
 */

const RELEASED_CLASSES = new Set(['positive', 'negative', 'invalid', 'undetectable', 'suppressed', 'unsuppressed', 'value']);
/** The age band at collection, as contracts' `eidAgeBand` and the EID dashboard count it. */
const EID_AGE_BAND = sql.raw(`case when c.date_of_birth is null then 'unknown'
  when x.day <= c.date_of_birth + interval '2 months' then 'le_2m'
  when x.day <= c.date_of_birth + interval '12 months' then '2_12m'
  else 'gt_12m' end`);

export type FacilityValues = Map<number, Map<string, number>>;

interface DailyRow {
  facility_id: number;
  program: string;
  code: string;
  result_class: string;
  n: number;
}

/** Each facility's non-zero values of the indicators, for the month `[start, next)` (YYYY-MM-DD). */
export async function indicatorValues(
  db: Tx,
  indicators: readonly Dhis2Indicator[],
  facilities: readonly number[],
  month: { start: string; next: string },
): Promise<FacilityValues> {
  const values: FacilityValues = new Map();
  if (!facilities.length) return values;
  const ids = sql`array[${sql.join(
    facilities.map((f) => sql`${f}`),
    sql`, `,
  )}]::int[]`;
  const own = dhis2OwnMeasures();
  const byBand = own.filter((m) => m.by);
  const [daily, detail] = await Promise.all([
    db.execute(sql`
      select d.facility_id, p.name as program, t.code, d.result_class, sum(d.tests)::int as n
      from test_daily d
      join programs p on p.id = d.program_id
      join test_types t on t.id = d.test_type_id
      where d.facility_id = any(${ids}) and d.day >= ${month.start}::date and d.day < ${month.next}::date
        and d.result_class in ${RELEASED}
      group by d.facility_id, p.name, t.code, d.result_class`),
    byBand.length
      ? db.execute(sql`
      with x as (
        select f.test_order_id, f.facility_id, f.test_type_id, f.result_class, f.day
        from test_facts f
        where f.facility_id = any(${ids}) and f.day >= ${month.start}::date and f.day < ${month.next}::date
          and f.result_class in ${RELEASED}
          and f.test_type_id in (select id from test_types where code in (${list(byBand.flatMap((m) => m.tests))}))
      )
      ${sql.join(byBand.map(bandCount), sql` union all `)}`)
      : null,
  ]);

  const add = (facility: number, key: string, n: number) => {
    if (!n) return;
    let m = values.get(facility);
    if (!m) {
      m = new Map();
      values.set(facility, m);
    }
    m.set(key, (m.get(key) ?? 0) + n);
  };
  const wanted = new Set(indicators.map((i) => i.key));
  const programmes = dhis2Programmes();
  const codeOf = new Map<string, string>(programmes.map(({ code, programme }) => [programme, code.toLowerCase()]));
  const notCases = new Set(programmes.flatMap((p) => p.notCases));
  const whole = own.filter((m) => !m.by);
  const notifiable = indicators.filter((i) => i.measure === 'notifiable_positives' && i.disease);

  for (const r of rowsOf<DailyRow>(daily)) {
    if (!RELEASED_CLASSES.has(r.result_class)) continue;
    const code = codeOf.get(r.program);
    const positive = r.result_class === 'positive';
    if (code) {
      add(r.facility_id, `tests_${code}`, r.n);
      // Members a definition says are not cases (TB's rifampicin ones say resistance, on a test that found TB already).
      if (positive && !notCases.has(r.code)) add(r.facility_id, `positives_${code}`, r.n);
    }
    for (const m of whole) if (m.tests.includes(r.code) && (!m.classes || m.classes.includes(r.result_class))) add(r.facility_id, m.measure, r.n);
    if (positive) for (const i of notifiable) if (diseaseTestsOf(i.disease!).positive[r.code]) add(r.facility_id, i.key, r.n);
  }
  if (detail) for (const r of rowsOf<{ facility_id: number; key: string; n: number }>(detail)) add(r.facility_id, r.key, r.n);

  // Only the indicators asked for (a band that the cut-offs in force do not have is not one).
  for (const m of values.values()) for (const key of [...m.keys()]) if (!wanted.has(key)) m.delete(key);
  return values;
}

const list = (values: readonly string[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** One measure by band over the facts `x`: `<measure>_<band>` and its count per facility. */
function bandCount(m: Dhis2OwnMeasure): SQL {
  const tests = sql`x.test_type_id in (select id from test_types where code in (${list(m.tests)}))`;
  const classes = m.classes ? sql` and x.result_class in (${list(m.classes)})` : sql``;
  const key = `${m.measure}_`;
  if (m.by === 'vl_band')
    return sql`(select x.facility_id, ${key}::text || (${bandSql(vlCutoffs())}) as key, count(*)::int as n
      from x join results r on r.test_order_id = x.test_order_id and r.current and r.status = 7
      where ${tests}${classes}
      group by 1, 2)`;
  return sql`(select x.facility_id, ${key}::text || ${EID_AGE_BAND} as key, count(*)::int as n
      from x join test_orders t on t.id = x.test_order_id join samples s on s.id = t.sample_id
      join orders o on o.id = s.order_id join clients c on c.id = o.client_id
      where ${tests}${classes}
      group by 1, 2)`;
}
