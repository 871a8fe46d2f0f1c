import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { durationText, hasReading } from './figures';

// The keys with their value, as the catalogue would fill them.
const t = ((key: string, o: { value: string }) => `${key}:${o.value}`) as unknown as TFunction;

describe('a turnaround', () => {
  it('reads in minutes under an hour, hours under a day, days beyond — never "0 days"', () => {
    expect(durationText(t, 0)).toBe('duration.minutes:0');
    expect(durationText(t, 42)).toBe('duration.minutes:42');
    expect(durationText(t, 90)).toBe('duration.hours:1.5');
    expect(durationText(t, 1439)).toBe('duration.hours:24');
    expect(durationText(t, 1440)).toBe('duration.days:1');
    expect(durationText(t, 4320 + 144)).toBe('duration.days:3.1');
    expect(durationText(t, null)).toBe('—');
  });
});

describe('positives and positivity', () => {
  it('belong to rows with a positive or negative reading only', () => {
    expect(hasReading({ with_reading: 11 })).toBe(true);
    expect(hasReading({ with_reading: 0 })).toBe(false);
  });
});
