import { sql, type SQL } from 'drizzle-orm';

/**
 * What the history generator (history.ts) and each family's part of it
 * (general/, tb/, eid/, vl/, ph/ history.ts) share: the shape of a family's
 * declared share of the history, and the SQL helpers that draw values.
 */

/** Values and their weights (per mille unless said otherwise). */
export type Weighted = readonly (readonly [string, number])[];

/** A programme generated from its declared request form: its share of all samples and the test each order carries. */
export interface HistoryProgramme {
  program: string;
  share: number;
  /** Catalogue codes (a panel or a single test); where a programme has several, the share of its orders each takes. */
  tests: readonly { test: string; share: number }[];
  /** Its clients are infants (EID): each order its own, six weeks to eighteen months old. */
  infants?: boolean;
}

/** A family's part of the generated history. */
export interface FamilyHistory {
  /** Its programmes generated from their request forms (General and Tuberculosis have steps of their own). */
  programmes: readonly HistoryProgramme[];
  /** Coded results: per-mille share of each value, by catalogue code (checked against the catalogue's codes). */
  values: Readonly<Record<string, Weighted>>;
}

export const text = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
export const int = (n: number) => sql.raw(String(Math.trunc(n)));

/** `case when bucket < w1 then v1 when bucket < w1 + w2 then v2 … end` over weights summing to `total`. */
export function pick(bucket: SQL, weighted: Weighted, total: number): SQL {
  if (weighted.reduce((n, [, w]) => n + w, 0) !== total) throw new Error(`weights must sum to ${total}`);
  let upTo = 0;
  const arms = weighted.map(([value, weight]) => {
    upTo += weight;
    return sql`when ${bucket} < ${sql.raw(String(upTo))} then ${value}`;
  });
  return sql`(case ${sql.join(arms, sql` `)} end)`;
}

/** A number in [0, mod) drawn from `n` (a row's position) and a salt: the same n and salt always draw the same. */
export const draw = (n: SQL, salt: number, mod: number) => sql`(((hashint8extended((${n})::bigint, ${int(salt)}) % ${int(mod)}) + ${int(mod)}) % ${int(mod)})`;
