import { rulesOf, VL_CODES } from '@nlims/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../core/db.js';
import { testTypes } from '../modules/catalogue/catalogue.table.js';
import type { clients } from '../modules/clients/clients.table.js';
import { effectiveMeasures } from '../modules/facility-settings/effective-measures.js';
import { pickRange, type Range } from '../modules/results/flags.js';
import { checkValues, type ValueToCheck } from '../modules/results/results.service.js';
import { ValidationError } from '../core/errors.js';

/**
 * The generated history's numbers (history.ts), as result entry would have
 * stored them. Per facility, numeric test, sex and age band (where the
 * facility's ranges for the test change), `DRAWS` candidate values are made
 * around the range in force — most within it, some outside, a few beyond a
 * critical limit — and passed through the entry path's own check
 * (`checkValues`: rounding to the test's decimals, the range for the client's
 * sex and age, the flag, the programme's interpretation). The history joins a
 * result row to one of them by its position, set-based.
 */

/** Candidate values per facility, test, sex and age band. */
export const DRAWS = 40;

/** The sexes generated clients have. */
const SEXES = ['female', 'male'] as const;

const DAY = 86_400_000;

/** One candidate as entry would store it: value, flag, unit and the range's limits, for clients of this sex and age band. */
export interface NumericDraw {
  facility: number;
  test: number;
  sex: string;
  /** The age band in days: [age_min, age_max], age_max null for no upper bound. */
  age_min: number;
  age_max: number | null;
  k: number;
  value: number;
  flag: string | null;
  unit: string;
  ref_low: number | null;
  ref_high: number | null;
}

/** The bands of age (days) in which the same range applies: they change only where a range starts or ends. */
export function ageBands(ranges: readonly Range[]): { min: number; max: number | null }[] {
  const starts = [...new Set([0, ...ranges.flatMap((r) => [r.age_min_days, ...(r.age_max_days == null ? [] : [r.age_max_days + 1])])])].sort((a, b) => a - b);
  return starts.map((min, i) => ({ min, max: i + 1 < starts.length ? starts[i + 1]! - 1 : null }));
}

/** A number in [0, 1) spread evenly over the draws (golden-ratio sequence), so any run of draws covers the span. */
const spread = (k: number) => (k * 0.618_033_988_75 + 0.5) % 1;

type TestRow = typeof testTypes.$inferSelect;

/** Viral load's copies/mL: skewed to the low end of the reportable range, as a treated population's are. */
function vlCopies(test: Pick<TestRow, 'reporting_low' | 'reporting_high'>, k: number): number {
  const low = Math.max(test.reporting_low ?? 1, 1);
  const high = test.reporting_high ?? 10_000_000;
  return Math.round(low * (high / low) ** (spread(k) ** 6));
}

/**
 * The k-th candidate of a test for a client whose range is `range` (before entry rounds it). Around the range's
 * middle: 30 of the 40 within it, 6 just outside (more high than low), 2 past a critical limit (or well outside when
 * the test has none), 2 near the middle. A Ct from 16 to 38 cycles; viral-load copies skewed low, their log10 as the
 * programme computes it from them. Kept within the reportable range, where entry refuses anything else.
 */
