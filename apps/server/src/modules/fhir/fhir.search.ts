import { FHIR_PAGE_DEFAULT, FHIR_PAGE_MAX } from '@nlims/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { badParameter } from './fhir.http.js';

/**
 * FHIR search parameters read from the query string (repeated names kept): each resource type declares the
 * parameters it takes; any other name, a malformed value or an unknown status is a 400 OperationOutcome naming the
 * parameter (never ignored: a client that believes it filtered must not get everyone).
 */
export type SearchParams = Map<string, string[]>;

/** The paging and result parameters every search takes. */
export const RESULT_PARAMS = ['_count', '_offset', '_include', '_format', '_id'] as const;

export function parseQuery(rawUrl: string): SearchParams {
  const query = rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?') + 1) : '';
  let parsed: URLSearchParams;
  try {
    parsed = new URLSearchParams(query);
  } catch {
    throw badParameter('', 'The query string is not valid.');
  }
  const out: SearchParams = new Map();
  for (const [name, value] of parsed) {
    if (name.length > 100) throw badParameter(name.slice(0, 100), 'Unknown search parameter.');
    if (value.length > 1000) throw badParameter(name, 'The value is too long.');
    out.set(name, [...(out.get(name) ?? []), value]);
  }
  return out;
}

/** The values of a parameter, each split on commas (FHIR's OR), empty ones refused. */
export function valuesOf(params: SearchParams, name: string): string[][] {
  return (params.get(name) ?? []).map((v) => {
    const parts = v.split(',').map((x) => x.trim());
    if (parts.some((x) => x === '')) throw badParameter(name, `An empty value for ${name}.`);
    return parts;
  });
}

export function pageOf(params: SearchParams): { count: number; offset: number } {
  const one = (name: string, fallback: number, max: number) => {
    const values = params.get(name);
    if (!values) return fallback;
    if (values.length > 1) throw badParameter(name, `${name} is given more than once.`);
    if (!/^\d{1,9}$/.test(values[0]!)) throw badParameter(name, `${name} must be a whole number from 0.`);
    return Math.min(Number(values[0]), max);
  };
  const offset = one('_offset', 0, 1_000_000);
  return { count: one('_count', FHIR_PAGE_DEFAULT, FHIR_PAGE_MAX), offset };
}

/** `_format`, when given, must ask for JSON. */
export function checkFormat(params: SearchParams): void {
  for (const f of params.get('_format') ?? [])
    if (!['json', 'application/json', 'application/fhir+json'].includes(f)) throw badParameter('_format', 'Only JSON is served.');
}

