import { describe, expect, it } from 'vitest';
import { EID_TILES, type EidDashboard } from './eid/analytics.js';
import { PH_TILES } from './ph/analytics.js';
import { TB_TILES } from './tb/analytics.js';
import { defineTiles, figureAt, noteFigure, TILE_ICONS } from './tiles.js';
import { VL_TILES } from './vl/analytics.js';

type Reply = { totals: { samples: number; rate: number | null; names: string[] }; rows: { n: number }[] };
const reply: Reply = { totals: { samples: 12, rate: null, names: [] }, rows: [{ n: 1 }] };

describe('declared dashboard tiles', () => {
  it('read a figure by its path, null where the period has none', () => {
    expect(figureAt(reply, 'totals.samples')).toBe(12);
    expect(figureAt(reply, 'totals.rate')).toBeNull();
  });

  it('quote a note’s figures: one, a sum, or a percentage', () => {
    const data = { totals: { detected: 2, not_detected: 7, rate: 22.2 } };
    expect(noteFigure(data, 'totals.detected')).toBe(2);
    expect(noteFigure(data, { sum: ['totals.detected', 'totals.not_detected'] })).toBe(9);
    expect(noteFigure(data, { percent: 'totals.rate' })).toBe(22.2);
  });

  it('name only numeric figures of the reply (checked by the compiler)', () => {
    defineTiles<Reply>([
      { key: 'ok', icon: 'samples', value: 'totals.samples' },
      // @ts-expect-error a list is not a figure
      { key: 'names', icon: 'samples', value: 'totals.names' },
      // @ts-expect-error a figure inside a list has no single value
      { key: 'rows', icon: 'samples', value: 'rows.n' },
      // @ts-expect-error a field the reply lacks
      { key: 'gone', icon: 'samples', value: 'totals.missing' },
    ]);
    defineTiles<EidDashboard>([
      // @ts-expect-error an icon the web does not draw
      { key: 'x', icon: 'rocket', value: 'totals.samples' },
    ]);
  });

  it('of every family: unique keys and icons the web draws', () => {
    for (const tiles of [TB_TILES, EID_TILES, VL_TILES, PH_TILES] as const) {
      const keys = tiles.map((t) => t.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const tile of tiles) expect(TILE_ICONS).toContain(tile.icon);
    }
  });
});
