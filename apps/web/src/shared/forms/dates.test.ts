import dayjsConfig from '@rc-component/picker/generate/dayjs';
import 'dayjs/locale/ar';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toLocalInput } from '../format/format';
import { DATE_FORMAT, DATE_TIME_FORMAT, DATE_TIME_TYPED, DATE_TYPED, dateString, dateTimeString, lagosNow, parseDate, parseDateTime } from './dates';

/** What the picker does with typed text and with its value (Ant Design's dayjs adapter). */
const typed = (text: string, formats: string[]) => dayjsConfig.locale.parse('en_US', text, formats);
const shown = (locale: string, value: ReturnType<typeof parseDate>, format: string) => dayjsConfig.locale.format(locale, value!, format);

describe('date input strings', () => {
  afterEach(() => vi.useRealTimers());

  it('round-trips YYYY-MM-DD and shows it as DD/MM/YYYY', () => {
    expect(dateString(parseDate('1990-04-12'))).toBe('1990-04-12');
    expect(shown('en_US', parseDate('1990-04-12'), DATE_FORMAT)).toBe('12/04/1990');
    expect(parseDate('2023-02-31')).toBeNull();
    expect(parseDate('12/04/1990')).toBeNull();
    expect(parseDate('')).toBeNull();
    expect(parseDate(undefined)).toBeNull();
    expect(dateString(null)).toBeUndefined();
  });

  it('round-trips a datetime-local value (Lagos wall-clock time) and shows it as DD/MM/YYYY HH:mm, 24-hour', () => {
    expect(dateTimeString(parseDateTime('2026-03-05T21:15'))).toBe('2026-03-05T21:15');
    expect(dateTimeString(parseDateTime('2026-03-05T21:15:59'))).toBe('2026-03-05T21:15');
    expect(shown('en_US', parseDateTime('2026-03-05T21:15'), DATE_TIME_FORMAT)).toBe('05/03/2026 21:15');
    expect(parseDateTime('2026-03-05T24:00')).toBeNull();
    expect(parseDateTime('2026-03-05')).toBeNull();
    expect(dateTimeString(undefined)).toBeUndefined();
    // what the forms already post: the same instant as before
    const at = new Date('2026-03-05T08:15:00Z');
    expect(dateTimeString(parseDateTime(toLocalInput(at)))).toBe(toLocalInput(at));
  });

  it('reads a typed DD/MM/YYYY (with or without leading zeros or slashes), never MM/DD', () => {
    for (const text of ['12/04/1990', '12/4/1990', '12041990']) expect(dateString(typed(text, DATE_TYPED))).toBe('1990-04-12');
    expect(dateString(typed('1/2/2020', DATE_TYPED))).toBe('2020-02-01');
    expect(typed('04/31/1990', DATE_TYPED)).toBeNull();
    expect(typed('12/04/199', DATE_TYPED)).toBeNull();
    expect(dateTimeString(typed('05/03/2026 21:15', DATE_TIME_TYPED))).toBe('2026-03-05T21:15');
    expect(dateTimeString(typed('5/3/2026 9:05', DATE_TIME_TYPED))).toBe('2026-03-05T09:05');
  });

  it('keeps Western digits in Arabic', () => {
    const value = parseDate('1990-04-12')!.locale('ar');
    expect(shown('ar_EG', value, DATE_FORMAT)).toBe('12/04/1990');
    expect(dateString(value)).toBe('1990-04-12');
  });

  it("takes today and now in Lagos, not in the browser's time zone", () => {
    vi.useFakeTimers({ now: new Date('2026-03-05T23:30:00Z') });
    expect(dateTimeString(lagosNow())).toBe('2026-03-06T00:30');
  });
});
