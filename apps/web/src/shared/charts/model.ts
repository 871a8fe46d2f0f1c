import { groupDigits } from '@nlims/contracts';
import { BRAND_COLOR } from '../theme';

/**
 * The chart kit's pure parts: colours, how figures and labels read, and the
 * rows of the table every chart carries beside it. Nothing here draws.
 */

/** Series colours in order: the brand green, then hues told apart with colour blindness (Okabe–Ito). */
export const PALETTE = [BRAND_COLOR, '#0072b2', '#e69f00', '#cc3311', '#6a3d9a', '#009e73', '#56b4e9', '#5f6b73'] as const;

/** The colour that calls for action (an alert tile, a detected result). */
export const ALERT_COLOR = '#cf1322';

/** A line's point shapes in order, so series differ by more than their colour. */
export const POINT_STYLES = ['circle', 'rect', 'triangle', 'rectRot', 'crossRot', 'star'] as const;

/** A line's dash patterns in order (solid, dashed, dotted, dash-dot). */
export const DASHES: readonly number[][] = [[], [7, 4], [2, 3], [10, 3, 2, 3]];

/** A series' colour: its own, else the palette's by position. */
export const seriesColour = (index: number, own?: string): string => own ?? PALETTE[index % PALETTE.length]!;

/** A figure as the dashboards write it: digits grouped ("1,234"), or a dash for none. */
export const figureText = (value: number | null | undefined): string => (value == null ? '—' : groupDigits(value));

/**
 * Text for the canvas, which ignores the bidi isolates the pages put around a range inside Arabic ("⁦< 20⁩"):
 * each isolate becomes a pair of marks of its direction, which the canvas honours ("< 20", not "20 >").
 */
export const canvasText = (text: string): string =>
  text
    .replace(/\u2066([^\u2066-\u2069]*)\u2069/g, '\u200e$1\u200e')
    .replace(/\u2067([^\u2066-\u2069]*)\u2069/g, '\u200f$1\u200f')
    .replace(/[\u2066-\u2069]/g, '');

/** Whether a text has right-to-left letters (Arabic, Hebrew). */
export const hasRtlLetters = (text: string): boolean => /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/.test(text);

/**
 * The direction a chart's canvas writes in: right to left in Arabic when its labels have Arabic in them; else left
 * to right, so that ranges and codes ("< 20", "RR-TB") read as written on screen and on paper alike (where the
 * browser redraws the canvas without the marks of canvasText).
 */
export const canvasDirection = (rtl: boolean, labels: readonly string[]): 'rtl' | 'ltr' => (rtl && labels.some(hasRtlLetters) ? 'rtl' : 'ltr');

/**
 * A category's label broken into lines of about `width` characters at spaces (at most `lines` lines,
 * the last cut with an ellipsis), so long labels (a rejection reason) stay beside their bar.
 */
export function wrapLabel(text: string, width = 18, lines = 2): string | string[] {
  const label = canvasText(text);
  if (label.length <= width) return label;
  const out: string[] = [];
  let line = '';
  for (const word of label.split(/\s+/)) {
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      out.push(line);
      line = word;
    }
  }
  if (line) out.push(line);
  const kept = out.slice(0, lines).map((l) => (l.length > width ? `${l.slice(0, width - 1)}…` : l));
  if (out.length > lines) {
    const last = kept[lines - 1]!;
    kept[lines - 1] = `${last.length >= width ? last.slice(0, width - 1) : last}…`;
  }
  return kept.length === 1 ? kept[0]! : kept;
}

/** A day (`YYYY-MM-DD`) or an instant (ISO 8601) as milliseconds: a day at its local midnight, as the time axis counts. */
export function timeOf(value: string): number {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])).getTime();
  return Date.parse(value);
}

/** One column of a chart's table: a series' label and how its figures read. */
export interface TableSeries {
  key: string;
  label: string;
  values: readonly (number | null)[];
  format?: (value: number | null) => string;
}

/** The rows of a chart's table: one per point (a period, a category), its label then each series' figure as text. */
export function tableRows(labels: readonly string[], series: readonly TableSeries[]): string[][] {
  return labels.map((label, i) => [label, ...series.map((s) => (s.format ?? figureText)(s.values[i] ?? null))]);
}
