const naira = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money: the naira sign, thousands separators, two decimals (SPEC §9). */
export function formatNaira(amount: number | null | undefined): string {
  if (amount == null || !Number.isFinite(amount)) return '';
  return `${amount < 0 ? '-' : ''}₦${naira.format(Math.abs(amount))}`;
}

/** The digits of a typed amount, for the price input's parser. */
export function parseNaira(text: string | undefined): number | null {
  const cleaned = (text ?? '').replace(/[^\d.-]/g, '');
  if (cleaned === '' || cleaned === '-' || cleaned === '.') return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

export const DAYS_PER_YEAR = 365;
export type AgeUnit = 'years' | 'days';

/** An age band as the form shows it: in years when both ends are whole years, otherwise in days. */
export function ageBandToForm(minDays: number, maxDays: number | null): { age_min: number; age_max: number | null; age_unit: AgeUnit } {
  const whole = (d: number | null) => d == null || d % DAYS_PER_YEAR === 0;
  if (whole(minDays) && whole(maxDays)) {
    return { age_min: minDays / DAYS_PER_YEAR, age_max: maxDays == null ? null : maxDays / DAYS_PER_YEAR, age_unit: 'years' };
  }
  return { age_min: minDays, age_max: maxDays, age_unit: 'days' };
}

/** The form's age band back in days, as the API stores it. */
export function ageBandToDays(
  min: number | null | undefined,
  max: number | null | undefined,
  unit: AgeUnit,
): { age_min_days: number; age_max_days: number | null } {
  const factor = unit === 'years' ? DAYS_PER_YEAR : 1;
  return {
    age_min_days: Math.round((min ?? 0) * factor),
    age_max_days: max == null ? null : Math.round(max * factor),
  };
}
