import { formatNumber, type NumberFormatOptions, type StoredNumber, toNumber } from '../numbers.js';

/**
 * Censored numeric results: a measurement below the assay's lower limit
 * ("< 40" copies/mL), above its upper limit ("> 10,000,000"), or with no
 * target found at all ("Target not detected"). A numeric test accepts these
 * forms when its catalogue `codes` list the qualifiers it takes (a numeric
 * test has no codes otherwise), so any programme's test may declare them.
 *
 * Stored as `value_numeric` = the limit and `value_text` = the qualifier
 * ('<', '>', or 'TARGET NOT DETECTED' with no number). On the wire a
 * censored value is one string, "< 40", "> 10000000" or "TARGET NOT
 * DETECTED", which this module parses and formats for every screen, the
 * report and the CSV. No I/O.
 */

export const BELOW = '<';
export const ABOVE = '>';
export const TARGET_NOT_DETECTED = 'TARGET NOT DETECTED';
/** The qualifiers a numeric test may accept, as its catalogue `codes` list them. */
export const CENSORED_QUALIFIERS = [BELOW, ABOVE, TARGET_NOT_DETECTED] as const;
export type CensoredQualifier = (typeof CENSORED_QUALIFIERS)[number];

/** A numeric result: the number (the limit, for a censored one) and its qualifier, if any. */
export interface NumericResult {
  numeric: number | null;
  qualifier: CensoredQualifier | null;
}

/** The censored forms a numeric test takes, from its catalogue codes. */
export const censoredFormsOf = (codes: readonly string[] | null | undefined): CensoredQualifier[] => CENSORED_QUALIFIERS.filter((q) => codes?.includes(q));

/** Does a numeric test with these codes take censored values? */
export const acceptsCensored = (codes: readonly string[] | null | undefined): boolean => censoredFormsOf(codes).length > 0;

// A number as instruments and people write it: 1234, 1234.5, 1,234,567 (groups of three), 1.2E+04.
const NUMBER = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][+-]?\d+)?$|^\.\d+$/;
const TND_WORDS = /^(?:target\s+not\s+detected|tnd|not\s+detected|undetected)$/i;

/** A number written as above, or null. */
export function parseNumber(text: string): number | null {
  const s = text.trim();
  if (!NUMBER.test(s)) return null;
  const n = Number(s.replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

export type ParsedValue = { ok: true; value: NumericResult } | { ok: false; message: string };

/**
 * Read a numeric result as typed or sent: a number, or — when the test
 * accepts them — "< n" (also "<n", "< LDL 40", "<LDL (40)"), "> n", or "Target
 * not detected" (also "TND", "Not detected"). `accepted` are the test's
 * censored forms (`censoredFormsOf`).
 */
export function parseNumericResult(input: unknown, accepted: readonly string[] = []): ParsedValue {
  if (typeof input === 'number')
    return Number.isFinite(input) ? { ok: true, value: { numeric: input, qualifier: null } } : { ok: false, message: 'A number is required for this test.' };
  if (typeof input !== 'string') return { ok: false, message: 'A number is required for this test.' };
  const s = input.trim();
  const plain = parseNumber(s);
  if (plain != null) return { ok: true, value: { numeric: plain, qualifier: null } };
  const hint = accepted.length ? ` or ${describeForms(accepted)}` : '';
  if (TND_WORDS.test(s)) {
    if (!accepted.includes(TARGET_NOT_DETECTED)) return { ok: false, message: 'This test does not take "Target not detected"; enter a number.' };
    return { ok: true, value: { numeric: null, qualifier: TARGET_NOT_DETECTED } };
  }
  const m = /^([<>])\s*(?:(?:LDL|LLD|LOD|LOQ|LLOQ|ULOQ|ULQ)\s*)?\(?\s*([^()\s][^()]*?)\s*\)?$/i.exec(s);
  if (m) {
    const qualifier = m[1] as '<' | '>';
    if (!accepted.includes(qualifier)) return { ok: false, message: `This test does not take "${qualifier} n" values; enter a number${hint}.` };
    const limit = parseNumber(m[2]!);
    if (limit == null || limit <= 0) return { ok: false, message: `Give the limit after "${qualifier}", e.g. "${qualifier} 40".` };
    return { ok: true, value: { numeric: limit, qualifier } };
  }
  return { ok: false, message: `A number is required for this test${hint}.` };
}

/** The forms in English, for a message: '"< n", "> n" or "Target not detected"'. */
export function describeForms(accepted: readonly string[]): string {
  const words = accepted.map((q) => (q === TARGET_NOT_DETECTED ? '"Target not detected"' : `"${q} n"`));
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? '');
}

/** The stored columns as the one wire value: a number, "< 40", "> 10000000", "TARGET NOT DETECTED", or a coded value. */
export function wireValue(numeric: number | null | undefined, text: string | null | undefined): number | string | null {
  if (text === BELOW || text === ABOVE) return numeric == null ? text : `${text} ${numeric}`;
  if (numeric != null) return numeric;
  return text ?? null;
}

/** A wire value read back: the number and the qualifier; null when it is neither a number nor a censored form. */
export function readWireValue(value: number | string | null | undefined): NumericResult | null {
  if (value == null || value === '') return null;
  if (typeof value === 'number') return { numeric: value, qualifier: null };
  const parsed = parseNumericResult(value, CENSORED_QUALIFIERS);
  return parsed.ok ? parsed.value : null;
}

/** A number with thousands separators for reading ("10,000,000", "1,250", "4.56"). */
export const groupDigits = (n: number): string => {
  const [whole, fraction] = String(n).split('.');
  if (/e/i.test(whole!)) return String(n);
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
};

/**
 * A result value as people read it (English; the web translates "Target
 * not detected"): "< 40", "> 10,000,000", "Target not detected", "1,250",
 * "16.85"; a coded value as it is. A number is written at the test's declared
 * `decimals` when given (contracts' `formatNumber`), with thousands separators
 * unless `grouping` is false.
 */
export function formatResultValue(value: number | string | null | undefined, options: NumberFormatOptions = {}): string {
  if (value == null) return '';
  const read = readWireValue(value);
  if (!read) return String(value);
  const number = (n: number) => formatNumber(n, { decimals: options.decimals, grouping: options.grouping ?? true });
  if (read.qualifier === TARGET_NOT_DETECTED) return 'Target not detected';
  if (read.qualifier) return `${read.qualifier} ${number(read.numeric!)}`;
  return number(read.numeric!);
}

/**
 * A result from its stored columns (a `numeric` read as text keeps its
 * column's scale: "16.85000000000000000000") as people read it, at the
 * test's declared decimals: "16.85", "< 40", "Target not detected" (the
 * qualifier as stored), a coded value as it is ("NOT DETECTED"); '' when
 * there is none.
 */
export function formatStoredResult(numeric: StoredNumber, text: string | null | undefined, options: NumberFormatOptions = {}): string {
  // The stored digits go to the formatter as they are, so rounding works on the decimal written.
  const number = () => formatNumber(numeric, { decimals: options.decimals, grouping: options.grouping ?? true });
  if (text === BELOW || text === ABOVE) return toNumber(numeric) == null ? text : `${text} ${number()}`;
  if (text === TARGET_NOT_DETECTED) return 'Target not detected';
  if (toNumber(numeric) != null) return number();
  // A coded value as it is: "NOT DETECTED" is a code of its test, not a censored number.
  return text ?? '';
}
