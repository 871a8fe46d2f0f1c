import { describe, expect, it } from 'vitest';
import { formatResultValue, wireValue } from '../programmes/censored.js';
import { type AssayLimits, readInstrumentValue } from './values.js';

const cobas = { lower: 20, upper: 10_000_000 };
const value = (cell: string, limits: AssayLimits = cobas) => {
  const read = readInstrumentValue(cell, limits);
  return read.ok ? read.value : read.reason;
};

describe('a value cell of an analyser’s results file', () => {
  it('reads counts with their unit, in plain, grouped and scientific notation', () => {
    expect(value('767 Copies / mL')).toEqual({ numeric: 767, qualifier: null });
    expect(value('1.23E+03 cp/mL')).toEqual({ numeric: 1230, qualifier: null });
    expect(value('1,234 copies/ml')).toEqual({ numeric: 1234, qualifier: null });
    expect(value('  850  ')).toEqual({ numeric: 850, qualifier: null });
    expect(value('2.5E+02 IU/mL')).toEqual({ numeric: 250, qualifier: null });
  });

  it('reads "not detected" in its spellings', () => {
    for (const cell of ['Target Not Detected', 'Not detected', 'TND', 'TARGET NOT DETECTED'])
      expect(value(cell)).toEqual({ numeric: null, qualifier: 'TARGET NOT DETECTED' });
  });

  it('reads a value below or above the assay’s limits, with the number given or the assay’s own', () => {
    expect(value('< LL')).toEqual({ numeric: 20, qualifier: '<' });
    expect(value('<2.00E+01 cp/mL')).toEqual({ numeric: 20, qualifier: '<' });
    expect(value('< 40 Copies / mL')).toEqual({ numeric: 40, qualifier: '<' });
    expect(value('<LDL (40)')).toEqual({ numeric: 40, qualifier: '<' });
    expect(value('> 1.00E+07')).toEqual({ numeric: 10_000_000, qualifier: '>' });
    expect(value('> ULQ')).toEqual({ numeric: 10_000_000, qualifier: '>' });
    // as the result screens and the report print them
    const read = readInstrumentValue('< LL', cobas);
    expect(read.ok && formatResultValue(wireValue(read.value.numeric, read.value.qualifier))).toBe('< 20');
  });

  it('names what is not a result: errors, empty cells, limits the assay does not give', () => {
    expect(value('Invalid')).toBe('Invalid');
    expect(value('Error 5011')).toBe('Error 5011');
    expect(value('')).toBe('No value');
    expect(value('< LL', {})).toBe('"< LL": the assay\'s limit is not configured');
    expect(value('-5')).toBe('-5');
    expect(value('4.5 log')).toBe('4.5 log');
  });
});
