import { describe, expect, it } from 'vitest';
import { buckets, EMPTY_SHADE, GRID_COLUMNS, GRID_ROWS, scale, shadeOf, SHADES, STATE_TILES } from './stateGrid';

// The codes the server seeds for the 36 states and the FCT.
const CODES = 'AB AD AK AN BA BY BE BO CR DE EB ED EK EN FC GO IM JI KD KN KT KE KO KW LA NA NI OG ON OS OY PL RI SO TA YO ZA'.split(' ');

describe('tile map of Nigeria', () => {
  it('has one tile per state and the FCT, inside the grid, none on top of another', () => {
    expect(Object.keys(STATE_TILES).sort()).toEqual([...CODES].sort());
    const cells = Object.values(STATE_TILES).map(([c, r]) => `${c},${r}`);
    expect(new Set(cells).size).toBe(37);
    for (const [c, r] of Object.values(STATE_TILES)) {
      expect(c).toBeLessThan(GRID_COLUMNS);
      expect(r).toBeLessThan(GRID_ROWS);
    }
  });

  it('splits counts into at most four ranges that cover 1…max', () => {
    expect(buckets(0)).toEqual([]);
    expect(buckets(1)).toEqual([[1, 1]]);
    expect(buckets(3)).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(buckets(10)).toEqual([
      [1, 3],
      [4, 5],
      [6, 8],
      [9, 10],
    ]);
  });

  it('shades zero as empty and the largest count darkest', () => {
    const steps = scale(10);
    expect(shadeOf(0, steps)).toBe(EMPTY_SHADE);
    expect(shadeOf(1, steps)).toBe(SHADES[0]);
    expect(shadeOf(10, steps)).toBe(SHADES[3]);
    expect(shadeOf(3, scale(3))).toBe(SHADES[3]);
    expect(scale(3).map((s) => s.shade)).toEqual(SHADES.slice(1));
  });
});
