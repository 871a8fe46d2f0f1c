import {
  diseaseTestsOf,
  type Hidden,
  HIV_EID_TEST,
  HIV_VL_TEST,
  qualitativeTestCodes,
  RR_TB_TESTS,
  type TierDashboard,
  type TierQuery,
} from '@nlims/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../core/db.js';
import { forbidden, ValidationError } from '../../../core/errors.js';
import { meanDays as days, meanMinutes as minutes, percentOf as percent } from '../kit/measures.js';
import type { Principal } from '../../users/users.service.js';
import { levelBelow, type Scope, scopeOf } from './area.js';
import { areaKey, protectAreas, protectGroup } from './protect.js';
import { defaultPeriodicity, periodOf, periodsOf, TRUNC } from './tier-period.js';
import { facilityCases, type Figures, figuresOut, ids, primary, RELEASED, shown, stronger, testIdsOf } from './tier-figures.js';

// The series' periods, and the counts the tier reports and the DHIS2 indicators share, read with the dashboard.
export { periodsOf, RELEASED, shown };

/**
 * The tier dashboards (SPEC §2, §3), read from `test_daily` (migration 0018)
 * only: a disease's tests and positivity, by area and over time, turnaround by
 * leg, rejections and backlog (the priority-diseases landing: tier-global.ts). Counts of cases
 * of 1–4 in a cell below state level come back as null ("< 5") for officials,
 * and the cells that would give them back as "withheld" (protect.ts).
 */

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