export function candidate(test: TestRow, copies: TestRow | undefined, range: Range | null, k: number): number {
  if (test.unit === 'Ct') return 16 + 22 * spread(k);
  if (test.code === VL_CODES.RNA) return vlCopies(test, k);
  const computed = test.code === VL_CODES.LOG ? rulesOf('Viral Load').computed?.[VL_CODES.LOG] : undefined;
  if (computed && copies) return Number(computed.value(vlCopies(copies, k)));
  const reportLow = test.reporting_low ?? 0;
  const reportHigh = test.reporting_high ?? Number.POSITIVE_INFINITY;
  let low = range?.low ?? null;
  let high = range?.high ?? null;
  // Only critical limits (malaria parasite density): the usual values well short of them.
  if (low == null && high == null && range?.critical_high != null) high = range.critical_high / 2;
  if (low == null && high == null && range?.critical_low != null) low = range.critical_low * 2;
  let value: number;
  if (low == null && high == null) {
    // No range: across the lower part of the reportable range.
    const top = Number.isFinite(reportHigh) ? reportHigh : reportLow * 10 + 10;
    value = reportLow + (top - reportLow) * spread(k) ** 3;
  } else {
    if (low == null) low = Math.min(Math.max(reportLow, 0), high! / 2);
    if (high == null) high = low * 1.5 + 1;
    const mid = (low + high) / 2;
    const half = (high - low) / 2;
    const slot = k % DRAWS;
    if (slot < 30) {
      // Gathered around the middle: |z|^1.5 draws more near it than near the limits.
      const z = 2 * ((slot + 0.5) / 30) - 1;
      value = mid + half * 0.9 * Math.sign(z) * Math.abs(z) ** 1.5;
    } else if (slot < 36) {
      const j = slot - 30;
      value = j % 3 === 2 ? low - half * (0.1 + 0.1 * j) : high + half * (0.1 + 0.12 * j);
      // Abnormal, not yet critical.
      if (range?.critical_high != null && value > range.critical_high) value = (high + range.critical_high) / 2;
      if (range?.critical_low != null && value < range.critical_low) value = (low + range.critical_low) / 2;
    } else if (slot === 36) value = range?.critical_high != null ? range.critical_high * 1.15 + half * 0.1 : high + half * 1.5;
    else if (slot === 37) value = range?.critical_low != null ? range.critical_low * 0.85 : low - half * 0.6;
    else value = mid + half * (slot === 38 ? -0.15 : 0.2);
    if (low >= 0) value = Math.max(value, 0);
  }
  const inReport = Math.min(Math.max(value, reportLow), reportHigh);
  // Rounded as entry rounds it, then kept inside the reportable range the rounding may have crossed.
  const rounded = Number(inReport.toFixed(test.decimals));
  if (rounded < reportLow) return Number((rounded + 10 ** -test.decimals).toFixed(test.decimals));
  if (rounded > reportHigh) return Number((rounded - 10 ** -test.decimals).toFixed(test.decimals));
  return rounded;
}

/** A date of birth that makes a client `ageDays` old today (UTC, as `ageInDays` counts). */
function bornAgo(ageDays: number, now: Date): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - ageDays * DAY).toISOString().slice(0, 10);
}

/**
 * The candidates of these numeric tests at these facilities (each test's programme named for its interpretation),
 * checked by the entry path: a value it would refuse is a fault of the generator, and throws.
 */
export async function numericDraws(db: Db | Tx, plan: readonly { facility: number; tests: readonly number[] }[]): Promise<NumericDraw[]> {
  const ids = [...new Set(plan.flatMap((p) => p.tests))];
  if (!ids.length) return [];
  const rows = await db.select().from(testTypes).where(inArray(testTypes.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  // The log10's candidates are computed from the copies' (drawn alike, so a sample's two agree).
  const [copies] = await db.select().from(testTypes).where(eq(testTypes.code, VL_CODES.RNA));
  // Each test's programme, for its interpretation rules.
  const programmes = new Map(
    rowsOf<{ id: number; name: string }>(
      await db.execute(sql`select t.id, p.name from test_types t join programs p on p.id = t.program_id where t.id in (${sql.raw(ids.join(', '))})`),
    ).map((r) => [r.id, r.name]),
  );
  const now = new Date();
  const items: (ValueToCheck & { draw: Omit<NumericDraw, 'value' | 'flag' | 'unit' | 'ref_low' | 'ref_high'> })[] = [];
  for (const { facility, tests } of plan) {
    for (const measure of await effectiveMeasures(db as Db, facility, [...new Set(tests)])) {
      const test = byId.get(measure.test_type)!;
      if (test.result_type !== 'numeric') continue;
      for (const band of ageBands(measure.ranges)) {
        for (const sex of SEXES) {
          const range = pickRange(measure.ranges, sex, band.min);
          const client = { sex, dateOfBirth: bornAgo(band.min, now) } as typeof clients.$inferSelect;
          for (let k = 0; k < DRAWS; k++)
            items.push({
              test,
              client,
              facilityId: facility,
              body: { value: candidate(test, copies, range, k), isolates: [], method: null, instrument: null },
              interpretation: { program: programmes.get(test.id)!, sample: [] },
              draw: { facility, test: test.id, sex, age_min: band.min, age_max: band.max, k },
            });
        }
      }
    }
  }
  const verdicts = await checkValues(db as Tx, items);
  return items.map((item, i) => {
    const checked = verdicts[i]!;
    if (checked instanceof ValidationError) throw new Error(`${item.test.code} ${String(item.body.value)}: ${Object.values(checked.fields).flat().join(' ')}`);
    // As insertRuns stores it.
    return {
      ...item.draw,
      value: checked.valueNumeric!,
      flag: checked.flag,
      unit: checked.range?.unit || item.test.unit,
      ref_low: checked.range?.low ?? null,
      ref_high: checked.range?.high ?? null,
    };
  });
}
