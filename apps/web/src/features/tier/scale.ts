/**
 * The map's colour scale: from zero to the largest value in equal steps of a
 * round size (1, 2, 2.5 or 5 times a power of ten), one colour per step,
 * light to dark. A state without a figure is grey.
 */
export const NO_DATA_COLOUR = '#e8e8e8';

/** Light to dark: blues for how much was tested, orange to red for cases and positivity. */
export const PALETTES = {
  tests: ['#deebf7', '#9ecae1', '#6baed6', '#3182bd', '#08519c'],
  cases: ['#fee5d9', '#fcae91', '#fb6a4a', '#de2d26', '#a50f15'],
} as const;

export interface Bin {
  from: number;
  to: number;
  colour: string;
}

export interface ColourScale {
  bins: Bin[];
  colourOf: (value: number | null | undefined) => string;
}

/** The smallest round step (1, 2, 2.5, 5 × 10^k) at least `raw`; whole numbers only when `whole`. */
export function niceStep(raw: number, whole: boolean): number {
  if (!(raw > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw - 1e-9) ?? 10 * power;
  return whole ? Math.max(1, Math.ceil(step)) : step;
}

/** A scale over `values` in at most `palette.length` steps; `whole` for counts (steps of whole numbers). */
export function colourScale(values: readonly (number | null | undefined)[], palette: readonly string[], whole = true): ColourScale {
  const present = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const max = Math.max(0, ...present);
  const step = niceStep(max / palette.length, whole);
  const count = Math.max(1, Math.min(palette.length, Math.ceil(max / step) || 1));
  // With fewer steps than colours, the darker end of the palette is used, so the highest value is always dark.
  const colours = palette.slice(palette.length - count);
  const bins = colours.map((colour, i) => ({ from: round(i * step), to: round((i + 1) * step), colour }));
  return {
    bins,
    colourOf: (value) => {
      if (value == null || !Number.isFinite(value)) return NO_DATA_COLOUR;
      const i = Math.min(bins.length - 1, Math.max(0, Math.floor(value / step)));
      return bins[i]!.colour;
    },
  };
}

const round = (n: number) => Math.round(n * 1000) / 1000;
