import { describe, expect, it } from 'vitest';
import { tileWidths } from './StatTiles';

describe('tile widths on a wide screen', () => {
  it('fill one row with four to six tiles, the later ones wider when 24 does not divide', () => {
    expect(tileWidths(6)).toEqual([4, 4, 4, 4, 4, 4]);
    expect(tileWidths(5)).toEqual([4, 5, 5, 5, 5]);
    expect(tileWidths(4)).toEqual([6, 6, 6, 6]);
    for (const n of [4, 5, 6]) expect(tileWidths(n).reduce((a, b) => a + b)).toBe(24);
  });
  it('make two rows of four for seven or eight, and keep a sixth otherwise', () => {
    expect(tileWidths(8)).toEqual(Array(8).fill(6));
    expect(tileWidths(1)).toEqual([4]);
    expect(tileWidths(9)).toEqual(Array(9).fill(4));
  });
});
