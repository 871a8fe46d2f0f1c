import {
  diseaseTestsOf,
  type GlobalDashboard,
  type Hidden,
  HIV_EID_TEST,
  HIV_VL_TEST,
  PRIORITY_DISEASES,
  type PriorityDisease,
  positivityTrend,
  qualitativeTestCodes,
  RR_TB_TESTS,
  SMALL_NUMBER_LIMIT,
  shownCount,
  type TierDashboard,
  type TierQuery,
} from '@nlims/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../core/db.js';
import { forbidden, ValidationError } from '../../../core/errors.js';
import { addDays } from '../../../core/period.js';
import { meanDays as days, meanMinutes as minutes, percentOf as percent } from '../kit/measures.js';
import type { Principal } from '../../users/principal.js';
import { levelBelow, type Scope, scopeOf } from './area.js';
import { areaKey, type FacilityCases, protectAreas, protectGroup } from './protect.js';
import { defaultPeriodicity, periodOf, periodsOf, TRUNC } from './tier-period.js';

// The series' periods, read with the dashboard.
export { periodsOf };

/**
 * The tier dashboards (SPEC §2, §3), read from `test_daily` (migration 0018)
 * only: a disease's tests and positivity, by area and over time, turnaround by
 * leg, rejections and backlog; the priority-diseases landing. Counts of cases
 * of 1–4 in a cell below state level come back as null ("< 5") for officials,
 * and the cells that would give them back as "withheld" (protect.ts).
 */

const ids = (xs: readonly number[]) => sql`array[${sql.join(xs.length ? xs.map((x) => sql`${x}`) : [sql`0`], sql`, `)}]::int[]`;

/** Released classes: every class a test can have once its result is approved. */
export const RELEASED = sql`('positive', 'negative', 'invalid', 'undetectable', 'suppressed', 'unsuppressed', 'value')`;

