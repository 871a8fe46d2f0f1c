import { stringify } from 'csv-stringify/sync';

/** A cell a spreadsheet would run as a formula (or that starts with a tab or carriage return) is prefixed with `'`. */
const defuse = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

/** A report as CSV: a header row of these columns, cells a spreadsheet would run as formulas defused, dates in ISO 8601. */
export function toCsv(rows: readonly Record<string, unknown>[], columns: readonly string[]): string {
  return stringify(rows as Record<string, unknown>[], {
    header: true,
    columns: [...columns],
    record_delimiter: '\r\n',
    // A lone carriage return is a line break to a spreadsheet, so it is quoted too.
    quoted_match: /\r/,
    cast: {
      string: (v) => defuse(v),
      number: (v) => defuse(String(v)),
      bigint: (v) => defuse(String(v)),
      boolean: (v) => String(v),
      date: (v) => v.toISOString(),
    },
  });
}
