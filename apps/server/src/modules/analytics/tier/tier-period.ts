import { type SQL, sql } from 'drizzle-orm';
import { TIER_DEFAULT_DAYS, type TierPeriodicity, type TierQuery } from '@nlims/contracts';
import { ValidationError } from '../../../core/errors.js';
import { addDays, dayRange, lagosToday } from '../../../core/period.js';
import { periodStarts, type SeriesUnit } from '../kit/measures.js';

/** The tier dashboards' periods: the days asked for, the period before them, and the series' steps over the daily rows. */

/** The period asked for (default: the last TIER_DEFAULT_DAYS days, today included) and the one of the same length before it. */
export function periodOf(q: Pick<TierQuery, 'start_date' | 'end_date'>): {
  start: string;
  end: string;
  previousStart: string;
  previousEnd: string;
  length: number;
} {
  const range = dayRange(q);
  const end = range.end ?? lagosToday();
  const start = range.start ?? addDays(end, -(TIER_DEFAULT_DAYS - 1));
  if (start > end) throw ValidationError.field('start_date', 'The start date is after the end date.');
  const length = Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;
  if (length > 3660) throw ValidationError.field('start_date', 'A period of at most ten years.');
  return { start, end, previousStart: addDays(start, -length), previousEnd: addDays(start, -1), length };
}

export const defaultPeriodicity = (length: number): TierPeriodicity => (length <= 31 ? 'daily' : length <= 186 ? 'weekly' : 'monthly');

const UNIT: Record<TierPeriodicity, SeriesUnit> = { daily: 'day', weekly: 'week', monthly: 'month', quarterly: 'quarter' };

/** The period of a daily row (alias `d`), as the series groups it. */
export const TRUNC: Record<TierPeriodicity, SQL> = {
  daily: sql.raw("date_trunc('day', d.day)"),
  weekly: sql.raw("date_trunc('week', d.day)"),
  monthly: sql.raw("date_trunc('month', d.day)"),
  quarterly: sql.raw("date_trunc('quarter', d.day)"),
};

/** The first day of each period from the one holding `start` to the one holding `end` (weeks start on Monday, as date_trunc). */
export const periodsOf = (start: string, end: string, periodicity: TierPeriodicity): string[] => periodStarts(start, end, UNIT[periodicity], 4000);
