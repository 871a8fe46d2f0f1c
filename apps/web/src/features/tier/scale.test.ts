import { describe, expect, it } from 'vitest';
import { colourScale, NO_DATA_COLOUR, niceStep, PALETTES } from './scale';

describe('colour scale', () => {
  it('steps in round sizes', () => {
    expect(niceStep(17, true)).toBe(20);
    expect(niceStep(3.2, false)).toBe(5);
    expect(niceStep(2.1, false)).toBe(2.5);
    expect(niceStep(0.3, true)).toBe(1);
    expect(niceStep(0, true)).toBe(1);
    expect(niceStep(1000, true)).toBe(1000);
  });

  it('splits zero to the largest value into equal steps, light to dark', () => {
    const scale = colourScale([0, 12, 48, 97, null], PALETTES.tests);
    expect(scale.bins.map((b) => [b.from, b.to])).toEqual([
      [0, 20],
      [20, 40],
      [40, 60],
      [60, 80],
      [80, 100],
    ]);
    expect(scale.colourOf(0)).toBe(PALETTES.tests[0]);
    expect(scale.colourOf(12)).toBe(PALETTES.tests[0]);
    expect(scale.colourOf(48)).toBe(PALETTES.tests[2]);
    expect(scale.colourOf(97)).toBe(PALETTES.tests[4]);
    expect(scale.colourOf(100)).toBe(PALETTES.tests[4]);
  });

  it('greys a state without a figure', () => {
    const scale = colourScale([5], PALETTES.cases);
    expect(scale.colourOf(null)).toBe(NO_DATA_COLOUR);
    expect(scale.colourOf(undefined)).toBe(NO_DATA_COLOUR);
    expect(scale.colourOf(Number.NaN)).toBe(NO_DATA_COLOUR);
  });

  it('uses fewer, darker steps for small counts, so the largest is always dark', () => {
    const scale = colourScale([0, 1, 3], PALETTES.cases);
    expect(scale.bins.map((b) => [b.from, b.to])).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
    expect(scale.colourOf(3)).toBe(PALETTES.cases[4]);
    expect(scale.colourOf(0)).toBe(PALETTES.cases[2]);
  });

  it('has one step when every figure is zero or there is none', () => {
    expect(colourScale([], PALETTES.tests).bins).toHaveLength(1);
    expect(colourScale([0, 0], PALETTES.tests).colourOf(0)).toBe(PALETTES.tests[4]);
  });

  it('keeps fractions for percentages', () => {
    const scale = colourScale([0.4, 1.2, 2.3], PALETTES.cases, false);
    expect(scale.bins.at(-1)!.to).toBe(2.5);
    expect(scale.bins[0]!.to).toBe(0.5);
  });
});
