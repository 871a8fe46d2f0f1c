import { sql, type SQL } from 'drizzle-orm';

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
