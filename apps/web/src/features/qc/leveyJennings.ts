import type { QcResultItem, RuleSeverity } from '@nlims/contracts';
import type { ChartConfiguration, TooltipModel } from 'chart.js';
import { ALERT_COLOR, canvasText, PALETTE, timeOf } from '../../shared/charts/model';
import { formatDateTime } from '../../shared/format/format';

/**
 * The Levey–Jennings chart's pure parts: how many decimals a lot's figures are written with, the figures as text,
 * how a point is marked by the rules it broke, and the chart's configuration. Nothing here draws.
 */

/** At most this many decimals (as a test's result configuration allows). */
const MAX_DECIMALS = 6;

/** Decimals enough for two significant figures of the SD (0.2 → 2, 4 → 1, 9000 → 0); 2 without a usable SD. */
export function decimalsOfSd(sd: number): number {
  if (!Number.isFinite(sd) || sd <= 0) return 2;
  return Math.min(MAX_DECIMALS, Math.max(0, 1 - Math.floor(Math.log10(sd))));
}

/**
 * The decimals a lot's chart writes its axis, target and SD lines with: the test's own (its result configuration),
 * or, when they are unknown or too few to tell one SD from the next (a 0.2 SD on a test of whole numbers), those
 * derived from the SD.
 */
export function qcDecimals(sd: number, testDecimals?: number | null): number {
  const fromSd = decimalsOfSd(sd);
  if (testDecimals == null || !Number.isInteger(testDecimals) || testDecimals < 0) return fromSd;
  const own = Math.min(testDecimals, MAX_DECIMALS);
  return Number.isFinite(sd) && sd > 0 && sd < 10 ** -own ? Math.max(own, fromSd) : own;
}

/** A figure with exactly `decimals` decimals and its thousands grouped ("5.70", "95,000"); never "-0.00". */
export function fixedText(value: number, decimals: number): string {
  if (!Number.isFinite(value)) return '—';
  let text = value.toFixed(decimals);
  if (Number(text) === 0) text = (0).toFixed(decimals);
  const [whole, fraction] = text.split('.');
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/** The decimals a measured value was given with (at most six: 5.56 → 2, 18.2 → 1, 95000 → 0). */
function ownDecimals(value: number): number {
  const text = String(Number(value.toPrecision(12)));
  if (/e/i.test(text)) return MAX_DECIMALS;
  return Math.min(MAX_DECIMALS, text.split('.')[1]?.length ?? 0);
}

/** A control's result: with the lot's decimals, and more when it was measured finer (5.56 stays 5.56 where one decimal is the rule). */
export const resultText = (value: number, decimals: number): string => fixedText(value, Math.max(decimals, ownDecimals(value)));

/** A z-score as the page writes it: signed, two decimals ("+3.40", "-0.60"). */
export const zText = (z: number): string => `${z > 0 ? '+' : ''}${fixedText(z, 2)}`;

/** How a point is marked: as a result, a warning (an amber triangle) or a rejection (a red diamond); shape and colour both. */
export type PointMark = 'result' | RuleSeverity;

export const MARK_STYLE: Record<PointMark, { shape: 'circle' | 'triangle' | 'rectRot'; color: string; radius: number }> = {
  result: { shape: 'circle', color: PALETTE[0], radius: 3 },
  warning: { shape: 'triangle', color: '#ad6800', radius: 6 },
  reject: { shape: 'rectRot', color: ALERT_COLOR, radius: 6 },
};

/** The mark of a result: a rejection rule broken outweighs a warning. */
export function pointMark(result: Pick<QcResultItem, 'violations'>): PointMark {
  if (result.violations.some((v) => v.severity === 'reject')) return 'reject';
  return result.violations.length ? 'warning' : 'result';
}

/** The rules a result broke, each once, rejections first: [{ rule: '1-3s', severity: 'reject' }, …]. */
export function rulesBroken(result: Pick<QcResultItem, 'violations'>): { rule: string; severity: RuleSeverity }[] {
  const once = new Map(result.violations.map((v) => [v.rule, v.severity]));
  return [...once].map(([rule, severity]) => ({ rule, severity })).sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'reject' ? -1 : 1));
}

/** The target and ±1, 2, 3 SD of a lot, each at its value as the chart labels it (no floating-point noise: 5.5 + 3 × 0.2 is 6.1). */
export function sdLines(mean: number, sd: number, decimals: number): { k: number; value: number; text: string }[] {
  return [0, 1, -1, 2, -2, 3, -3].map((k) => {
    const value = Number((mean + k * sd).toFixed(Math.max(decimals, MAX_DECIMALS)));
    return { k, value, text: fixedText(value, decimals) };
  });
}

