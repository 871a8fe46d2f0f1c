import dayjs, { type Dayjs } from 'dayjs';
import { toLocalInput } from '../format/format';

/**
 * The string forms the forms and the API use, and the dayjs values the date
 * picker works with. A picker value is a wall-clock time (Lagos time for
 * date-times): it is built from and read back to its fields, never through
 * the browser's time zone or a locale's digits.
 */

/** What is shown and typed: day first, 24-hour clock (SPEC §9). */
export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
/** Also accepted when typed: without leading zeros, or digits only. */
export const DATE_TYPED = [DATE_FORMAT, 'D/M/YYYY', 'D/MM/YYYY', 'DD/M/YYYY', 'DDMMYYYY'];
export const DATE_TIME_TYPED = [DATE_TIME_FORMAT, 'D/M/YYYY HH:mm', 'D/M/YYYY H:mm', 'DD/MM/YYYY H:mm', 'DDMMYYYY HHmm'];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

function wallClock(year: number, month: number, day: number, hour = 0, minute = 0): Dayjs | null {
  const d = new Date(2000, 0, 1, hour, minute);
  d.setFullYear(year, month - 1, day);
  const value = dayjs(d);
  // 31/02 rolls over into March, and an hour skipped by the browser's daylight saving moves: neither is the time asked for.
  const same = value.year() === year && value.month() === month - 1 && value.date() === day && value.hour() === hour && value.minute() === minute;
  return same ? value : null;
}

/** A `YYYY-MM-DD` string as a picker value; null when empty or not a date. */
export function parseDate(value: string | null | undefined): Dayjs | null {
  const m = value ? DATE.exec(value) : null;
  return m ? wallClock(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** A picker value as `YYYY-MM-DD`; undefined when cleared. */
export function dateString(value: Dayjs | null | undefined): string | undefined {
  if (!value?.isValid()) return undefined;
  return `${pad(value.year(), 4)}-${pad(value.month() + 1)}-${pad(value.date())}`;
}

/** A datetime-local string (`YYYY-MM-DDTHH:mm`, Lagos wall-clock time) as a picker value; null when empty or invalid. */
export function parseDateTime(value: string | null | undefined): Dayjs | null {
  const m = value ? DATE_TIME.exec(value) : null;
  return m ? wallClock(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])) : null;
}

/** A picker value as a datetime-local string `YYYY-MM-DDTHH:mm`; undefined when cleared. */
export function dateTimeString(value: Dayjs | null | undefined): string | undefined {
  const date = dateString(value);
  return date && `${date}T${pad(value!.hour())}:${pad(value!.minute())}`;
}

/** Now in Lagos as a picker value: the picker's "today" and "now". */
export function lagosNow(): Dayjs {
  return parseDateTime(toLocalInput()) ?? dayjs();
}
