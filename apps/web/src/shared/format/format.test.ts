import { describe, expect, it } from 'vitest';
import { ageOf, formatDate, formatDateTime, fromLocalInput, hoursUntil, toLocalInput } from './format';

describe('clinical formats', () => {
  it('shows times in Lagos time as DD/MM/YYYY HH:mm', () => {
    expect(formatDateTime('2026-03-05T23:30:00Z')).toBe('06/03/2026 00:30');
    expect(formatDateTime(null)).toBe('');
    expect(formatDate('1990-04-12')).toBe('12/04/1990');
  });

  it('round-trips a datetime-local value with the +01:00 offset', () => {
    const at = new Date('2026-03-05T08:15:00Z');
    expect(toLocalInput(at)).toBe('2026-03-05T09:15');
    expect(fromLocalInput('2026-03-05T09:15')).toBe('2026-03-05T09:15:00+01:00');
    expect(new Date(fromLocalInput(toLocalInput(at))!).getTime()).toBe(at.getTime());
    expect(fromLocalInput('')).toBeUndefined();
  });

  it('gives ages in days, months or years (SPEC §9)', () => {
    const today = new Date('2026-06-15T10:00:00Z');
    expect(ageOf('2026-06-05', today)).toEqual({ count: 10, unit: 'days' });
    expect(ageOf('2026-02-10', today)).toEqual({ count: 4, unit: 'months' });
    expect(ageOf('1990-06-16', today)).toEqual({ count: 35, unit: 'years' });
    expect(ageOf('1990-06-15', today)).toEqual({ count: 36, unit: 'years' });
    expect(ageOf(null, today)).toBeNull();
  });

  it('counts hours to a due time, negative when overdue', () => {
    expect(hoursUntil('2026-01-01T12:00:00Z', Date.parse('2026-01-01T10:00:00Z'))).toBe(2);
    expect(hoursUntil('2026-01-01T09:00:00Z', Date.parse('2026-01-01T10:00:00Z'))).toBe(-1);
  });
});
