import { describe, expect, it } from 'vitest';
import type { Range } from '../results/flags.js';
import { rangeAt, rangeText, reportLine, type ReportLineInput } from './reports.line.js';

const YEAR = 365;
const band = (over: Partial<Range>): Range => ({
  sex: 'any',
  age_min_days: 0,
  age_max_days: null,
  low: null,
  high: null,
  critical_low: null,
  critical_high: null,
  unit: '',
  ...over,
});
const HB = band({ low: 11.5, high: 16.5, critical_low: 7, critical_high: 20, unit: 'g/dL' });
const hb = (over: Partial<ReportLineInput>): ReportLineInput => ({
  value: 12,
  flag: null,
  unit: 'g/dL',
  test: { result_type: 'numeric', unit: 'g/dL', decimals: 1 },
  ranges: [HB],
  sex: 'male',
  ageDays: 35 * YEAR,
  ...over,
});

describe('a numeric report line', () => {
  it('prints the value at the test’s decimals with its unit and range, and a flag agreeing with them', () => {
    expect(reportLine(hb({ value: 12 }))).toEqual({ value: '12.0', unit: 'g/dL', range: '11.5 – 16.5', flag: null, reason: null });
    expect(reportLine(hb({ value: 10 }))).toMatchObject({ range: '11.5 – 16.5', flag: 'L' });
    expect(reportLine(hb({ value: 17 }))).toMatchObject({ flag: 'H' });
    expect(reportLine(hb({ value: 6.5 }))).toMatchObject({ flag: 'LL' });
    expect(reportLine(hb({ value: 21 }))).toMatchObject({ flag: 'HH' });
    // A stored flag the range does not give (entered against another range) is not printed beside this one.
    expect(reportLine(hb({ value: 12, flag: 'L' }))).toMatchObject({ flag: null });
  });

  it('takes the catalogue’s unit when the stored result has none', () => {
    expect(reportLine(hb({ unit: '' }))).toMatchObject({ unit: 'g/dL' });
    expect(reportLine(hb({ unit: '', ranges: [] }))).toMatchObject({ unit: 'g/dL', range: '', flag: null, reason: null });
  });

  it('flags a censored value only when even its limit is outside the range', () => {
    const copies = { result_type: 'numeric', unit: 'copies/mL', decimals: 0 };
    const ranges = [band({ low: 100, high: 1000 })];
    expect(reportLine(hb({ test: copies, ranges, value: '< 40' }))).toMatchObject({ value: '< 40', flag: 'L' });
    expect(reportLine(hb({ test: copies, ranges, value: '< 400' }))).toMatchObject({ flag: null });
    expect(reportLine(hb({ test: copies, ranges, value: '> 10000000' }))).toMatchObject({ value: '> 10,000,000', flag: 'H' });
    expect(reportLine(hb({ test: copies, ranges, value: 'TARGET NOT DETECTED' }))).toMatchObject({ value: 'Target not detected', flag: null });
  });

  it('keeps the programme’s own reading and a coded result’s flag', () => {
    expect(reportLine(hb({ value: 5000, flag: 'UNSUPPRESSED', ranges: [] }))).toMatchObject({ flag: 'UNSUPPRESSED' });
    expect(reportLine(hb({ value: 'DETECTED', flag: 'LASSA FEVER POSITIVE', test: { result_type: 'coded', unit: '', decimals: 0 } }))).toMatchObject({
      value: 'DETECTED',
      range: '',
      flag: 'LASSA FEVER POSITIVE',
    });
  });

  it('says why a result cannot be judged', () => {
    const adults = [band({ age_min_days: 18 * YEAR, low: 36, high: 50 })];
    expect(reportLine(hb({ ranges: adults, ageDays: 5 * YEAR }))).toMatchObject({ range: '', flag: null, reason: 'no reference range for this age' });
    expect(reportLine(hb({ ranges: adults, ageDays: null }))).toMatchObject({ reason: 'date of birth not recorded' });
    const bySex = [band({ sex: 'male', low: 13, high: 17 }), band({ sex: 'female', low: 12, high: 15.5 })];
    expect(reportLine(hb({ ranges: bySex, sex: 'unknown', value: 5 }))).toMatchObject({ flag: null, reason: 'sex not recorded' });
    expect(reportLine(hb({ ranges: [bySex[1]!], sex: 'male' }))).toMatchObject({ reason: 'no reference range for this sex' });
    expect(reportLine(hb({ ranges: bySex, sex: 'female', value: 12.5 }))).toMatchObject({ range: '12.0 – 15.5', flag: null, reason: null });
  });
});

describe('the range in force', () => {
  it('is the client’s sex before "any", in the age band at collection', () => {
    const ranges = [
      band({ age_max_days: 30, low: 14, high: 22 }),
      band({ age_min_days: 31, low: 11, high: 14 }),
      band({ sex: 'female', age_min_days: 31, low: 12, high: 15 }),
    ];
    expect(rangeAt(ranges, 'male', 10).range?.low).toBe(14);
    expect(rangeAt(ranges, 'male', 40).range?.low).toBe(11);
    expect(rangeAt(ranges, 'female', 40).range?.low).toBe(12);
    expect(rangeAt(ranges, 'unknown', 40).range?.low).toBe(11);
    // Without a date of birth only a range for every age applies.
    expect(rangeAt([band({ low: 1, high: 2 })], 'male', null).range?.low).toBe(1);
    expect(rangeAt([band({ unit: 'g/dL' })], 'male', 40)).toEqual({ range: null, reason: null });
  });

  it('is printed at the test’s decimals, one-sided with ≤ or ≥', () => {
    expect(rangeText({ low: 3.5, high: 5 }, 2)).toBe('3.50 – 5.00');
    expect(rangeText({ low: null, high: 5.2 }, 1)).toBe('≤ 5.2');
    expect(rangeText({ low: 150, high: null }, 0)).toBe('≥ 150');
    expect(rangeText({ low: 1000, high: 10000 }, null)).toBe('1,000 – 10,000');
    expect(rangeText(null, 1)).toBe('');
  });
});
