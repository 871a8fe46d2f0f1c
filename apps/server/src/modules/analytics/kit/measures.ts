import { sql, type SQL } from 'drizzle-orm';
import { RESULT_STATUS as R, SAMPLE_STATUS as S } from '@nlims/contracts';
import { addDays } from '../../../core/period.js';

/**
 * The measures every dashboard, report and line list computes — turnaround by leg, counts by status, rejections
 * by reason, the periods of a series, rates — each written once here, over the relations and aliases the callers
 * already read, so a figure means the same thing on every page. All SQL stays set-based: each measure is an
 * aggregate (or a per-row expression) that the caller places in its own statement.
 */

/** part / whole as a percentage with one decimal; null without a whole (a positivity, with the base its dashboard uses). */
export const percentOf = (part: number, whole: number): number | null => (whole ? Math.round((part / whole) * 1000) / 10 : null);

// Literals, not parameters, so the planner can use the partial indexes (migrations 0008, 0009).
const APPROVED = sql.raw(String(R.APPROVAL));
const REJECTED_SAMPLE = sql.raw([S.REJECTED, S.PARTIALLY_REJECTED].join(', '));
const SECONDS_IN = { hours: sql.raw('3600.0'), days: sql.raw('86400.0') } as const;

export type LegUnit = keyof typeof SECONDS_IN;

/** A leg's length on one row, from one time to the next, in hours with one decimal (null when either is missing). */
export const legHours = (from: SQL, to: SQL): SQL<number | null> =>
  sql`round((extract(epoch from (${to} - ${from})) / ${SECONDS_IN.hours})::numeric, 1)::float`;

/**
 * A quantile (the median by default) of a leg's length over the rows, in hours or days with one decimal; null
 * without any. `filter` narrows the rows counted; `forwardOnly` leaves out legs with a time missing or ending
 * before they start (a shipment's legs, whose times are entered by hand).
 */
export function legQuantile(from: SQL, to: SQL, o: { unit?: LegUnit; quantile?: 0.5 | 0.9; filter?: SQL; forwardOnly?: boolean } = {}): SQL<number | null> {
  const filters = [...(o.filter ? [o.filter] : []), ...(o.forwardOnly ? [sql`${from} is not null and ${to} is not null and ${to} >= ${from}`] : [])];
  const where = filters.length ? sql` filter (where ${sql.join(filters, sql` and `)})` : sql``;
  return sql`round((percentile_cont(${sql.raw(String(o.quantile ?? 0.5))}) within group (order by extract(epoch from (${to} - ${from})) / ${SECONDS_IN[o.unit ?? 'hours']})${where})::numeric, 1)::float`;
}

/** The median hours of a leg whose times may be missing or out of order (a shipment's): only the legs that run forward count. */
export const forwardMedianHours = (from: SQL, to: SQL): SQL<number | null> => legQuantile(from, to, { forwardOnly: true });

/** Mean days and minutes of a leg from its summed seconds and count (the daily rows keep both); null without any. */
export const meanDays = (seconds: number, n: number): number | null => (n > 0 ? Math.round((seconds / n / 86_400) * 10) / 10 : null);
export const meanMinutes = (seconds: number, n: number): number | null => (n > 0 ? Math.round(seconds / n / 60) : null);

/** Turnaround of released results against their due time: how many, how many in time, the median hours from reception. */
export interface DueTurnaround {
  approved: number;
  within: number;
  median_hours: number | null;
}

/**
 * Reception to approval of the current approved results (alias `r`) of the tests (`t`) of the samples (`s`) that
 * `where` keeps; `join` adds the relations `where` reads (the test types, `c`). One row, `DueTurnaround`.
 */
export const dueTurnaroundQuery = (where: SQL, join: SQL = sql``): SQL => sql`
  select count(*)::int as approved,
         count(*) filter (where r.approved_at <= t.due_at)::int as within,
         ${legQuantile(sql`s.received_at`, sql`r.approved_at`)} as median_hours
  from results r
  join test_orders t on t.id = r.test_order_id
  join samples s on s.id = t.sample_id
  ${join}
  where r.current and r.status = ${APPROVED} and ${where}`;

