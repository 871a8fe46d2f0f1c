import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf, type Db } from '../core/db.js';
import { rebuildAggregates } from '../seed/aggregates.js';

const SNAPSHOT = sql`select test_type_id, day::text, facility_id, program_id, method_id, result_class, tests, collect_receive_n, collect_receive_s,
                     receive_release_n, receive_release_s, collect_release_n, collect_release_s from test_daily where tests <> 0 order by 1, 2, 3, 4, 5, 6`;

/** The daily rows the triggers kept equal those rebuilt from the tests, samples and results (checked in a transaction rolled back). */
export async function expectAggregatesConsistent(db: Db): Promise<number> {
  const before = rowsOf(await db.execute(SNAPSHOT));
  class Done extends Error {}
  await db
    .transaction(async (tx) => {
      await rebuildAggregates(tx);
      expect(rowsOf(await tx.execute(SNAPSHOT))).toEqual(before);
      throw new Done();
    })
    .catch((e: unknown) => {
      if (!(e instanceof Done)) throw e;
    });
  return before.length;
}
