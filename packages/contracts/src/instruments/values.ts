import { ABOVE, BELOW, type NumericResult, parseNumber, TARGET_NOT_DETECTED } from '../programmes/censored.js';

/**
 * A quantitative value as a molecular analyser writes it in its results file
 * (DOMAIN "Worksheets and analysers"), read onto the censored-number model the
 * viral-load results already use:
 * - "767 Copies / mL", "1.23E+03 cp/mL", "4.5 log" is not accepted (a log is
 *   not a count), "1,234 cp/mL";
 * - "Target Not Detected", "Not detected", "TND";
 * - "< LL" (below the assay's lower limit, the limit given by the assay),
 *   "<2.00E+01 cp/mL", "< 40 Copies / mL", "<LDL";
 * - "> 1.00E+07", "> ULQ" (above the upper limit).
 * Anything else — "Invalid", "Error 5011", an empty cell — is not a result:
 * the reason is returned so that the import can show it apart.
 */

export interface AssayLimits {
  /** The assay's lower limit of quantification, in the test's unit ("< LL" reads as "< lower"). */
  lower?: number;
  /** Its upper limit ("> ULQ" reads as "> upper"). */
  upper?: number;
}

export type InstrumentValue = { ok: true; value: NumericResult } | { ok: false; reason: string };

// Units the analysers append to a count: copies/mL and its spellings, IU/mL.
const UNIT = /\s*(?:copies|copy|cp|iu)\s*\/\s*ml\s*$/i;
const TND = /^(?:target\s+not\s+detected|not\s+detected|tnd|undetected|no\s+target\s+detected)$/i;
const LOWER_WORDS = /^(?:ll|lld|ldl|lod|loq|lloq|lql)$/i;
const UPPER_WORDS = /^(?:ul|ulq|uloq|uql)$/i;

/** A count as the analyser wrote it ("1.23E+03", "1,234", "767"), its unit dropped, or null. */
function count(text: string): number | null {
  const n = parseNumber(text.replace(UNIT, '').trim());
  return n != null && n >= 0 ? n : null;
}

/** Read one value cell of a results file against the assay's limits. */
export function readInstrumentValue(cell: string | null | undefined, limits: AssayLimits = {}): InstrumentValue {
  const text = (cell ?? '').trim();
  if (!text) return { ok: false, reason: 'No value' };
  if (TND.test(text)) return { ok: true, value: { numeric: null, qualifier: TARGET_NOT_DETECTED } };
  const plain = count(text);
  if (plain != null) return { ok: true, value: { numeric: plain, qualifier: null } };
  const m = /^([<>])\s*(.*)$/.exec(text);
  if (m) {
    const qualifier = m[1] === '<' ? BELOW : ABOVE;
    const rest = m[2]!.replace(UNIT, '').replace(/[()]/g, ' ').trim();
    const words = rest.split(/\s+/).filter(Boolean);
    // "< 40", "<2.00E+01", "< LDL 40": the number given wins over the assay's limit.
    const given = words.map(count).find((n) => n != null);
    if (given != null && given > 0) return { ok: true, value: { numeric: given, qualifier } };
    const word = words[0] ?? '';
    const limit = qualifier === BELOW ? (LOWER_WORDS.test(word) ? limits.lower : undefined) : UPPER_WORDS.test(word) ? limits.upper : undefined;
    if (limit != null && limit > 0) return { ok: true, value: { numeric: limit, qualifier } };
    if (LOWER_WORDS.test(word) || UPPER_WORDS.test(word)) return { ok: false, reason: `"${text}": the assay's limit is not configured` };
  }
  return { ok: false, reason: text };
}
