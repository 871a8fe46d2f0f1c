import { sql, type SQL } from 'drizzle-orm';
import { formatStoredResult } from '@nlims/contracts';

/**
 * A result's value on the wire from its two columns (contracts `wireValue`):
 * a censored value ('<' or '>' in `value_text`, the limit in `value_numeric`)
 * is one string, "< 40"; otherwise the number, else the text. `alias` is the
 * results table's alias in the query.
 */
export const wireValueJson = (alias: string): SQL => {
  const r = sql.raw(alias);
  return sql`case when ${r}.value_text in ('<', '>') then to_jsonb(${r}.value_text || ' ' || trim_scale(${r}.value_numeric)::text)
    else coalesce(to_jsonb(${r}.value_numeric), to_jsonb(${r}.value_text)) end`;
};

/** The same as text, for reports and exports (a number without the trailing zeros its column may carry: 16.9, not 16.9000). */
export const wireValueText = (alias: string): SQL => {
  const r = sql.raw(alias);
  return sql`case when ${r}.value_text in ('<', '>') then ${r}.value_text || ' ' || trim_scale(${r}.value_numeric)::text
    else coalesce(trim_scale(${r}.value_numeric)::text, ${r}.value_text) end`;
};

/**
 * A result's stored columns with its test's declared decimals, for a report or export to print with contracts'
 * `formatStoredResult` (`printedValue`): the number as its column's text, so no digit is lost on the way. Null when
 * there is no result. `alias` is the results table's alias, `test` the test type's.
 */
export const storedValueJson = (alias: string, test: string): SQL => {
  const [r, c] = [sql.raw(alias), sql.raw(test)];
  return sql`case when ${r}.id is not null then json_build_object('n', ${r}.value_numeric::text, 't', ${r}.value_text, 'd', ${c}.decimals) end`;
};

/**
 * The same for several results, each under its test's name (a panel's other members), in test order: printed by
 * `printedValues` as "E gene Ct: 16.85; RdRp gene Ct: 18.2". `name` is the SQL naming each one.
 */
export const storedValuesJson = (alias: string, test: string, name: SQL): SQL => {
  const [r, c] = [sql.raw(alias), sql.raw(test)];
  return sql`json_agg(json_build_object('name', ${name}, 'n', ${r}.value_numeric::text, 't', ${r}.value_text, 'd', ${c}.decimals) order by ${c}.id)`;
};

/** A stored result as `storedValueJson` gives it. */
export interface StoredValue {
  n: string | number | null;
  t: string | null;
  d: number | null;
  name?: string;
}

/** A stored result as printed: at its test's decimals, censored as "< 40", without thousands separators unless asked. */
export const printedValue = (v: StoredValue | null | undefined, grouping = false): string | null =>
  v ? formatStoredResult(v.n, v.t, { decimals: v.d, grouping }) : null;

/** Several stored results as printed, "name: value; …"; null when there are none. */
export const printedValues = (vs: readonly StoredValue[] | null | undefined, grouping = false): string | null =>
  vs?.length ? vs.map((v) => `${v.name ?? ''}: ${printedValue(v, grouping)}`).join('; ') : null;
