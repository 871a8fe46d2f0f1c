import { GENERIC_POSITIVE_VALUES, INVALID_RESULT_VALUES, resultClassRules, VL_CODES } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../core/db.js';
import { vlCutoffsFromEnv } from '../modules/analytics/vl/vl-settings.js';

/**
 * The aggregates' classification rules (migration 0018) kept equal to the
 * contracts: the values that are a case for each test (DISEASE_TESTS, the
 * public-health positives, RR-TB), the values that are a failed run for any
 * test, and the viral-load cut-off in force (VL_SUPPRESSED_MAX). When they
 * differ from what the database holds — a new release, a new cut-off, a test
 * added to the catalogue — the rules are replaced and every test's facts, and
 * so the daily rows, are rebuilt in this transaction.
 */
export async function seedAggregateRules(tx: Tx): Promise<{ rebuilt: boolean }> {
  const coded = [
    ...resultClassRules().map((r) => ({ code: r.code, value: r.value, result_class: r.result_class })),
    ...INVALID_RESULT_VALUES.map((value) => ({ code: null, value, result_class: 'invalid' })),
    ...GENERIC_POSITIVE_VALUES.map((value) => ({ code: null, value, result_class: 'positive' })),
  ];
  const wanted = sql`(select coalesce(t.id, 0) as test_type_id, w.value, w.result_class
      from jsonb_to_recordset(${JSON.stringify(coded)}::jsonb) as w(code text, value text, result_class text)
      left join test_types t on t.code = w.code
      where w.code is null or t.id is not null)`;
  const { suppressed_max } = vlCutoffsFromEnv();
  const numeric = sql`(select id as test_type_id, ${suppressed_max}::numeric as suppressed_max from test_types where code = ${VL_CODES.RNA})`;
  const [diff] = rowsOf<{ coded: number; numeric: number }>(
    await tx.execute(sql`select
      (select count(*) from ((select * from ${wanted} w except select test_type_id, value, result_class from result_class_rules)
                             union all (select test_type_id, value, result_class from result_class_rules except select * from ${wanted} w)) x)::int as coded,
      (select count(*) from ((select * from ${numeric} n except select test_type_id, suppressed_max from numeric_class_rules)
                             union all (select test_type_id, suppressed_max from numeric_class_rules except select * from ${numeric} n)) y)::int as numeric`),
  );
  if (!diff?.coded && !diff?.numeric) return { rebuilt: false };
  await tx.execute(sql`delete from result_class_rules`);
  await tx.execute(sql`insert into result_class_rules (test_type_id, value, result_class) select * from ${wanted} w`);
  await tx.execute(sql`delete from numeric_class_rules`);
  await tx.execute(sql`insert into numeric_class_rules (test_type_id, suppressed_max) select * from ${numeric} n`);
  await rebuildAggregates(tx);
  return { rebuilt: true };
}

/** Every test's facts and the daily rows computed again from the tests, samples and results. */
export async function rebuildAggregates(tx: Tx): Promise<void> {
  await tx.execute(sql`truncate test_daily, test_facts`);
  await tx.execute(sql`select refresh_test_facts(null)`);
}
