import { programs } from './programs.table.js';
import type { Db } from '../../core/db.js';

/**
 * The programmes' ids by name, read once when the app is built. The fifteen
 * programmes are reference data seeded before the app starts and never
 * renamed, so every process (and every test database, copies of one template)
 * holds the same ids. Writing them into a query as literals lets PostgreSQL
 * plan a list as an index scan in date order that stops at the page, where a
 * sub-query on `programs` made it read and sort a facility's whole history.
 */
const ids = new Map<string, number>();

export async function loadProgramIds(db: Db): Promise<void> {
  for (const row of await db.select({ id: programs.id, name: programs.name }).from(programs)) ids.set(row.name, row.id);
}

/** The ids of these programmes, or null before `loadProgramIds` or for a name it did not read (then callers look them up in SQL). */
export function programIdsOf(names: readonly string[]): number[] | null {
  const found = names.map((n) => ids.get(n));
  return found.every((id): id is number => id !== undefined) && ids.size ? found : null;
}
