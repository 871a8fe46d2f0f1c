/** What the tier dashboards count with: the tests' ids, the released classes, and a count as the caller may see it. */
import { type Hidden, SMALL_NUMBER_LIMIT, shownCount } from '@nlims/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../core/db.js';
import { percentOf as percent } from '../kit/measures.js';
import type { FacilityCases } from './protect.js';

export const ids = (xs: readonly number[]) => sql`array[${sql.join(xs.length ? xs.map((x) => sql`${x}`) : [sql`0`], sql`, `)}]::int[]`;

/** Released classes: every class a test can have once its result is approved. */
export const RELEASED = sql`('positive', 'negative', 'invalid', 'undetectable', 'suppressed', 'unsuppressed', 'value')`;

/** The catalogue ids of these codes. */
export async function testIdsOf(db: Db, codes: readonly string[]): Promise<Map<string, number>> {
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

export interface Figures {
  tests: number;
  positives: number;
  negatives: number;
  invalid: number;
}
/** A row's figures; hidden cases take the negatives and the positivity with them (the tests beside would give them back). */
export const figuresOut = (f: Figures, hidden: Hidden) => ({
  tests: f.tests,
  with_reading: f.positives + f.negatives,
  positives: shownCount(f.positives, hidden),
  negatives: hidden ? ('withheld' as const) : f.negatives,
  invalid: f.invalid,
  positivity_percent: hidden ? null : percent(f.positives, f.positives + f.negatives),
});
export const primary = (n: number, suppressed: boolean): Hidden => (suppressed && n > 0 && n <= SMALL_NUMBER_LIMIT ? 'small' : null);
export const stronger = (a: Hidden | undefined, b: Hidden | undefined): Hidden => (a === 'small' || b === 'small' ? 'small' : (a ?? b ?? null));

/**
 * The cases of every facility of the nation, counted as the page counts them (its area aside): the leaves of the
 * tree of areas; `key`, when given, splits them (a disease and a period).
 */
export async function facilityCases(db: Db, from: SQL, where: SQL, positives: SQL, key?: SQL): Promise<(FacilityCases & { key: string })[]> {
  return rowsOf<FacilityCases & { key: string }>(
    await db.execute(sql`select f.state_id as state, f.lga_id as lga, f.id as facility, ${positives} as positives, ${key ?? sql`''`} as key
      from ${from} join facilities f on f.id = d.facility_id where ${where}
      group by 1, 2, 3${key ? sql`, 5` : sql``}`),
  );
}
