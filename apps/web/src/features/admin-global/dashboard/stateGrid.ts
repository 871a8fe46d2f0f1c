/**
 * Nigeria's 36 states and the FCT as a tile grid: one square per state at
 * [column, row], placed roughly where the state lies (north at the top,
 * west on the left). Keys are the state codes of `GET /api/state/`.
 */
export const STATE_TILES: Record<string, readonly [number, number]> = {
  SO: [1, 0],
  ZA: [2, 0],
  KT: [3, 0],
  KN: [4, 0],
  JI: [5, 0],
  YO: [6, 0],
  BO: [7, 0],
  KE: [1, 1],
  NI: [2, 1],
  KD: [3, 1],
  BA: [5, 1],
  GO: [6, 1],
  AD: [7, 1],
  OY: [0, 2],
  KW: [1, 2],
  FC: [3, 2],
  NA: [4, 2],
  PL: [5, 2],
  TA: [6, 2],
  OG: [0, 3],
  OS: [1, 3],
  EK: [2, 3],
  KO: [3, 3],
  BE: [4, 3],
  LA: [0, 4],
  ON: [1, 4],
  ED: [2, 4],
  AN: [3, 4],
  EN: [4, 4],
  EB: [5, 4],
  DE: [2, 5],
  IM: [3, 5],
  AB: [4, 5],
  CR: [5, 5],
  BY: [2, 6],
  RI: [3, 6],
  AK: [4, 6],
};

export const GRID_COLUMNS = 8;
export const GRID_ROWS = 7;

/** Greens from light to the brand colour, one per bucket of facility counts. */
export const SHADES = ['#c9e7d7', '#8ecfb0', '#4ea883', '#0b6e4f'] as const;
export const EMPTY_SHADE = '#eef1f4';

/** Up to four count ranges [from, to] covering 1…max. */
export function buckets(max: number): [number, number][] {
  if (max < 1) return [];
  const steps = Math.min(SHADES.length, max);
  const out: [number, number][] = [];
  let from = 1;
  for (let i = 1; i <= steps; i++) {
    const to = Math.ceil((max * i) / steps);
    if (to >= from) out.push([from, to]);
    from = to + 1;
  }
  return out;
}

export interface Step {
  from: number;
  to: number;
  shade: string;
}

/** The map's scale: each range with its shade, the highest range always the darkest. */
export function scale(max: number): Step[] {
  const ranges = buckets(max);
  const offset = SHADES.length - ranges.length;
  return ranges.map(([from, to], i) => ({ from, to, shade: SHADES[i + offset]! }));
}

/** The shade of a count on a scale. */
export function shadeOf(count: number, steps: Step[]): string {
  if (count < 1) return EMPTY_SHADE;
  return steps.find((s) => count >= s.from && count <= s.to)?.shade ?? SHADES[SHADES.length - 1]!;
}
