/**
 * Westgard multirules over a control material's results (DOMAIN "Quality
 * control"): each result read as a z-score against its level's target mean and
 * SD, each rule switchable and given a severity per test and instrument. The
 * server evaluates them; the web names them on the Levey–Jennings chart.
 *
 * How the rules read across levels and runs (a run: one batch of patients'
 * samples with its controls):
 * - 1-2s, 1-3s: one result beyond 2 (3) SD.
 * - 2-2s: two results beyond 2 SD on the same side — the same level in two
 *   consecutive runs, or two levels within one run.
 * - R-4s: within one run only, one level beyond +2 SD and another beyond
 *   −2 SD (a range over 4 SD). It detects random error inside a run; a shift
 *   between runs is systematic, and 2-2s, 4-1s and 10x catch it.
 * - 3-1s, 4-1s: three (four) consecutive results of one level beyond 1 SD on
 *   the same side.
 * - 10x: ten consecutive results of one level on the same side of the mean.
 * - 7-T: seven consecutive results of one level each higher (lower) than the
 *   one before.
 * A rule fires on the result that completes its pattern; the run is rejected
 * when any of its results fires a rule of severity `reject`.
 */

export const WESTGARD_RULES = ['1-2s', '1-3s', '2-2s', 'R-4s', '3-1s', '4-1s', '7-T', '10x'] as const;
export type WestgardRule = (typeof WESTGARD_RULES)[number];
export type RuleSeverity = 'warning' | 'reject';

export interface RuleSetting {
  enabled: boolean;
  severity: RuleSeverity;
}

/** The defaults (OpenELIS's severities): 3-1s and 7-T available but off. */
export const DEFAULT_WESTGARD: Readonly<Record<WestgardRule, RuleSetting>> = {
  '1-2s': { enabled: true, severity: 'warning' },
  '1-3s': { enabled: true, severity: 'reject' },
  '2-2s': { enabled: true, severity: 'reject' },
  'R-4s': { enabled: true, severity: 'reject' },
  '3-1s': { enabled: false, severity: 'warning' },
  '4-1s': { enabled: true, severity: 'reject' },
  '7-T': { enabled: false, severity: 'warning' },
  '10x': { enabled: true, severity: 'reject' },
};

/** One control result, in the order the results were produced. */
export interface QcPoint<Id = string | number> {
  id: Id;
  /** The run it belongs to: results of one run are evaluated together across levels. */
  run: string | number;
  /** The control level (material and level: "low", "high", …). */
  level: string;
  value: number;
  /** The level's target mean and SD (from the insert, or established). */
  mean: number;
  sd: number;
}

export interface Violation<Id = string | number> {
  rule: WestgardRule;
  severity: RuleSeverity;
  /** The results that make the pattern, the firing one last. */
  points: Id[];
}

/** How many SDs a result lies from its target (0 when the SD is not positive). */
export const zScore = (value: number, mean: number, sd: number): number => (sd > 0 ? (value - mean) / sd : 0);

const side = (z: number, limit: number): 1 | -1 | 0 => (z > limit ? 1 : z < -limit ? -1 : 0);

/** The last `n` results of a level (this one last) all beyond `limit` SD on one side. */
function sameSide<Id>(series: { id: Id; z: number }[], n: number, limit: number): Id[] | null {
  if (series.length < n) return null;
  const last = series.slice(-n);
  const s = side(last[0]!.z, limit);
  return s !== 0 && last.every((p) => side(p.z, limit) === s) ? last.map((p) => p.id) : null;
}

/** The last `n` results of a level each above (or each below) the one before. */
function trend<Id>(series: { id: Id; value: number }[], n: number): Id[] | null {
  if (series.length < n) return null;
  const last = series.slice(-n);
  const rising = last.every((p, i) => i === 0 || p.value > last[i - 1]!.value);
  const falling = last.every((p, i) => i === 0 || p.value < last[i - 1]!.value);
  return rising || falling ? last.map((p) => p.id) : null;
}

/**
 * The violations of each result, in the results' order: what the result completes, given the results before it.
 * `settings` overrides the defaults rule by rule.
 */
export function westgard<Id>(
  points: readonly QcPoint<Id>[],
  settings: Partial<Record<WestgardRule, RuleSetting>> = {},
): { id: Id; z: number; violations: Violation<Id>[] }[] {
  const rules = { ...DEFAULT_WESTGARD, ...settings };
  const byLevel = new Map<string, { id: Id; z: number; value: number; run: string | number }[]>();
  const out: { id: Id; z: number; violations: Violation<Id>[] }[] = [];
  const inRun = new Map<string | number, { id: Id; z: number; level: string }[]>();

  for (const p of points) {
    const z = zScore(p.value, p.mean, p.sd);
    const series = byLevel.get(p.level) ?? [];
    series.push({ id: p.id, z, value: p.value, run: p.run });
    byLevel.set(p.level, series);
    const run = inRun.get(p.run) ?? [];
    const others = run.filter((o) => o.level !== p.level);
    run.push({ id: p.id, z, level: p.level });
    inRun.set(p.run, run);

    const found: [WestgardRule, Id[] | null][] = [
      ['1-3s', Math.abs(z) > 3 ? [p.id] : null],
      ['1-2s', Math.abs(z) > 2 && Math.abs(z) <= 3 ? [p.id] : null],
      ['2-2s', twoTwo(series, others, p.id, z)],
      ['R-4s', rangeFour(others, p.id, z)],
      ['3-1s', sameSide(series, 3, 1)],
      ['4-1s', sameSide(series, 4, 1)],
      ['10x', sameSide(series, 10, 0)],
      ['7-T', trend(series, 7)],
    ];
    const violations = found.flatMap(([rule, ids]) => (ids && rules[rule].enabled ? [{ rule, severity: rules[rule].severity, points: ids }] : []));
    out.push({ id: p.id, z, violations });
  }
  return out;
}

/** 2-2s: this result and the level's previous one (consecutive runs), or another level in this run, beyond 2 SD on one side. */
function twoTwo<Id>(series: { id: Id; z: number; run: string | number }[], others: { id: Id; z: number }[], id: Id, z: number): Id[] | null {
  const s = side(z, 2);
  if (s === 0) return null;
  const previous = series.at(-2);
  if (previous && side(previous.z, 2) === s) return [previous.id, id];
  const level = others.find((o) => side(o.z, 2) === s);
  return level ? [level.id, id] : null;
}

/** R-4s: within the run, another level beyond 2 SD on the other side. */
function rangeFour<Id>(others: { id: Id; z: number }[], id: Id, z: number): Id[] | null {
  const s = side(z, 2);
  if (s === 0) return null;
  const opposite = others.find((o) => side(o.z, 2) === -s);
  return opposite ? [opposite.id, id] : null;
}

/** A run's verdict: rejected when any of its results fires a rejecting rule, else warned on a warning, else accepted. */
export function runVerdict(violations: readonly Violation<unknown>[]): 'accepted' | 'warning' | 'rejected' {
  if (violations.some((v) => v.severity === 'reject')) return 'rejected';
  return violations.length ? 'warning' : 'accepted';
}

/** Mean, SD (n − 1) and CV % of a level's results (a lot's establishment, the monthly summary). */
export function describeSeries(values: readonly number[]): { n: number; mean: number | null; sd: number | null; cv: number | null } {
  const n = values.length;
  if (!n) return { n, mean: null, sd: null, cv: null };
  const mean = values.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { n, mean, sd: null, cv: null };
  const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1));
  return { n, mean, sd, cv: mean !== 0 ? (sd / Math.abs(mean)) * 100 : null };
}
