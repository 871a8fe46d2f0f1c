/**
 * Stored numbers as people read them. A PostgreSQL `numeric` read as text
 * arrives with whatever scale arithmetic gave it ("16.85000000000000000000");
 * every page, printed report, export and message shows it at its test's
 * declared decimals (the catalogue's `decimals`), or, where nothing declares
 * them, as written without trailing zeros. Rounding is decimal, half away
 * from zero, on the digits as stored (1.005 to two places is 1.01). Numbers
 * are written with a full stop for the decimals and, when asked, commas
 * between thousands, in every language: laboratory values are not localised.
 */

/** A stored number as it may arrive: a number, or a `numeric` column's text. */
export type StoredNumber = number | string | null | undefined;

/** The most decimals a number keeps when nothing declares them. */
const UNDECLARED = 20;

const formats = new Map<string, Intl.NumberFormat>();
function formatter(decimals: number | null, grouping: boolean): Intl.NumberFormat {
  const key = `${decimals}:${grouping}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', {
      useGrouping: grouping,
      minimumFractionDigits: decimals ?? 0,
      maximumFractionDigits: decimals ?? UNDECLARED,
      roundingMode: 'halfExpand',
      // A value that rounds to zero reads "0.00", never "-0.00".
      signDisplay: 'negative',
      // roundingMode and signDisplay 'negative' are ES2023's; the ES2022 library's type does not know them yet.
    } as unknown as Intl.NumberFormatOptions);
    formats.set(key, f);
  }
  return f;
}

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The number a stored value holds, or null (nothing, or not a number). */
export function toNumber(value: StoredNumber): number | null {
  if (value == null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const s = value.trim();
  if (!DECIMAL.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** The declared decimals when they are usable (0 to 20), else null. */
const declared = (decimals: number | null | undefined): number | null =>
  decimals != null && Number.isInteger(decimals) && decimals >= 0 && decimals <= UNDECLARED ? decimals : null;

export interface NumberFormatOptions {
  /** The places the test declares; none: as written, without trailing zeros. */
  decimals?: number | null;
  /** Commas between thousands ("10,000,000"). Off by default: exports and machines read the plain number. */
  grouping?: boolean;
}

/**
 * A stored number as text at its declared decimals: 16.85 → "16.85",
 * "16.85000000000000000000" → "16.85", 12 at one place → "12.0", 16.846 at
 * two → "16.85". Nothing (or text that is not a number) gives ''.
 */
export function formatNumber(value: StoredNumber, options: NumberFormatOptions = {}): string {
  if (toNumber(value) == null) return '';
  // The digits as stored, so rounding works on the decimal written, not its nearest binary fraction.
  const digits = typeof value === 'string' ? value.trim() : String(value);
  // Intl.NumberFormat reads a decimal string exactly (ECMA-402 2023); the library's type still says number.
  return formatter(declared(options.decimals), options.grouping ?? false).format(digits as unknown as number);
}

/**
 * A stored number as a JSON number at its declared decimals (FHIR's
 * valueQuantity, a chart's point): "16.85000000000000000000" → 16.85; null
 * when there is none.
 */
export function roundNumber(value: StoredNumber, decimals?: number | null): number | null {
  if (toNumber(value) == null) return null;
  return Number(formatNumber(value, { decimals }));
}
