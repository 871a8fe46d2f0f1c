import type { Chart, Scale } from 'chart.js';
import { describe, expect, it } from 'vitest';
import { referenceLinesPlugin } from './plugins';

/** The value axis of a Levey–Jennings chart: runs between 4.6 and 5.4, lines at the mean ± 3 SD. */
const axis = (id = 'y') => ({ id, min: 4.6, max: 5.4 }) as unknown as Scale;
const limits = (scale: Scale, lines: { value: number }[], axisId?: string) => {
  const hook = referenceLinesPlugin.afterDataLimits as (chart: Chart, args: { scale: Scale }, options: object) => void;
  hook({} as Chart, { scale }, { lines, axis: axisId });
  return [scale.min, scale.max];
};

describe('reference lines (a QC chart’s mean and ±SD)', () => {
  it('stretch the value axis to show every line', () => {
    expect(limits(axis(), [{ value: 5 }, { value: 4.1 }, { value: 5.9 }])).toEqual([4.1, 5.9]);
  });

  it('leave the axis alone when the lines are inside it, or on another axis', () => {
    expect(limits(axis(), [{ value: 5 }])).toEqual([4.6, 5.4]);
    expect(limits(axis('x'), [{ value: 9 }])).toEqual([4.6, 5.4]);
    expect(limits(axis('x'), [{ value: 9 }], 'x')).toEqual([4.6, 9]);
  });
});
