import { sql, type SQL } from 'drizzle-orm';
import { TB_KEY_MEMBER_CODES } from '@nlims/contracts';
import { facilityScope } from '../../core/access.js';
import { type Db, rowsOf } from '../../core/db.js';
import { forbidden, ValidationError } from '../../core/errors.js';
import type { Principal } from '../users/principal.js';
import { formPrograms } from './forms.js';

/**
 * What the TB dashboard and the TB report share: who may look (a role
 * holding `read` in Tuberculosis, or the super admin), which facility
 * (the caller's; every facility for the super admin), the `program`
 * parameter, the dates in Africa/Lagos, and which tests count as "a TB test".
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const DATE_MESSAGE = "Invalid date format, Accepted format 'YYYY-MM-DD'";
const DAY_MS = 86_400_000;
/** Africa/Lagos keeps UTC+1 all year. */
const LAGOS_OFFSET_MS = 3_600_000;

/** The programmes the caller reads on tb_sample/ (Tuberculosis), or 403. */
export function tbPrograms(p: Principal, what: string): string[] {
  const names = formPrograms(p, 'tb_sample', 'read');
  if (!names.length) throw forbidden(`Your role may not view ${what}.`);
  return names;
}

/** The facility whose samples are counted: the caller's; null (every facility) for the super admin. */
export const tbFacility = (p: Principal): number | null => facilityScope(p);

/** `program`: the programme's name or id; only Tuberculosis is served here. */
export async function checkProgram(db: Db, program: string | undefined): Promise<void> {
  if (program === undefined || program === '') return;
  const name = /^\d{1,9}$/.test(program)
    ? rowsOf<{ name: string }>(await db.execute(sql`select name from programs where id = ${Number(program)}`))[0]?.name
    : program;
  if (name !== 'Tuberculosis') throw ValidationError.field('program', `"${program.slice(0, 100)}" is not served here: this is the Tuberculosis programme's.`);
}

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

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * "A TB test", for the test type alias `c`: a stand-alone test, or a panel's key member
 * (a panel expands into member tests when ordered; it counts once, by its key member).
 */
export const keyTest = (c: string): SQL =>
  sql`((${sql.raw(c)}.panel_id is null and not ${sql.raw(c)}.is_panel) or ${sql.raw(c)}.code in (${list(TB_KEY_MEMBER_CODES)}))`;

/**
 * `test_type`, for the test type alias `c`, as `and …` (nothing without one): the test itself, a
 * panel's members, or — for a member — its panel's other members (choosing "Xpert MTB/RIF - RIF
 * resistance" shows the Xpert tests).
 */
export const andOfTestType = (c: string, id: number | undefined): SQL =>
  id === undefined
    ? sql``
    : sql`and (${sql.raw(c)}.id = ${id} or ${sql.raw(c)}.panel_id = ${id} or ${sql.raw(c)}.panel_id = (select x.panel_id from test_types x where x.id = ${id}))`;

/** `facility_id` of the alias, when the caller is bound to one. */
export const ofFacility = (alias: string, facility: number | null): SQL[] => (facility == null ? [] : [sql`${sql.raw(alias)}.facility_id = ${facility}`]);

export { rowsOf };

export const percentOf = (part: number, whole: number): number | null => (whole ? Math.round((part / whole) * 1000) / 10 : null);
