import { sql, type SQL } from 'drizzle-orm';
import { ValidationError } from './errors.js';

/**
 * Periods: the days a list, dashboard or report is asked for, checked and
 * named in the API's errors, in Africa/Lagos (UTC+1 all year), and as SQL
 * conditions on a timestamp.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const DATE_MESSAGE = "Invalid date format, Accepted format 'YYYY-MM-DD'";
const DAY_MS = 86_400_000;
/** Africa/Lagos keeps UTC+1 all year. */
const LAGOS_OFFSET_MS = 3_600_000;

/** A `YYYY-MM-DD` day that exists in the calendar, or a 400 naming the field. */
export function parseDay(field: string, value: unknown): string | undefined {
  if (value === undefined || value === '') return undefined;
  const m = typeof value === 'string' ? DATE.exec(value) : null;
  if (!m) throw ValidationError.field(field, DATE_MESSAGE);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value || d.getUTCFullYear() < 1900) throw ValidationError.field(field, DATE_MESSAGE);
  return value as string;
}

/** Today in Africa/Lagos, `YYYY-MM-DD`. */
export const lagosToday = (now = new Date()): string => new Date(now.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);

/** A day `n` days after (or before) another. */
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The instants a Lagos day starts at, and the next day starts at. */
export const dayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - LAGOS_OFFSET_MS);
export const dayEnd = (day: string): Date => new Date(dayStart(day).getTime() + DAY_MS);

/** The days asked for, checked: each well-formed, and the end not before the start. */
export function dayRange(query: { start_date?: string; end_date?: string }): { start?: string; end?: string } {
  const start = parseDay('start_date', query.start_date);
  const end = parseDay('end_date', query.end_date);
  if (start && end && end < start) throw ValidationError.field('end_date', 'The end date is before the start date.');
  return { start, end };
}

/** `column` (a timestamp) within the days, as SQL conditions. */
export function withinDays(column: SQL, range: { start?: string; end?: string }): SQL[] {
  return [
    ...(range.start ? [sql`${column} >= ${dayStart(range.start).toISOString()}::timestamptz`] : []),
    ...(range.end ? [sql`${column} < ${dayEnd(range.end).toISOString()}::timestamptz`] : []),
  ];
}

/** A dashboard's days: those asked for, else the `days` days ending today (or ending on a start asked for in the future). */
export function dashboardPeriod(query: { start_date?: string; end_date?: string }, days: number): { start: string; end: string } {
  const asked = dayRange(query);
  const today = lagosToday();
  const end = asked.end ?? (asked.start && asked.start > today ? asked.start : today);
  return { start: asked.start ?? addDays(end, -(days - 1)), end };
}
