import { diseaseTestsOf, type GlobalDashboard, type Hidden, PRIORITY_DISEASES, type PriorityDisease, positivityTrend, type TierQuery } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../core/db.js';
import { forbidden, ValidationError } from '../../../core/errors.js';
import { addDays } from '../../../core/period.js';
import type { Principal } from '../../users/users.service.js';
import { scopeOf } from './area.js';
import { areaKey, protectAreas } from './protect.js';
import { periodOf } from './tier-period.js';
import { facilityCases, type Figures, figuresOut, ids, primary, RELEASED, shown, stronger, testIdsOf } from './tier-figures.js';

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
