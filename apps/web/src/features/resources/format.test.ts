import { describe, expect, it } from 'vitest';
import { ageBandToDays, ageBandToForm, formatNaira, parseNaira } from './format';
import { pageLabel } from '../../shared/list/pageLabel';

describe('list and money formats', () => {
  it('counts pages from 1, of at least one', () => {
    expect(pageLabel(0, 0, 20)).toEqual({ index: 1, pages: 1 });
    expect(pageLabel(0, 45, 20)).toEqual({ index: 1, pages: 3 });
    expect(pageLabel(9, 200, 20)).toEqual({ index: 10, pages: 10 });
  });

  it('formats naira with thousands separators and two decimals', () => {
    expect(formatNaira(1234567.5)).toBe('₦1,234,567.50');
    expect(formatNaira(0)).toBe('₦0.00');
    expect(formatNaira(-12)).toBe('-₦12.00');
    expect(formatNaira(null)).toBe('');
  });

  it('reads back what the price input shows', () => {
    expect(parseNaira('₦1,234.50')).toBe(1234.5);
    expect(parseNaira('')).toBeNull();
  });
});

describe('age bands', () => {
  it('shows whole years in years and anything else in days', () => {
    expect(ageBandToForm(365, 18 * 365)).toEqual({ age_min: 1, age_max: 18, age_unit: 'years' });
    expect(ageBandToForm(0, null)).toEqual({ age_min: 0, age_max: null, age_unit: 'years' });
    expect(ageBandToForm(0, 28)).toEqual({ age_min: 0, age_max: 28, age_unit: 'days' });
  });

  it('converts the form back to days', () => {
    expect(ageBandToDays(1, 18, 'years')).toEqual({ age_min_days: 365, age_max_days: 6570 });
    expect(ageBandToDays(0, 28, 'days')).toEqual({ age_min_days: 0, age_max_days: 28 });
    expect(ageBandToDays(undefined, null, 'years')).toEqual({ age_min_days: 0, age_max_days: null });
  });
});