/** The reply's turnaround: the counts, the median and the share in time (none counted: zeros and nulls). */
export const dueTurnaround = (row: DueTurnaround | undefined): DueTurnaround & { within_percent: number | null } => ({
  ...(row ?? { approved: 0, within: 0, median_hours: null }),
  within_percent: percentOf(row?.within ?? 0, row?.approved ?? 0),
});

/** Rows counted by a status column, as `{ [name]: status, count }`, lowest status first. */
export const countsByStatus = (status: SQL, name: string, from: SQL, where?: SQL): SQL =>
  sql`select ${status} as ${sql.identifier(name)}, count(*)::int as count from ${from} ${where ? sql`where ${where}` : sql``} group by 1 order by 1`;

/**
 * Rejected (or partly rejected) samples by reason, most first: over `samples`, a relation aliased `s` with
 * `status` and `rejection_reason_id`. With `unnamed`, a sample without a reason counts under that name (else it
 * is left out); with `code`, the reason's code comes beside it.
 */
export function rejectionsByReason(samples: SQL, o: { where?: SQL; unnamed?: string; code?: boolean } = {}): SQL {
  const reason = o.unnamed === undefined ? sql`rr.reason` : sql`coalesce(rr.reason, ${sql.raw(`'${o.unnamed.replace(/'/g, "''")}'`)})`;
  return sql`
    select ${reason} as reason${o.code ? sql`, rr.code` : sql``}, count(*)::int as count
    from ${samples} ${o.unnamed === undefined ? sql`join` : sql`left join`} rejection_reasons rr on rr.id = s.rejection_reason_id
    where ${o.where ? sql`${o.where} and ` : sql``}s.status in (${REJECTED_SAMPLE})
    group by ${o.code ? sql`1, 2` : sql`1`} order by ${o.code ? sql`3` : sql`2`} desc, 1`;
}

/** A series' step. */
export type SeriesUnit = 'day' | 'week' | 'month' | 'quarter' | 'year';

/** The period (its first day, `YYYY-MM-DD`) holding a timestamp, in Africa/Lagos; `unit` a parameter or a literal. */
export const periodSql = (unit: SeriesUnit | SQL, at: SQL): SQL => sql`to_char(date_trunc(${unit}, ${at} at time zone 'Africa/Lagos'), 'YYYY-MM-DD')`;

/** The first day of the period holding `day` (weeks start on Monday, as PostgreSQL's date_trunc). */
export function periodStart(day: string, unit: SeriesUnit): string {
  const d = new Date(`${day}T00:00:00Z`);
  const first = (month: number) => new Date(Date.UTC(d.getUTCFullYear(), month, 1)).toISOString().slice(0, 10);
  const m = d.getUTCMonth();
  switch (unit) {
    case 'day':
      return day;
    case 'week':
      return addDays(day, -((d.getUTCDay() + 6) % 7));
    case 'month':
      return first(m);
    case 'quarter':
      return first(m - (m % 3));
    case 'year':
      return first(0);
  }
}

/** The first day of every period from the one holding `start` to the one holding `end`, at most `max` of them. */
export function periodStarts(start: string, end: string, unit: SeriesUnit, max: number): string[] {
  const out: string[] = [];
  let day = periodStart(start, unit);
  const last = periodStart(end, unit);
  // Compared as instants: a day past year 9999 is written '+010000-…', which sorts before '9999-…' as text.
  while (Date.parse(day) <= Date.parse(last) && out.length < max) {
    out.push(day);
    if (unit === 'day') day = addDays(day, 1);
    else if (unit === 'week') day = addDays(day, 7);
    else {
      const d = new Date(`${day}T00:00:00Z`);
      const months = unit === 'month' ? 1 : unit === 'quarter' ? 3 : 12;
      day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1)).toISOString().slice(0, 10);
    }
  }
  return out;
}
