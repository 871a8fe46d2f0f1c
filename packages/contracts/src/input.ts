import { z } from 'zod';

/**
 * Input rules every request inherits, in one place. Ids are PostgreSQL
 * `integer`s; strings never carry NUL or other control characters (the
 * database refuses NUL, and they have no business in a lab record), nor the
 * bidirectional overrides that can make a name or a number read differently
 * from what is stored (U+202A–U+202E, U+2066–U+2069). Line breaks and tabs
 * belong to multi-line text only (a note, a description, a results file): a
 * path, a query value, a field name or a one-line field (`oneLine`: a name, a
 * title) never holds one.
 */
export const MAX_ID = 2_147_483_647;
export const ID_RANGE_MESSAGE = `Ensure this value is less than or equal to ${MAX_ID}.`;
const INTEGER_MESSAGE = 'A valid integer is required.';

/** A row id in a body: a whole number from 1 to 2³¹−1. */
export const dbId = (options?: { error?: string }) =>
  z
    .number(options?.error ? { error: options.error } : undefined)
    .int(INTEGER_MESSAGE)
    .positive('Ensure this value is greater than or equal to 1.')
    .max(MAX_ID, ID_RANGE_MESSAGE);

/** A row id in a path or query string. */
export const idParam = z.coerce
  .number({ error: INTEGER_MESSAGE })
  .int(INTEGER_MESSAGE)
  .positive('Ensure this value is greater than or equal to 1.')
  .max(MAX_ID, ID_RANGE_MESSAGE);

/** `{id}` path parameters. */
export const idParams = z.object({ id: idParam });

/** A whole number stored in an `integer` column (ages in days, hours, counts). */
export const dbInt = () =>
  z
    .number()
    .int(INTEGER_MESSAGE)
    .min(-MAX_ID - 1)
    .max(MAX_ID, ID_RANGE_MESSAGE);

// Control characters other than tab, line feed and carriage return; and the bidirectional embeddings, overrides and isolates.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/u;

/** Why a string may not be stored, or null when it may. */
export function unsafeTextProblem(value: string): string | null {
  const match = UNSAFE.exec(value);
  if (!match) return null;
  const code = match[0].codePointAt(0)!;
  return code >= 0x202a
    ? `Remove the text-direction control character (U+${code.toString(16).toUpperCase().padStart(4, '0')}).`
    : `Remove the control character (U+${code.toString(16).toUpperCase().padStart(4, '0')}).`;
}

// Line breaks and tabs (the control characters `UNSAFE` lets through, and the Unicode line and paragraph separators).
const BREAK = /[\t\n\r\u0085\u2028\u2029]/u;
export const ONE_LINE_MESSAGE = 'This field is one line: remove the line break or tab.';

/** Whether a string is one line: no line break or tab. */
export const isOneLine = (value: string): boolean => !BREAK.test(value);

/** A one-line field (a name, a title): control characters as everywhere, and no line break or tab. */
export const oneLine = <T extends z.ZodString>(schema: T): T => schema.refine(isOneLine, ONE_LINE_MESSAGE) as T;

/** Why a one-line string may not be stored, or null when it may. */
export function unsafeLineProblem(value: string): string | null {
  return unsafeTextProblem(value) ?? (isOneLine(value) ? null : ONE_LINE_MESSAGE);
}

/**
 * Every unsafe string in a parsed JSON value, query or path, by field path (`identifiers.0.identifier`). With
 * `oneLine` (a path, a query), no value holds a line break or tab either; a field's name never does.
 */
export function findUnsafeText(value: unknown, path = '', options: { oneLine?: boolean } = {}): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const check = options.oneLine ? unsafeLineProblem : unsafeTextProblem;
  const walk = (v: unknown, at: string, depth: number) => {
    if (depth > 32) return;
    if (typeof v === 'string') {
      const problem = check(v);
      if (problem) out[at || 'non_field_errors'] = [problem];
    } else if (Array.isArray(v)) {
      for (const [i, item] of v.entries()) walk(item, at ? `${at}.${i}` : String(i), depth + 1);
    } else if (v && typeof v === 'object')
      for (const [key, item] of Object.entries(v)) {
        const keyProblem = unsafeLineProblem(key);
        const field = at ? `${at}.${key}` : key;
        if (keyProblem) out[field.replace(UNSAFE, '?').replace(BREAK, '?') || 'non_field_errors'] = [keyProblem];
        else walk(item, field, depth + 1);
      }
  };
  walk(value, path, 0);
  return out;
}