/** The catalogue ids of these codes. */
async function testIdsOf(db: Db, codes: readonly string[]): Promise<Map<string, number>> {
  if (!codes.length) return new Map();
  const rows = rowsOf<{ id: number; code: string }>(
    await db.execute(
      sql`select id, code from test_types where code in (${sql.join(
        codes.map((c) => sql`${c}`),
        sql`, `,
      )})`,
    ),
  );
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** A count of cases as the caller may see it: 1–4 suppressed in a cell below state level. */
export const shown = (n: number, suppressed: boolean): number | null => (suppressed && n > 0 && n <= SMALL_NUMBER_LIMIT ? null : n);

interface Figures {
  tests: number;
  positives: number;
  negatives: number;
  invalid: number;
}
/** A row's figures; hidden cases take the negatives and the positivity with them (the tests beside would give them back). */
const figuresOut = (f: Figures, hidden: Hidden) => ({
  tests: f.tests,
  with_reading: f.positives + f.negatives,
  positives: shownCount(f.positives, hidden),
  negatives: hidden ? ('withheld' as const) : f.negatives,
  invalid: f.invalid,
  positivity_percent: hidden ? null : percent(f.positives, f.positives + f.negatives),
});
const primary = (n: number, suppressed: boolean): Hidden => (suppressed && n > 0 && n <= SMALL_NUMBER_LIMIT ? 'small' : null);
const stronger = (a: Hidden | undefined, b: Hidden | undefined): Hidden => (a === 'small' || b === 'small' ? 'small' : (a ?? b ?? null));

/**
 * The cases of every facility of the nation, counted as the page counts them (its area aside): the leaves of the
 * tree of areas; `key`, when given, splits them (a disease and a period).
 */
async function facilityCases(db: Db, from: SQL, where: SQL, positives: SQL, key?: SQL): Promise<(FacilityCases & { key: string })[]> {
  return rowsOf<FacilityCases & { key: string }>(
    await db.execute(sql`select f.state_id as state, f.lga_id as lga, f.id as facility, ${positives} as positives, ${key ?? sql`''`} as key
      from ${from} join facilities f on f.id = d.facility_id where ${where}
      group by 1, 2, 3${key ? sql`, 5` : sql``}`),
  );
}

/** What is counted: the disease's tests (denominator) and the tests whose positive class is a case (numerator). */
interface Counted {
  tested: number[];
  positive: number[];
  /** The tests with a qualitative reading (contracts' qualitativeTestCodes): only they have positives and negatives. */
  qualitative: number[];
  /** Every test type read (the index's leading column); null: the programme's, by program_id. */
  all: number[] | null;
  programId: number | null;
}

async function programIdOf(db: Db, name: string): Promise<number> {
  const [row] = rowsOf<{ id: number }>(await db.execute(sql`select id from programs where name = ${name}`));
  if (!row) throw ValidationError.field('program', `No programme named ${name}.`);
  return row.id;
}

async function countedOf(db: Db, q: TierQuery, fixedProgram: string | null): Promise<Counted> {
  const qualitative = [...(await testIdsOf(db, qualitativeTestCodes())).values()];
  if (q.disease && !fixedProgram) {
    const d = diseaseTestsOf(q.disease);
    const byCode = await testIdsOf(db, [...d.tested, ...Object.keys(d.positive)]);
    const tested = d.tested.map((c) => byCode.get(c)).filter((x): x is number => x != null);
    const positive = Object.keys(d.positive)
      .map((c) => byCode.get(c))
      .filter((x): x is number => x != null);
    let all = [...new Set([...tested, ...positive])];
    if (q.test_type) {
      if (!all.includes(q.test_type)) throw ValidationError.field('test_type', 'This test does not count for the disease.');
      all = [q.test_type];
    }
    return { tested: tested.filter((t) => all.includes(t)), positive: positive.filter((t) => all.includes(t)), qualitative, all, programId: null };
  }
  const programId = fixedProgram ? await programIdOf(db, fixedProgram) : q.program ? await programIdOf(db, q.program) : null;
  if (q.test_type) {
    const [row] = rowsOf<{ id: number; program_id: number }>(await db.execute(sql`select id, program_id from test_types where id = ${q.test_type}`));
    if (!row || (programId != null && row.program_id !== programId)) throw ValidationError.field('test_type', 'No such test in this programme.');
    return { tested: [row.id], positive: [row.id], qualitative, all: [row.id], programId };
  }
  if (programId == null) throw ValidationError.field('disease', 'Choose a disease or a programme.');
  return { tested: [], positive: [], qualitative, all: null, programId };
}

/** The conditions every dashboard query shares: the tests counted, the period, the area, the programmes and the method. */
function conditions(c: Counted, s: Scope, start: string, end: string, method: number | undefined): SQL {
  const parts: SQL[] = [sql`d.day between ${start}::date and ${end}::date`, ...s.where];
  if (c.all) parts.push(sql`d.test_type_id = any(${ids(c.all)})`);
  if (c.programId != null) parts.push(sql`d.program_id = ${c.programId}`);
  if (s.programIds) parts.push(sql`d.program_id = any(${ids(s.programIds)})`);
  if (method) parts.push(sql`d.method_id = ${method}`);
  return sql.join(parts, sql` and `);
}

/** A test with a qualitative reading. */
const readsOf = (c: Counted) => sql`d.test_type_id = any(${ids(c.qualitative)})`;
/** A test whose positive class is a case: the disease's, or any qualitative test of a programme. */
const positiveOf = (c: Counted) => (c.all ? sql`d.test_type_id = any(${ids(c.positive)}) and ${readsOf(c)}` : readsOf(c));

/** Sums of one group: `tested`/`positive` null means every test read counts. */
function sums(c: Counted): SQL {
  const isTested = c.all ? sql`d.test_type_id = any(${ids(c.tested)})` : sql`true`;
  const isPositive = positiveOf(c);
  const reads = readsOf(c);
  return sql`
    coalesce(sum(d.tests) filter (where ${isTested} and d.result_class in ${RELEASED}), 0)::int as tests,
    coalesce(sum(d.tests) filter (where ${isPositive} and d.result_class = 'positive'), 0)::int as positives,
    coalesce(sum(d.tests) filter (where ${isTested} and ${reads} and d.result_class = 'negative'), 0)::int as negatives,
    coalesce(sum(d.tests) filter (where ${isTested} and d.result_class = 'invalid'), 0)::int as invalid,
    coalesce(sum(d.tests) filter (where ${isTested} and d.result_class <> 'cancelled'), 0)::int as requested,
    coalesce(sum(d.tests) filter (where ${isTested} and d.result_class = 'rejected'), 0)::int as rejected,
    coalesce(sum(d.tests) filter (where ${isTested} and d.result_class = 'pending'), 0)::int as backlog,
    coalesce(sum(d.tests) filter (where d.result_class in ${RELEASED}), 0)::int as own_tests,
    coalesce(sum(d.tests) filter (where ${reads} and d.result_class = 'positive'), 0)::int as own_positives,
    coalesce(sum(d.tests) filter (where ${reads} and d.result_class = 'negative'), 0)::int as own_negatives,
    coalesce(sum(d.tests) filter (where d.result_class = 'invalid'), 0)::int as own_invalid,
    coalesce(sum(d.tests) filter (where d.result_class <> 'cancelled'), 0)::int as own_requested,
    coalesce(sum(d.tests) filter (where d.result_class = 'rejected'), 0)::int as own_rejected,
    coalesce(sum(d.tests) filter (where d.result_class = 'pending'), 0)::int as own_backlog,
    coalesce(sum(d.collect_receive_n) filter (where ${isTested}), 0)::int as cr_n,
    coalesce(sum(d.collect_receive_s) filter (where ${isTested}), 0)::float8 as cr_s,
    coalesce(sum(d.receive_release_n) filter (where ${isTested}), 0)::int as rr_n,
    coalesce(sum(d.receive_release_s) filter (where ${isTested}), 0)::float8 as rr_s,
    coalesce(sum(d.collect_release_n) filter (where ${isTested}), 0)::int as cl_n,
    coalesce(sum(d.collect_release_s) filter (where ${isTested}), 0)::float8 as cl_s`;
}

interface SumRow extends Figures {
  /** A test's own figures, whether or not it counts for the disease (the by-test rows). */
  own_tests: number;
  own_positives: number;
  own_negatives: number;
  own_invalid: number;
  own_requested: number;
  own_rejected: number;
  own_backlog: number;
  requested: number;
  rejected: number;
  backlog: number;
  cr_n: number;
  cr_s: number;
  rr_n: number;
  rr_s: number;
  cl_n: number;
  cl_s: number;
}

const AREA_OF = { state: sql`f.state_id`, lga: sql`f.lga_id`, facility: sql`f.id` } as const;
const AREA_NAME = {
  state: sql`(select name from states where id = f.state_id)`,
  lga: sql`(select name from lgas where id = f.lga_id)`,
  facility: sql`f.facility_name`,
} as const;

/**
 * A disease's or a programme's dashboard for the caller's area: one pass over the daily rows with grouping
 * sets — totals, series, by area one level down, by test — then, for HIV and TB, their own figures.
 */
export async function tierDashboard(db: Db, p: Principal, q: TierQuery, fixedProgram: string | null = null): Promise<TierDashboard> {
  const scope = await scopeOf(db, p, q);
  const period = periodOf(q);
  const periodicity = q.periodicity ?? defaultPeriodicity(period.length);
  const counted = await countedOf(db, q, fixedProgram);
  if (scope.programIds && counted.programId != null && !scope.programIds.includes(counted.programId))
    throw forbidden('Your role may not view this programme’s figures.');
  const below = levelBelow(scope.area.level);
  const where = conditions(counted, scope, period.start, period.end, q.method);
  type Row = SumRow & { g: number; period: string | null; area: number | null; area_name: string | null; test: number | null };
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select grouping(${TRUNC[periodicity]}, ${AREA_OF[below]}, d.test_type_id)::int as g,
             to_char(${TRUNC[periodicity]}, 'YYYY-MM-DD') as period,
             ${AREA_OF[below]} as area, min(${AREA_NAME[below]}) as area_name, d.test_type_id as test,
             ${sums(counted)}
      from test_daily d join facilities f on f.id = d.facility_id
      where ${where}
      group by grouping sets ((), (${TRUNC[periodicity]}), (${AREA_OF[below]}), (d.test_type_id))`),
  );
  // grouping(): bit 2 period, bit 1 area, bit 0 test; a set's own column is 0.
  const total = rows.find((r) => r.g === 7) ?? emptySums();
  const totalSuppressed = scope.suppress && (scope.area.level === 'lga' || scope.area.level === 'facility');
  const areaSuppressed = scope.suppress && below !== 'state';
  // The nation's tree of areas decides the total and the rows below it, the same on every page.
  const isPositive = positiveOf(counted);
  const tree = scope.suppress
    ? protectAreas(
        await facilityCases(
          db,
          sql`test_daily d`,
          conditions(counted, { ...scope, where: [] }, period.start, period.end, q.method),
          sql`coalesce(sum(d.tests) filter (where ${isPositive} and d.result_class = 'positive'), 0)::int`,
        ),
        true,
      )
    : new Map<string, Hidden>();
  const seriesRows = periodsOf(period.start, period.end, periodicity).map((start) => ({
    start,
    r: rows.find((x) => x.g === 3 && x.period === start) ?? emptySums(),
  }));
  const testRows = rows.filter((r) => r.g === 6 && r.test != null);
  let totalHidden = stronger(tree.get(areaKey(scope.area.level, scope.area.id)), primary(total.positives, totalSuppressed));
  // An area hidden by the tree (a state whose cases all lie in one LGA) splits like the area below it: its periods
  // and tests are that LGA's, and small ones are suppressed as they are on the LGA's page.
  const breakdownSuppressed = totalSuppressed || totalHidden != null;
  const ofSeries = protectGroup(
    { value: total.positives, hidden: totalHidden },
    seriesRows.map(({ start, r }) => ({ key: start, value: r.positives })),
    breakdownSuppressed,
  );
  const ofTests = protectGroup(
    { value: total.positives, hidden: totalHidden },
    testRows.map((r) => ({ key: String(r.test), value: r.own_positives })),
    breakdownSuppressed,
  );
  totalHidden = stronger(totalHidden, stronger(ofSeries.get(''), ofTests.get('')));
  const testNames = await namesOf(
    db,
    rows.filter((r) => r.g === 6 && r.test != null).map((r) => r.test!),
  );
  const disease = fixedProgram ? null : (q.disease ?? null);
  return {
    area: scope.area,
    disease,
    program: fixedProgram ?? (disease ? null : (q.program ?? null)),
    start_date: period.start,
    end_date: period.end,
    periodicity,
    totals: {
      ...figuresOut(total, totalHidden),
      requested: total.requested,
      rejected: total.rejected,
      rejection_percent: percent(total.rejected, total.requested),
      backlog: total.backlog,
    },
    turnaround: {
      released: total.cl_n,
      collection_to_receipt_days: days(total.cr_s, total.cr_n),
      receipt_to_release_days: days(total.rr_s, total.rr_n),
      collection_to_release_days: days(total.cl_s, total.cl_n),
      collection_to_receipt_minutes: minutes(total.cr_s, total.cr_n),
      receipt_to_release_minutes: minutes(total.rr_s, total.rr_n),
      collection_to_release_minutes: minutes(total.cl_s, total.cl_n),
    },
    // Every period of the range, a period without tests as zeros, so a chart spaces time evenly.
    series: seriesRows.map(({ start, r }) => ({ period: start, ...figuresOut(r, ofSeries.get(start) ?? null) })),
    by_area_level: below,
    by_area: rows
      .filter((r) => r.g === 5 && r.area != null)
      .map((r) => ({
        id: r.area!,
        name: r.area_name ?? '',
        ...figuresOut(r, stronger(tree.get(areaKey(below, r.area)), primary(r.positives, areaSuppressed))),
        rejected: r.rejected,
        backlog: r.backlog,
      }))
      .sort((a, b) => b.tests - a.tests || a.name.localeCompare(b.name)),
    by_test: testRows
      .map((r) => {
        const t = testNames.get(r.test!) ?? { code: '', name: '' };
        // Each test on its own terms: its released results, cases and negatives (a confirmatory test's too).
        const own = { tests: r.own_tests, positives: r.own_positives, negatives: r.own_negatives, invalid: r.own_invalid };
        const hidden = ofTests.get(String(r.test)) ?? null;
        return { id: r.test!, ...t, requested: r.own_requested, ...figuresOut(own, hidden), rejected: r.own_rejected, backlog: r.own_backlog };
      })
      .sort((a, b) => b.requested - a.requested || a.name.localeCompare(b.name)),
    hiv: disease === 'hiv' ? await hivFigures(db, scope, period, q.method, totalSuppressed) : null,
    tb: disease === 'tb' ? await tbFigures(db, scope, period, q.method, totalSuppressed) : null,
  };
}

function emptySums(): SumRow {
  return {
    tests: 0,
    positives: 0,
    negatives: 0,
    invalid: 0,
    own_tests: 0,
    own_positives: 0,
    own_negatives: 0,
    own_invalid: 0,
    own_requested: 0,
    own_rejected: 0,
    own_backlog: 0,
    requested: 0,
    rejected: 0,
    backlog: 0,
    cr_n: 0,
    cr_s: 0,
    rr_n: 0,
    rr_s: 0,
    cl_n: 0,
    cl_s: 0,
  };
}

async function namesOf(db: Db, testIds: number[]): Promise<Map<number, { code: string; name: string }>> {
  if (!testIds.length) return new Map();
  const rows = rowsOf<{ id: number; code: string; name: string }>(await db.execute(sql`select id, code, name from test_types where id = any(${ids(testIds)})`));
  return new Map(rows.map((r) => [r.id, { code: r.code, name: r.name }]));
}

type Period = ReturnType<typeof periodOf>;

/** HIV: the infants' PCR positivity, and the viral-load classes of released results. */
async function hivFigures(db: Db, scope: Scope, period: Period, method: number | undefined, suppressed: boolean): Promise<NonNullable<TierDashboard['hiv']>> {
  const byCode = await testIdsOf(db, [HIV_EID_TEST, HIV_VL_TEST]);
  const eid = byCode.get(HIV_EID_TEST) ?? 0;
  const vl = byCode.get(HIV_VL_TEST) ?? 0;
  const counted: Counted = { tested: [eid, vl], positive: [eid], qualitative: [eid], all: [eid, vl], programId: null };
  const [r] = rowsOf<{ eid_tests: number; eid_pos: number; eid_neg: number; vl_tests: number; und: number; sup: number; uns: number }>(
    await db.execute(sql`
      select coalesce(sum(d.tests) filter (where d.test_type_id = ${eid} and d.result_class in ${RELEASED}), 0)::int as eid_tests,
             coalesce(sum(d.tests) filter (where d.test_type_id = ${eid} and d.result_class = 'positive'), 0)::int as eid_pos,
             coalesce(sum(d.tests) filter (where d.test_type_id = ${eid} and d.result_class = 'negative'), 0)::int as eid_neg,
             coalesce(sum(d.tests) filter (where d.test_type_id = ${vl} and d.result_class in ${RELEASED}), 0)::int as vl_tests,
             coalesce(sum(d.tests) filter (where d.test_type_id = ${vl} and d.result_class = 'undetectable'), 0)::int as und,
             coalesce(sum(d.tests) filter (where d.test_type_id = ${vl} and d.result_class = 'suppressed'), 0)::int as sup,
             coalesce(sum(d.tests) filter (where d.test_type_id = ${vl} and d.result_class = 'unsuppressed'), 0)::int as uns
      from test_daily d join facilities f on f.id = d.facility_id
      where ${conditions(counted, scope, period.start, period.end, method)}`),
  );
  const x = r ?? { eid_tests: 0, eid_pos: 0, eid_neg: 0, vl_tests: 0, und: 0, sup: 0, uns: 0 };
  const eidPositives = shown(x.eid_pos, suppressed);
  return {
    eid_tests: x.eid_tests,
    eid_positives: eidPositives,
    eid_positivity_percent: eidPositives == null ? null : percent(x.eid_pos, x.eid_pos + x.eid_neg),
    vl_tests: x.vl_tests,
    vl_undetectable: x.und,
    vl_suppressed: x.sup,
    vl_unsuppressed: x.uns,
    vl_suppression_percent: percent(x.und + x.sup, x.und + x.sup + x.uns),
  };
}

/** TB: rifampicin resistance among the released resistance results (Xpert, Ultra, LPA, DST). */
async function tbFigures(db: Db, scope: Scope, period: Period, method: number | undefined, suppressed: boolean): Promise<NonNullable<TierDashboard['tb']>> {
  const rif = [...(await testIdsOf(db, Object.keys(RR_TB_TESTS))).values()];
  const counted: Counted = { tested: rif, positive: rif, qualitative: rif, all: rif, programId: null };
  const [r] = rowsOf<{ tests: number; rr: number; valid: number }>(
    await db.execute(sql`
      select coalesce(sum(d.tests) filter (where d.result_class in ${RELEASED}), 0)::int as tests,
             coalesce(sum(d.tests) filter (where d.result_class = 'positive'), 0)::int as rr,
             coalesce(sum(d.tests) filter (where d.result_class in ('positive', 'negative')), 0)::int as valid
      from test_daily d join facilities f on f.id = d.facility_id
      where ${conditions(counted, scope, period.start, period.end, method)}`),
  );
  const rr = shown(r?.rr ?? 0, suppressed);
  return { rif_tests: r?.tests ?? 0, rr_tb: rr, rr_percent: rr == null ? null : percent(r?.rr ?? 0, r?.valid ?? 0) };
}

/**
 * The priority-diseases landing: per disease this period's and the previous period's figures, per state (the
 * map) and the last seven days' positives by LGA — one pass over the daily rows of every priority test.
 */
export async function globalDashboard(db: Db, p: Principal, q: TierQuery): Promise<GlobalDashboard> {
  if (q.disease || q.program || q.test_type) throw ValidationError.field('disease', 'The priority-diseases dashboard counts every priority disease.');
  const scope = await scopeOf(db, p, q);
  if (scope.area.level === 'facility' && !scope.suppress && !p.isSuperuser) throw forbidden('The priority-diseases dashboard is for health officials.');
  const period = periodOf(q);
  const latestStart = period.length > 7 ? addDays(period.end, -6) : period.start;
  const codes = PRIORITY_DISEASES.flatMap((d) => [...diseaseTestsOf(d).tested, ...Object.keys(diseaseTestsOf(d).positive)]);
  const byCode = await testIdsOf(db, codes);
  // (test, disease, counts as a test, counts as a case) for every priority test.
  const keys = PRIORITY_DISEASES.flatMap((disease) => {
    const d = diseaseTestsOf(disease);
    const all = [...new Set([...d.tested, ...Object.keys(d.positive)])];
    return all
      .filter((code) => byCode.has(code))
      .map((code) => sql`(${byCode.get(code)!}::int, ${disease}::text, ${d.tested.includes(code)}::boolean, ${code in d.positive}::boolean)`);
  });
  if (!keys.length) throw new Error('The catalogue holds none of the priority diseases’ tests');
  const allIds = [...new Set([...byCode.values()])];
  type Row = Figures & {
    g: number;
    disease: PriorityDisease;
    current: boolean | null;
    state: number | null;
    lga: number | null;
    latest_tests: number;
    latest_positives: number;
  };
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select grouping(c.current, f.state_id, f.lga_id)::int as g, k.disease, c.current, f.state_id as state, f.lga_id as lga,
             coalesce(sum(d.tests) filter (where k.tested and d.result_class in ${RELEASED}), 0)::int as tests,
             coalesce(sum(d.tests) filter (where k.positive and d.result_class = 'positive'), 0)::int as positives,
             coalesce(sum(d.tests) filter (where k.tested and d.result_class = 'negative'), 0)::int as negatives,
             coalesce(sum(d.tests) filter (where k.tested and d.result_class = 'invalid'), 0)::int as invalid,
             coalesce(sum(d.tests) filter (where c.latest and k.tested and d.result_class in ${RELEASED}), 0)::int as latest_tests,
             coalesce(sum(d.tests) filter (where c.latest and k.positive and d.result_class = 'positive'), 0)::int as latest_positives
      from test_daily d
      join (values ${sql.join(keys, sql`, `)}) k(test_type_id, disease, tested, positive) on k.test_type_id = d.test_type_id
      join facilities f on f.id = d.facility_id
      cross join lateral (select d.day >= ${period.start}::date as current, d.day >= ${latestStart}::date as latest) c
      where ${sql.join(
        [
          sql`d.test_type_id = any(${ids(allIds)})`,
          sql`d.day between ${period.previousStart}::date and ${period.end}::date`,
          ...scope.where,
          ...(scope.programIds ? [sql`d.program_id = any(${ids(scope.programIds)})`] : []),
          ...(q.method ? [sql`d.method_id = ${q.method}`] : []),
        ],
        sql` and `,
      )}
      group by grouping sets ((k.disease, c.current), (k.disease, f.state_id, c.current), (k.disease, f.lga_id, c.current))`),
  );
  // grouping(): bit 2 current, bit 1 state, bit 0 lga.
  const suppressTotals = scope.suppress && (scope.area.level === 'lga' || scope.area.level === 'facility');
  const zero: Figures = { tests: 0, positives: 0, negatives: 0, invalid: 0 };
  const pick = (g: number, disease: PriorityDisease, isCurrent: boolean) =>
    rows.find((r) => r.g === g && r.disease === disease && r.current === isCurrent) ?? zero;
  // Each disease's and period's tree of areas over the nation: the same cells on every official's page.
  const leaves = scope.suppress
    ? await facilityCases(
        db,
        sql`test_daily d join (values ${sql.join(keys, sql`, `)}) k(test_type_id, disease, tested, positive) on k.test_type_id = d.test_type_id`,
        sql.join(
          [
            sql`d.test_type_id = any(${ids(allIds)})`,
            sql`d.day between ${period.previousStart}::date and ${period.end}::date`,
            ...(q.method ? [sql`d.method_id = ${q.method}`] : []),
          ],
          sql` and `,
        ),
        sql`coalesce(sum(d.tests) filter (where k.positive and d.result_class = 'positive'), 0)::int`,
        sql`k.disease || (case when d.day >= ${period.start}::date then ':now' else ':before' end)`,
      )
    : [];
  const trees = new Map<string, Map<string, Hidden>>();
  const treeOf = (disease: PriorityDisease, isCurrent: boolean) => {
    const key = `${disease}:${isCurrent ? 'now' : 'before'}`;
    const tree =
      trees.get(key) ??
      protectAreas(
        leaves.filter((r) => r.key === key),
        scope.suppress,
      );
    trees.set(key, tree);
    return tree;
  };
  const areaHidden = (disease: PriorityDisease, isCurrent: boolean, f: Figures) =>
    stronger(treeOf(disease, isCurrent).get(areaKey(scope.area.level, scope.area.id)), primary(f.positives, suppressTotals));
  const tiles = PRIORITY_DISEASES.map((disease) => {
    const [n, b] = [pick(3, disease, true), pick(3, disease, false)];
    const now = figuresOut(n, areaHidden(disease, true, n));
    const before = figuresOut(b, areaHidden(disease, false, b));
    // Positivity against the previous period, only where both periods have tests with a reading.
    const trend = positivityTrend(now, before);
    return { disease, ...now, previous: before, trend };
  });
  const stateNames = await placeNames(
    db,
    'states',
    rows.filter((r) => r.g === 1 && r.state != null).map((r) => r.state!),
  );
  const lgaNames = await placeNames(
    db,
    'lgas',
    rows.filter((r) => r.g === 2 && r.lga != null && r.current).map((r) => r.lga!),
  );
  return {
    area: scope.area,
    start_date: period.start,
    end_date: period.end,
    previous_start_date: period.previousStart,
    previous_end_date: period.previousEnd,
    tiles,
    by_state: rows
      .filter((r) => r.g === 1 && r.current && r.state != null)
      .map((r) => ({
        state: r.state!,
        state_name: stateNames.get(r.state!)?.name ?? '',
        disease: r.disease,
        ...figuresOut(r, stronger(treeOf(r.disease, true).get(areaKey('state', r.state)), primary(r.positives, suppressTotals))),
      }))
      .sort((a, b) => a.state_name.localeCompare(b.state_name) || a.disease.localeCompare(b.disease)),
    latest_positives: rows
      .filter((r) => r.g === 2 && r.current && r.lga != null && r.latest_positives > 0)
      .sort((a, b) => b.latest_positives - a.latest_positives || a.lga! - b.lga!)
      .map((r) => {
        const lga = lgaNames.get(r.lga!);
        const positives = shown(r.latest_positives, scope.suppress);
        return { lga: r.lga!, lga_name: lga?.name ?? '', state_name: lga?.state ?? '', disease: r.disease, positives, tests: r.latest_tests };
      }),
    latest_start_date: latestStart,
  };
}

async function placeNames(db: Db, table: 'states' | 'lgas', placeIds: number[]): Promise<Map<number, { name: string; state: string }>> {
  if (!placeIds.length) return new Map();
  const q =
    table === 'states'
      ? sql`select id, name, name as state from states where id = any(${ids(placeIds)})`
      : sql`select l.id, l.name, s.name as state from lgas l join states s on s.id = l.state_id where l.id = any(${ids(placeIds)})`;
  return new Map(rowsOf<{ id: number; name: string; state: string }>(await db.execute(q)).map((r) => [r.id, { name: r.name, state: r.state }]));
}