/** The colour of a ±k SD line: red at 3, amber at 2, grey at 1; the target green. */
const lineColour = (k: number) => (k === 0 ? '#237804' : Math.abs(k) === 3 ? ALERT_COLOR : Math.abs(k) === 2 ? '#d48806' : '#8c8c8c');

/** Where the tooltip of a point goes, over the canvas (in its pixels), and which result it tells of. */
export interface Tip {
  index: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LeveyJenningsConfigInput {
  results: readonly QcResultItem[];
  lines: ReturnType<typeof sdLines>;
  decimals: number;
  rtl: boolean;
  /** The series' name ("Result"). */
  valueLabel: string;
  /** A target or SD line's label at its end ("+2 SD: 5.90"). */
  lineLabel: (line: ReturnType<typeof sdLines>[number]) => string;
  /** The point under the pointer, for the page's own tooltip; null when none. */
  onTip: (tip: Tip | null) => void;
}

/** The width kept beside the plot for the lines' labels: their longest at about 6.5 px a character of 11 px text. */
export function labelGutter(labels: readonly string[]): number {
  return Math.ceil(Math.max(0, ...labels.map((l) => [...l].length)) * 6.5) + 8;
}

/**
 * The Chart.js configuration of a Levey–Jennings chart: the results as a line over time, each point marked by the
 * rules it broke (shape, colour and size), the value axis with the lot's decimals, the target and ±1, 2, 3 SD
 * lines labelled with theirs; Chart.js's own tooltip and legend off (the page writes them).
 */
export function leveyJenningsConfig({ results, lines, decimals, rtl, valueLabel, lineLabel, onTip }: LeveyJenningsConfigInput): ChartConfiguration<'line'> {
  const times = results.map((r) => timeOf(r.run_at));
  const byTime = new Map(times.map((time, i) => [time, results[i]!.run_at]));
  // the axis names the run's day (its time is in the tooltip and the table): a phone's narrow axis keeps its labels apart
  const textOf = (time: number) => canvasText(formatDateTime(byTime.get(time) ?? new Date(time)).slice(0, 10));
  const styles = results.map((r) => MARK_STYLE[pointMark(r)]);
  // a month of daily runs keeps its points; beyond two months only a broken rule's point is drawn
  const crowded = results.length > 60;
  const external = ({ chart, tooltip }: { chart: { width: number; height: number }; tooltip: TooltipModel<'line'> }) => {
    const point = tooltip.opacity === 0 ? undefined : tooltip.dataPoints?.[0];
    onTip(point ? { index: point.dataIndex, x: tooltip.caretX, y: tooltip.caretY, width: chart.width, height: chart.height } : null);
  };
  // the lines' labels sit beside the plot, never over the last runs: room for the longest (11 px text)
  const labels = lines.map((line) => canvasText(lineLabel(line)));
  const gutter = labelGutter(labels);
  return {
    type: 'line',
    data: {
      labels: times,
      datasets: [
        {
          label: valueLabel,
          data: results.map((r) => r.value),
          borderColor: PALETTE[0],
          backgroundColor: PALETTE[0],
          borderWidth: 2,
          pointStyle: styles.map((s) => s.shape),
          pointBackgroundColor: styles.map((s) => s.color),
          pointBorderColor: styles.map((s) => s.color),
          pointRadius: styles.map((s) => (crowded && s.shape === 'circle' ? 0 : s.radius)),
          pointHoverRadius: styles.map((s) => s.radius + 2),
          pointHitRadius: 8,
          tension: 0,
        },
      ],
    },
    options: {
      locale: 'en',
      interaction: { mode: 'nearest', axis: 'x', intersect: false },
      layout: { padding: { top: 8, right: rtl ? 8 : gutter, left: rtl ? gutter : 8 } },
      scales: {
        x: {
          type: 'time',
          reverse: rtl,
          grid: { display: false },
          ticks: { source: 'data', autoSkip: true, autoSkipPadding: 14, maxRotation: 0, callback: (value) => textOf(Number(value)) },
        },
        y: {
          position: rtl ? 'right' : 'left',
          beginAtZero: false,
          // steps in whole units of the last decimal shown, so that no two ticks read alike
          ticks: { precision: decimals, callback: (value) => canvasText(fixedText(Number(value), decimals)) },
        },
      },
      plugins: {
        legend: { display: false },
        tooltip: { enabled: false, external },
        referenceLines: {
          axis: 'y',
          rtl,
          gutter,
          lines: lines.map((line, i) => ({
            value: line.value,
            label: labels[i],
            color: lineColour(line.k),
            width: line.k === 0 ? 2 : 1,
            dash: line.k === 0 ? undefined : Math.abs(line.k) === 1 ? [2, 3] : [6, 4],
          })),
        },
      },
    },
  };
}
