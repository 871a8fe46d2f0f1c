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
