import { describe, expect, it } from 'vitest';
import { formatNumber, roundNumber, toNumber } from './numbers.js';
import { formatResultValue, formatStoredResult } from './programmes/censored.js';

describe('formatNumber', () => {
  it('writes a numeric column’s text without the scale it came back with', () => {
    expect(formatNumber('16.85000000000000000000')).toBe('16.85');
    expect(formatNumber('40.0000')).toBe('40');
    expect(formatNumber(16.85)).toBe('16.85');
    expect(formatNumber('0.00012000')).toBe('0.00012');
  });

  it('writes the declared decimals, padding and rounding half away from zero on the stored digits', () => {
    expect(formatNumber('16.85000000000000000000', { decimals: 2 })).toBe('16.85');
    expect(formatNumber(12, { decimals: 1 })).toBe('12.0');
    expect(formatNumber('16.846', { decimals: 2 })).toBe('16.85');
    expect(formatNumber('1.005', { decimals: 2 })).toBe('1.01');
    expect(formatNumber('2.5', { decimals: 0 })).toBe('3');
    expect(formatNumber('-2.5', { decimals: 0 })).toBe('-3');
    expect(formatNumber('-0.001', { decimals: 2 })).toBe('0.00');
    expect(formatNumber(4.56789, { decimals: 6 })).toBe('4.567890');
  });

  it('groups thousands only when asked, never in another language’s digits', () => {
    expect(formatNumber(10_000_000)).toBe('10000000');
    expect(formatNumber(10_000_000, { grouping: true })).toBe('10,000,000');
    expect(formatNumber('1234.5', { decimals: 2, grouping: true })).toBe('1,234.50');
    expect(formatNumber(1e-7)).toBe('0.0000001');
  });

  it('ignores unusable decimals and gives nothing for what is not a number', () => {
    expect(formatNumber('3.14159', { decimals: -1 })).toBe('3.14159');
    expect(formatNumber('3.14159', { decimals: 1.5 })).toBe('3.14159');
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(undefined, { decimals: 2 })).toBe('');
    expect(formatNumber('POSITIVE')).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
  });
});

describe('toNumber and roundNumber', () => {
  it('read a stored value as a number, a JSON number at the declared decimals', () => {
    expect(toNumber('16.85000000000000000000')).toBe(16.85);
    expect(toNumber(' 7 ')).toBe(7);
    expect(toNumber('1,250')).toBeNull();
    expect(toNumber('')).toBeNull();
    expect(roundNumber('16.85000000000000000000')).toBe(16.85);
    expect(roundNumber('16.846', 2)).toBe(16.85);
    expect(roundNumber('5.25', 1)).toBe(5.3);
    expect(roundNumber(null, 2)).toBeNull();
  });
});

describe('formatResultValue and formatStoredResult', () => {
  it('write a result at its declared decimals, censored and coded values as they read', () => {
    expect(formatResultValue(12, { decimals: 1 })).toBe('12.0');
    expect(formatResultValue(1250)).toBe('1,250');
    expect(formatResultValue(1250, { grouping: false })).toBe('1250');
    expect(formatResultValue('< 40', { decimals: 0 })).toBe('< 40');
    expect(formatStoredResult('16.85000000000000000000', null)).toBe('16.85');
    expect(formatStoredResult('16.85000000000000000000', null, { decimals: 1 })).toBe('16.9');
    expect(formatStoredResult('40.000', '<')).toBe('< 40');
    expect(formatStoredResult('10000000.00', '>', { grouping: false })).toBe('> 10000000');
    expect(formatStoredResult(null, 'TARGET NOT DETECTED')).toBe('Target not detected');
    expect(formatStoredResult(null, 'POSITIVE')).toBe('POSITIVE');
    expect(formatStoredResult(null, 'NOT DETECTED')).toBe('NOT DETECTED');
    expect(formatStoredResult('1.005', null, { decimals: 2 })).toBe('1.01');
    expect(formatStoredResult(null, null)).toBe('');
  });
});