/** A database id from a FHIR id or reference (`123`, `Patient/123`), or null when it cannot be one of ours. */
export function idOf(value: string, type?: string): number | null {
  const raw = type && value.startsWith(`${type}/`) ? value.slice(type.length + 1) : value;
  if (!/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** `_id=1,2`: the ids (any that cannot be ours matches nothing). */
export function idCondition(params: SearchParams, column: SQL): SQL[] {
  return valuesOf(params, '_id').map((ids) => {
    const found = ids.map((v) => idOf(v)).filter((x): x is number => x != null);
    return found.length
      ? sql`${column} in (${sql.join(
          found.map((n) => sql`${n}`),
          sql`, `,
        )})`
      : sql`false`;
  });
}

/** A reference parameter (`patient=123`, `subject=Patient/123`): the column among the ids. */
export function referenceCondition(params: SearchParams, name: string, type: string, column: SQL): SQL[] {
  return valuesOf(params, name).map((refs) => {
    const ids = refs.map((v) => {
      if (v.includes('/') && !v.startsWith(`${type}/`)) throw badParameter(name, `${name} refers to a ${type}.`);
      return idOf(v, type);
    });
    const found = ids.filter((x): x is number => x != null);
    return found.length
      ? sql`${column} in (${sql.join(
          found.map((n) => sql`${n}`),
          sql`, `,
        )})`
      : sql`false`;
  });
}

/** A token `system|code`, `|code`, `system|` or `code`. */
export function token(value: string): { system: string | null; code: string | null } {
  const bar = value.indexOf('|');
  if (bar < 0) return { system: null, code: value };
  return { system: value.slice(0, bar), code: value.slice(bar + 1) || null };
}

/** A token parameter whose codes must be among `allowed` (a status): the matching SQL over the computed column. */
export function statusCondition(params: SearchParams, name: string, allowed: readonly string[], column: SQL): SQL[] {
  return valuesOf(params, name).map((codes) => {
    for (const c of codes) if (!allowed.includes(token(c).code ?? '')) throw badParameter(name, `Unknown ${name} "${c}". Choose from: ${allowed.join(', ')}.`);
    return sql`${column} in (${sql.join(
      codes.map((c) => sql`${token(c).code}`),
      sql`, `,
    )})`;
  });
}

const DATE = /^(eq|ne|gt|lt|ge|le|sa|eb|ap)?(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/;

/** Lagos is UTC+1 all year: a date without a zone is a Lagos date. */
const LAGOS = '+01:00';

/** A date parameter (`date=ge2026-01-01&date=lt2026-02`): each value a range condition on the column. */
export function dateCondition(params: SearchParams, name: string, column: SQL): SQL[] {
  return (params.get(name) ?? []).map((value) => {
    const m = DATE.exec(value);
    if (!m) throw badParameter(name, `${name} must be a date such as 2026-11-26, with an optional prefix (eq, gt, lt, ge, le).`);
    const [, prefix = 'eq', y, mo, d, hh, mi, ss, zone] = m;
    if (!['eq', 'gt', 'lt', 'ge', 'le'].includes(prefix)) throw badParameter(name, `The prefix ${prefix} is not supported; use eq, gt, lt, ge or le.`);
    const year = Number(y);
    const month = mo ? Number(mo) : 1;
    const day = d ? Number(d) : 1;
    if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1 || day > 31 || (hh && (Number(hh) > 23 || Number(mi) > 59 || Number(ss ?? 0) > 59)))
      throw badParameter(name, `${value} is not a valid date.`);
    const pad = (n: number) => String(n).padStart(2, '0');
    const startLocal = `${y}-${pad(month)}-${pad(day)}T${hh ?? '00'}:${mi ?? '00'}:${ss ?? '00'}`;
    const start = new Date(`${startLocal}${zone ?? LAGOS}`);
    if (Number.isNaN(start.getTime()) || new Date(`${y}-${pad(month)}-${pad(day)}T00:00:00Z`).getUTCDate() !== day)
      throw badParameter(name, `${value} is not a valid date.`);
    const end = new Date(start);
    if (ss != null) end.setUTCSeconds(end.getUTCSeconds() + 1);
    else if (mi != null) end.setUTCMinutes(end.getUTCMinutes() + 1);
    else if (d) end.setUTCDate(end.getUTCDate() + 1);
    else if (mo) end.setUTCMonth(end.getUTCMonth() + 1);
    else end.setUTCFullYear(end.getUTCFullYear() + 1);
    const s = sql`${start.toISOString()}::timestamptz`;
    const e = sql`${end.toISOString()}::timestamptz`;
    if (prefix === 'ge') return sql`${column} >= ${s}`;
    if (prefix === 'gt') return sql`${column} >= ${e}`;
    if (prefix === 'lt') return sql`${column} < ${s}`;
    if (prefix === 'le') return sql`${column} < ${e}`;
    return sql`(${column} >= ${s} and ${column} < ${e})`;
  });
}

/** Refuse any parameter the type does not declare. */
export function onlyKnown(params: SearchParams, known: readonly string[]): void {
  for (const name of params.keys())
    if (!known.includes(name) && !(RESULT_PARAMS as readonly string[]).includes(name))
      throw badParameter(name, `Unknown search parameter "${name}". This server takes: ${[...known, ...RESULT_PARAMS].join(', ')}.`);
}

/** `_include` values, each among those the type offers. */
export function includesOf(params: SearchParams, allowed: readonly string[]): string[] {
  const asked = (params.get('_include') ?? []).flatMap((v) => v.split(','));
  for (const a of asked) if (!allowed.includes(a)) throw badParameter('_include', `Unknown _include "${a}". Choose from: ${allowed.join(', ') || 'none'}.`);
  return [...new Set(asked)];
}
