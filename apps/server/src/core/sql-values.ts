import { type SQL, sql } from 'drizzle-orm';

/** An instant as ISO 8601, whichever driver answered (a Date, or text). */
export function iso(value: unknown): string | null {
  if (value == null) return null;
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

/** A moment as a SQL timestamptz parameter (either driver). */
export const at = (moment: Date): SQL => sql`${moment.toISOString()}::timestamptz`;

/** A search term for `ilike`: its wildcards escaped, wrapped in %. */
export const likeTerm = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
