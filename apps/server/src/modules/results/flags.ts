import type { Flag } from '@nlims/contracts';

export interface Range {
  sex: string;
  age_min_days: number;
  age_max_days: number | null;
  low: number | null;
  high: number | null;
  critical_low: number | null;
  critical_high: number | null;
  unit: string;
}

/** The range for this client: the first matching sex and age band, preferring a sex-specific one. */
export function pickRange(ranges: Range[], sex: string, ageDays: number | null): Range | null {
  const fits = ranges.filter(
    (r) => (r.sex === 'any' || r.sex === sex) && (ageDays == null || (ageDays >= r.age_min_days && (r.age_max_days == null || ageDays <= r.age_max_days))),
  );
  return fits.find((r) => r.sex === sex) ?? fits[0] ?? null;
}

/** L / H against the reference range, LL / HH against the critical limits (critical wins). */
export function flagFor(value: number, range: Range | null): Flag | null {
  if (!range) return null;
  if (range.critical_low != null && value < range.critical_low) return 'LL';
  if (range.critical_high != null && value > range.critical_high) return 'HH';
  if (range.low != null && value < range.low) return 'L';
  if (range.high != null && value > range.high) return 'H';
  return null;
}

export function ageInDays(dateOfBirth: string | null, at = new Date()): number | null {
  if (!dateOfBirth) return null;
  return Math.floor((at.getTime() - Date.parse(`${dateOfBirth}T00:00:00Z`)) / 86_400_000);
}
