import { bigint, date, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The aggregates the dashboards read (migration 0018), kept by statement
 * triggers in the same transaction as every write to test_orders, results and
 * samples, so a dashboard never scans the samples:
 *
 *   test_orders / results / samples ──refresh_test_facts()──▶ test_facts (one row per test)
 *   test_facts ──deltas (old −1, new +1)──▶ test_daily (per test type, day, facility, programme, method, class)
 *
 * A test's class (contracts' RESULT_CLASSES) comes from its status and its
 * current result, classified by `result_class_rules` and
 * `numeric_class_rules`, which the seed keeps equal to the contracts
 * (DISEASE_TESTS, the viral-load cut-off in force); when they change the
 * facts are rebuilt.
 */

/** A coded value's class for one test type (0: any test, e.g. INVALID). */
export const resultClassRules = pgTable(
  'result_class_rules',
  {
    testTypeId: integer('test_type_id').notNull(),
    value: text('value').notNull(),
    resultClass: text('result_class').notNull(),
  },
  (t) => [primaryKey({ columns: [t.testTypeId, t.value] })],
);

/** A numeric test classified as undetectable / suppressed / unsuppressed by its cut-off (viral load). */
export const numericClassRules = pgTable('numeric_class_rules', {
  testTypeId: integer('test_type_id').primaryKey(),
  suppressedMax: numeric('suppressed_max', { mode: 'number' }).notNull(),
});

/** One row per test: where it counts (the Lagos day of collection, facility, programme, test, method) and as what. */
export const testFacts = pgTable('test_facts', {
  testOrderId: integer('test_order_id').primaryKey(),
  day: date('day').notNull(),
  facilityId: integer('facility_id').notNull(),
  programId: integer('program_id').notNull(),
  testTypeId: integer('test_type_id').notNull(),
  methodId: integer('method_id').notNull(),
  resultClass: text('result_class').notNull(),
  /** Seconds of each leg, for released tests only. */
  collectReceiveS: bigint('collect_receive_s', { mode: 'number' }),
  receiveReleaseS: bigint('receive_release_s', { mode: 'number' }),
  collectReleaseS: bigint('collect_release_s', { mode: 'number' }),
});

/** The daily aggregate: how many tests of each class, and the turnaround legs' sums and counts. */
export const testDaily = pgTable(
  'test_daily',
  {
    testTypeId: integer('test_type_id').notNull(),
    day: date('day').notNull(),
    facilityId: integer('facility_id').notNull(),
    programId: integer('program_id').notNull(),
    methodId: integer('method_id').notNull(),
    resultClass: text('result_class').notNull(),
    tests: integer('tests').notNull(),
    collectReceiveN: integer('collect_receive_n').notNull(),
    collectReceiveS: bigint('collect_receive_s', { mode: 'number' }).notNull(),
    receiveReleaseN: integer('receive_release_n').notNull(),
    receiveReleaseS: bigint('receive_release_s', { mode: 'number' }).notNull(),
    collectReleaseN: integer('collect_release_n').notNull(),
    collectReleaseS: bigint('collect_release_s', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.testTypeId, t.day, t.facilityId, t.programId, t.methodId, t.resultClass] }),
    index('test_daily_program_day_idx').on(t.programId, t.day),
    index('test_daily_facility_day_idx').on(t.facilityId, t.day),
  ],
);
