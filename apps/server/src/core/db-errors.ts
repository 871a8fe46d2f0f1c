import { ValidationError } from './errors.js';

interface PgErrorLike {
  code?: string;
  constraint?: string;
  detail?: string;
}

/** The PostgreSQL error under drizzle's wrapper, from either driver. */
export function pgError(error: unknown): PgErrorLike | null {
  let e = error as { cause?: unknown } & PgErrorLike;
  for (let i = 0; i < 3 && e; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    e = e.cause as typeof e;
  }
  return null;
}

/**
 * Turn a unique-constraint violation into a 400 naming the field: the field is
 * the first of `fields` whose name appears in the constraint's name.
 */
export function uniqueViolationToValidation(error: unknown, fields: string[]): ValidationError | null {
  const pg = pgError(error);
  if (pg?.code !== '23505' && pg?.code !== '23503') return null;
  const where = `${pg.constraint ?? ''} ${pg.detail ?? ''}`;
  const field = [...fields].sort((a, b) => b.length - a.length).find((f) => where.includes(f)) ?? 'non_field_errors';
  if (pg.code === '23503') return ValidationError.field(field, 'Invalid pk - object does not exist.');
  return ValidationError.field(field, `A record with this ${field.replace(/_/g, ' ')} already exists.`);
}

/** Node's socket errors that mean the database server is not there (down, restarting, unreachable). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres's own words for a connection that died or never came. */
const LOST_CONNECTION =
  /connection terminated|connection timeout|timeout exceeded when trying to connect|connection error and is not queryable|cannot use a pool after calling end|connection ended/i;

/**
 * Whether an error means the database cannot be reached just now — stopped,
 * restarting, shutting down, or out of connections — rather than that the
 * request was wrong: the API then answers 503 with Retry-After, and a
 * client retries (creates carry an Idempotency-Key, so a retry never makes
 * a second row).
 */
export function databaseUnreachable(error: unknown): boolean {
  let e = error as { cause?: unknown; code?: unknown; message?: unknown } | undefined;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const code = typeof e.code === 'string' ? e.code : '';
    // 08: connection exception; 57P01–57P03: the server is shutting down or starting; 53300: too many connections.
    if (SOCKET_CODES.has(code) || code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
    if (typeof e.message === 'string' && LOST_CONNECTION.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
