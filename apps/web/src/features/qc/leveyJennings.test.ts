import { describe, expect, it } from 'vitest';
import type { QcResultItem } from '@nlims/contracts';
import {
  decimalsOfSd,
  fixedText,
  labelGutter,
  leveyJenningsConfig,
  MARK_STYLE,
  pointMark,
  qcDecimals,
  resultText,
  rulesBroken,
  sdLines,
  zText,
} from './leveyJennings';

const fired = (...rules: [string, 'warning' | 'reject'][]) => ({
  violations: rules.map(([rule, severity]) => ({ rule: rule as '1-2s', severity, points: [] })),
});

describe('the Levey–Jennings chart’s figures', () => {
  it('writes a lot with its test’s decimals, or those its SD needs', () => {
    // glucose: one decimal configured, a 0.2 SD is told apart with it
    expect(qcDecimals(0.2, 1)).toBe(1);
    expect(qcDecimals(0.2, 2)).toBe(2);
    // a test of whole numbers with a 0.2 SD: whole numbers would write +1 SD as the target
    expect(qcDecimals(0.2, 0)).toBe(2);
    // no configuration known: two significant figures of the SD
    expect(qcDecimals(0.2, undefined)).toBe(2);
    expect(qcDecimals(9000, null)).toBe(0);
    expect(decimalsOfSd(4)).toBe(1);
    expect(decimalsOfSd(0.015)).toBe(3);
    expect(decimalsOfSd(0)).toBe(2);
  });

  it('labels the target and ±1, 2, 3 SD without floating-point noise', () => {
    const lines = sdLines(5.5, 0.2, 2);
    expect(lines.map((l) => [l.k, l.text])).toEqual([
      [0, '5.50'],
      [1, '5.70'],
      [-1, '5.30'],
      [2, '5.90'],
      [-2, '5.10'],
      [3, '6.10'],
      [-3, '4.90'],
    ]);
    expect(lines.find((l) => l.k === 3)!.value).toBe(6.1);
    expect(lines.find((l) => l.k === -3)!.value).toBe(4.9);
    // an axis tick as Chart.js computes it
    expect(fixedText(4.800000000000001, 1)).toBe('4.8');
    expect(fixedText(6.000000000000001, 2)).toBe('6.00');
    expect(fixedText(95000, 0)).toBe('95,000');
    expect(fixedText(-0.0001, 2)).toBe('0.00');
  });

  it('keeps a result as finely as it was measured, and the lot’s decimals at least', () => {
    expect(resultText(5.56, 1)).toBe('5.56');
    expect(resultText(5.5, 2)).toBe('5.50');
    expect(resultText(18.2, 2)).toBe('18.20');
    expect(resultText(96181, 0)).toBe('96,181');
    expect(zText(3.4)).toBe('+3.40');
    expect(zText(-0.6)).toBe('-0.60');
  });

  it('marks a point by the severest rule it broke, and names each rule once, rejections first', () => {
    expect(pointMark(fired())).toBe('result');
    expect(pointMark(fired(['1-2s', 'warning']))).toBe('warning');
    expect(pointMark(fired(['1-2s', 'warning'], ['1-3s', 'reject']))).toBe('reject');
    expect(rulesBroken(fired(['1-2s', 'warning'], ['2-2s', 'reject'], ['1-3s', 'reject'], ['2-2s', 'reject']))).toEqual([
      { rule: '2-2s', severity: 'reject' },
      { rule: '1-3s', severity: 'reject' },
      { rule: '1-2s', severity: 'warning' },
    ]);
  });
});

