import { formatNumber, formatResultValue, readWireValue, TARGET_NOT_DETECTED } from '@nlims/contracts';
import { flagFor, type Range } from '../results/flags.js';

/** The flags the reference range gives; any other stored flag is the programme's reading (viral load: UNSUPPRESSED). */
const RANGE_FLAGS = new Set(['L', 'H', 'LL', 'HH']);

const hasLimits = (r: Range) => r.low != null || r.high != null || r.critical_low != null || r.critical_high != null;
const allAges = (r: Range) => r.age_min_days <= 0 && r.age_max_days == null;

/**
 * The range in force for a client: the ranges of the test at the facility, for the client's sex and age at
 * collection (a sex-specific one before "any"). When the test has ranges but none applies, why: the client's sex or
 * date of birth is not recorded, or no range covers this age or sex. A test with no limits at all is not judged and
 * says nothing.
 */
export function rangeAt(ranges: readonly Range[], sex: string | null | undefined, ageDays: number | null): { range: Range | null; reason: string | null } {
  const usable = ranges.filter(hasLimits);
  if (!usable.length) return { range: null, reason: null };
  const ofAge =
    ageDays == null ? usable.filter(allAges) : usable.filter((r) => ageDays >= r.age_min_days && (r.age_max_days == null || ageDays <= r.age_max_days));
  if (!ofAge.length) return { range: null, reason: ageDays == null ? 'date of birth not recorded' : 'no reference range for this age' };
  const known = sex === 'male' || sex === 'female';
  const ofSex = ofAge.filter((r) => r.sex === 'any' || (known && r.sex === sex));
  if (!ofSex.length) return { range: null, reason: known ? 'no reference range for this sex' : 'sex not recorded' };
  return { range: ofSex.find((r) => r.sex === sex) ?? ofSex[0]!, reason: null };
}

/** A reference range as printed at the test's decimals: "12.0 – 16.0", "≤ 5.0", "≥ 40"; '' without limits. */
export function rangeText(range: Pick<Range, 'low' | 'high'> | null, decimals: number | null): string {
  if (!range) return '';
  const n = (v: number) => formatNumber(v, { decimals, grouping: true });
  if (range.low != null && range.high != null) return `${n(range.low)} – ${n(range.high)}`;
  if (range.high != null) return `≤ ${n(range.high)}`;
  if (range.low != null) return `≥ ${n(range.low)}`;
  return '';
}

export interface ReportLineInput {
  /** The result's wire value: a number, "< 40", "TARGET NOT DETECTED", a code. */
  value: number | string | null;
  /** The flag stored with the result. */
  flag: string | null;
  /** The unit stored with the result ('' on older rows). */
  unit: string;
  /** The test in the catalogue. */
  test: { result_type: string; unit: string; decimals: number | null };
  /** The test's ranges at the facility (its own, else the catalogue's). */
  ranges: readonly Range[];
  sex: string | null;
  /** The client's age in days at collection; null without a date of birth. */
  ageDays: number | null;
}

export interface ReportLine {
  value: string;
  unit: string;
  range: string;
  flag: string | null;
  /** Why a numeric result is not judged against a range, when the test has ranges but none applies. */
  reason: string | null;
}

/**
 * A released result's line on the report: its value at the test's declared decimals, its unit (the catalogue's when
 * the stored row has none), the range in force for the client, and a flag that agrees with them — L or H against the
 * range, LL or HH against its critical limits; a censored value only when even its limit is outside ("< 5" is L when
 * 5 is below the range), "Target not detected" never. The programme's own reading (UNSUPPRESSED) stays. A coded
 * result keeps its stored flag.
 */
export function reportLine(input: ReportLineInput): ReportLine {
  const { test } = input;
  const decimals = test.decimals ?? null;
  // A coded value as it is ("NOT DETECTED" is a code, not a censored number).
  if (test.result_type !== 'numeric')
    return { value: input.value == null ? '' : String(input.value), unit: input.unit, range: '', flag: input.flag, reason: null };
  const value = formatResultValue(input.value, { decimals });
  const { range, reason } = rangeAt(input.ranges, input.sex, input.ageDays);
  const unit = input.unit || range?.unit || test.unit;
  const programme = input.flag && !RANGE_FLAGS.has(input.flag) ? input.flag : null;
  const read = readWireValue(input.value);
  let flag: string | null = null;
  if (range && read?.numeric != null && read.qualifier !== TARGET_NOT_DETECTED) {
    const found = flagFor(read.numeric, range);
    if (!read.qualifier) flag = found;
    else if (read.qualifier === '<') flag = found === 'L' || found === 'LL' ? found : null;
    else flag = found === 'H' || found === 'HH' ? found : null;
  }
  return { value, unit, range: rangeText(range, decimals), flag: programme ?? flag, reason };
}
