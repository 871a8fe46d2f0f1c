import { describe, expect, it } from 'vitest';
import { describeSeries, type QcPoint, runVerdict, type WestgardRule, westgard } from './westgard.js';

// One control level at target 100, SD 10: a value of 125 is +2.5 SD.
const MEAN = 100;
const SD = 10;

/** Each value its own run, one level. */
const runs = (values: number[], level = 'low'): QcPoint<number>[] => values.map((value, i) => ({ id: i + 1, run: i + 1, level, value, mean: MEAN, sd: SD }));

/** The rules each result fires, in order. */
const fired = (points: QcPoint<number>[], settings?: Parameters<typeof westgard>[1]): WestgardRule[][] =>
  westgard(points, settings).map((r) => r.violations.map((v) => v.rule));

describe('Westgard rules', () => {
  it('1-2s warns on one result beyond 2 SD; 1-3s rejects beyond 3 SD', () => {
    expect(fired(runs([100, 125]))).toEqual([[], ['1-2s']]);
    expect(fired(runs([131]))).toEqual([['1-3s']]);
    expect(fired(runs([69]))).toEqual([['1-3s']]);
    // must not: within 2 SD; exactly 3 SD is still 1-2s
    expect(fired(runs([119, 81]))).toEqual([[], []]);
    expect(fired(runs([130]))).toEqual([['1-2s']]);
    expect(runVerdict(westgard(runs([125]))[0]!.violations)).toBe('warning');
    expect(runVerdict(westgard(runs([131]))[0]!.violations)).toBe('rejected');
  });

  it('2-2s: one level beyond 2 SD on one side in two consecutive runs, or two levels in one run', () => {
    const across = westgard(runs([122, 123]));
    expect(across[1]!.violations).toContainEqual({ rule: '2-2s', severity: 'reject', points: [1, 2] });
    const within: QcPoint<number>[] = [
      { id: 1, run: 'r1', level: 'low', value: 122, mean: MEAN, sd: SD },
      { id: 2, run: 'r1', level: 'high', value: 524, mean: 500, sd: 10 },
    ];
    expect(fired(within)[1]).toContain('2-2s');
    // must not: opposite sides, or a result back inside 2 SD between them
    expect(fired(runs([122, 78])).flat()).not.toContain('2-2s');
    expect(fired(runs([122, 110, 123])).flat()).not.toContain('2-2s');
  });

  it('R-4s: within one run, one level beyond +2 SD and another beyond −2 SD; never across runs', () => {
    const run: QcPoint<number>[] = [
      { id: 1, run: 'r1', level: 'low', value: 125, mean: MEAN, sd: SD },
      { id: 2, run: 'r1', level: 'high', value: 479, mean: 500, sd: 10 },
    ];
    expect(westgard(run)[1]!.violations).toContainEqual({ rule: 'R-4s', severity: 'reject', points: [1, 2] });
    // must not: the same results in consecutive runs
    expect(fired(runs([125, 79])).flat()).not.toContain('R-4s');
    // must not: a range over 4 SD with one side inside 2 SD
    const inside: QcPoint<number>[] = [
      { id: 1, run: 'r1', level: 'low', value: 128, mean: MEAN, sd: SD },
      { id: 2, run: 'r1', level: 'high', value: 485, mean: 500, sd: 10 },
    ];
    expect(fired(inside).flat()).not.toContain('R-4s');
  });

  it('4-1s: four consecutive results of a level beyond 1 SD on one side', () => {
    expect(fired(runs([111, 112, 115, 113]))).toEqual([[], [], [], ['4-1s']]);
    expect(fired(runs([89, 88, 85, 87]))[3]).toEqual(['4-1s']);
    // must not: one of the four back inside 1 SD
    expect(fired(runs([111, 112, 95, 113])).flat()).toEqual([]);
  });

  it('3-1s is off by default; switched on, three consecutive results beyond 1 SD warn', () => {
    expect(fired(runs([111, 112, 113])).flat()).toEqual([]);
    const on = westgard(runs([111, 112, 113]), { '3-1s': { enabled: true, severity: 'warning' } });
    expect(on[2]!.violations).toEqual([{ rule: '3-1s', severity: 'warning', points: [1, 2, 3] }]);
  });

  it('10x: ten consecutive results of a level on one side of the mean', () => {
    const ten = [101, 103, 102, 105, 104, 101, 102, 103, 101, 104];
    expect(fired(runs(ten))[9]).toEqual(['10x']);
    expect(fired(runs(ten.slice(0, 9))).flat()).toEqual([]);
    // must not: one result on the other side
    expect(fired(runs([...ten.slice(0, 5), 99, ...ten.slice(6)])).flat()).toEqual([]);
  });

  it('7-T is off by default; switched on, seven results each higher than the last fire it', () => {
    const rising = [90, 92, 94, 96, 98, 100, 102];
    expect(fired(runs(rising)).flat()).toEqual([]);
    const on = { '7-T': { enabled: true, severity: 'warning' as const } };
    expect(fired(runs(rising), on)[6]).toEqual(['7-T']);
    expect(fired(runs([...rising].reverse()), on)[6]).toEqual(['7-T']);
    // must not: six, or a flat step
    expect(fired(runs(rising.slice(0, 6)), on).flat()).toEqual([]);
    expect(fired(runs([90, 92, 94, 94, 98, 100, 102]), on).flat()).toEqual([]);
  });

  it('keeps each level its own series: another level between two results breaks no pattern', () => {
    const points: QcPoint<number>[] = [111, 112, 115, 113].flatMap((value, i) => [
      { id: i * 2 + 1, run: i + 1, level: 'low', value, mean: MEAN, sd: SD },
      { id: i * 2 + 2, run: i + 1, level: 'high', value: 500, mean: 500, sd: 10 },
    ]);
    expect(
      westgard(points)
        .find((r) => r.id === 7)!
        .violations.map((v) => v.rule),
    ).toEqual(['4-1s']);
  });

  it('a rule switched off or downgraded', () => {
    expect(fired(runs([131]), { '1-3s': { enabled: false, severity: 'reject' } })).toEqual([[]]);
    expect(runVerdict(westgard(runs([131]), { '1-3s': { enabled: true, severity: 'warning' } })[0]!.violations)).toBe('warning');
  });

  it('describes a series: mean, SD (n − 1) and CV', () => {
    const d = describeSeries([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(d.n).toBe(8);
    expect(d.mean).toBe(5);
    expect(d.sd).toBeCloseTo(2.138, 3);
    expect(d.cv).toBeCloseTo(42.76, 2);
    expect(describeSeries([])).toEqual({ n: 0, mean: null, sd: null, cv: null });
    expect(describeSeries([3]).sd).toBeNull();
  });
});