describe('the Levey–Jennings chart’s drawing', () => {
  const result = (id: number, value: number, z: number, ...rules: [string, 'warning' | 'reject'][]): QcResultItem => ({
    id,
    run: id,
    material: 1,
    value,
    z,
    run_at: `2026-11-${String(10 + id).padStart(2, '0')}T07:45:00.000Z`,
    ...fired(...rules),
  });
  const results = [
    result(1, 5.56, 0.3),
    result(2, 5.95, 2.25, ['1-2s', 'warning']),
    result(3, 5.94, 2.2, ['1-2s', 'warning'], ['2-2s', 'reject']),
    result(4, 6.15, 3.25, ['1-3s', 'reject']),
  ];
  const lines = sdLines(5.5, 0.2, 1);
  const config = leveyJenningsConfig({
    results,
    lines,
    decimals: 1,
    rtl: false,
    valueLabel: 'Result',
    lineLabel: (line) => `${line.k} SD: ${line.text}`,
    onTip: () => undefined,
  });
  const dataset = config.data.datasets[0]!;

  it('draws a point that broke a rule by shape and colour: a red diamond for a rejection, an amber triangle for a warning', () => {
    expect(dataset.pointStyle).toEqual(['circle', 'triangle', 'rectRot', 'rectRot']);
    expect(dataset.pointBackgroundColor).toEqual([MARK_STYLE.result.color, MARK_STYLE.warning.color, MARK_STYLE.reject.color, MARK_STYLE.reject.color]);
    expect(MARK_STYLE.reject.color).toBe('#cf1322');
    // larger than a plain result's point
    expect(dataset.pointRadius).toEqual([3, 6, 6, 6]);
  });

  it('writes the value axis and the lines with the lot’s decimals', () => {
    const y = config.options!.scales!.y as unknown as { ticks: { precision: number; callback: (value: number) => string } };
    expect(y.ticks.precision).toBe(1);
    expect([4.800000000000001, 5, 6.000000000000001].map((v) => y.ticks.callback(v))).toEqual(['4.8', '5.0', '6.0']);
    const drawn = config.options!.plugins!.referenceLines!.lines!;
    expect(drawn.map((l) => l?.label)).toEqual(['0 SD: 5.5', '1 SD: 5.7', '-1 SD: 5.3', '2 SD: 5.9', '-2 SD: 5.1', '3 SD: 6.1', '-3 SD: 4.9']);
    expect(drawn.map((l) => l?.value)).toEqual([5.5, 5.7, 5.3, 5.9, 5.1, 6.1, 4.9]);
  });

  it('names each run’s day on the time axis, its time left to the tooltip', () => {
    const x = config.options!.scales!.x as unknown as { ticks: { callback: (value: number) => string } };
    expect(x.ticks.callback(Date.parse(results[0]!.run_at as string))).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it('writes the lines’ labels beside the plot, at the end the time runs to, so that no label covers a run', () => {
    const gutter = config.options!.plugins!.referenceLines!.gutter!;
    // the longest label ("-2 SD: 5.1", 10 characters) fits
    expect(gutter).toBe(labelGutter(['-2 SD: 5.1']));
    expect(gutter).toBeGreaterThanOrEqual(10 * 6);
    expect(config.options!.layout!.padding).toEqual({ top: 8, right: gutter, left: 8 });
    const rtl = leveyJenningsConfig({
      results,
      lines,
      decimals: 1,
      rtl: true,
      valueLabel: 'Result',
      lineLabel: (line) => `${line.k} SD`,
      onTip: () => undefined,
    });
    expect(rtl.options!.layout!.padding).toEqual({ top: 8, right: 8, left: labelGutter(['-2 SD']) });
  });

  it('leaves the tooltip to the page: the point under the pointer, or none', () => {
    const tips: unknown[] = [];
    const own = leveyJenningsConfig({ results, lines, decimals: 1, rtl: false, valueLabel: 'Result', lineLabel: () => '', onTip: (tip) => tips.push(tip) });
    const tooltip = own.options!.plugins!.tooltip!;
    expect(tooltip.enabled).toBe(false);
    const external = tooltip.external as unknown as (args: object) => void;
    external({ chart: { width: 600, height: 260 }, tooltip: { opacity: 1, caretX: 410, caretY: 40, dataPoints: [{ dataIndex: 3 }] } });
    external({ chart: { width: 600, height: 260 }, tooltip: { opacity: 0, dataPoints: [] } });
    expect(tips).toEqual([{ index: 3, x: 410, y: 40, width: 600, height: 260 }, null]);
  });
});
