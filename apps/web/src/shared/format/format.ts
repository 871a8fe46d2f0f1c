/** Africa/Lagos is UTC+1 all year (no daylight saving), so wall-clock times are UTC plus one hour. */
const LAGOS_OFFSET_MS = 60 * 60_000;
const pad = (n: number) => String(n).padStart(2, '0');

function lagos(value: string | Date | null | undefined): Date | null {
  if (value == null || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : new Date(d.getTime() + LAGOS_OFFSET_MS);
}

/** DD/MM/YYYY HH:mm in Lagos time (SPEC §9 date formats). */
export function formatDateTime(value: string | Date | null | undefined): string {
  const d = lagos(value);
  if (!d) return '';
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** DD/MM/YYYY for a calendar date (YYYY-MM-DD) or a timestamp. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  return formatDateTime(value).slice(0, 10);
}

/** The value of a datetime-local input for a moment, in Lagos time. */
export function toLocalInput(value: Date = new Date()): string {
  const d = lagos(value)!;
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** A datetime-local value (Lagos wall-clock time) as ISO 8601 with its offset, as the API wants it. */
export function fromLocalInput(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const withSeconds = value.length === 16 ? `${value}:00` : value;
  return `${withSeconds}+01:00`;
}

/** Today in Lagos as YYYY-MM-DD. */
export function todayLagos(): string {
  return toLocalInput().slice(0, 10);
}

export interface Age {
  count: number;
  unit: 'days' | 'months' | 'years';
}

/** SPEC §9: under one year, days when whole months are 0, else months; otherwise years. */
export function ageOf(dateOfBirth: string | null | undefined, today = new Date()): Age | null {
  if (!dateOfBirth) return null;
  const birth = new Date(`${dateOfBirth.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(birth.getTime())) return null;
  const now = lagos(today)!;
  let months = (now.getUTCFullYear() - birth.getUTCFullYear()) * 12 + (now.getUTCMonth() - birth.getUTCMonth());
  if (now.getUTCDate() < birth.getUTCDate()) months -= 1;
  if (months >= 12) return { count: Math.floor(months / 12), unit: 'years' };
  if (months > 0) return { count: months, unit: 'months' };
  const days = Math.max(0, Math.floor((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - birth.getTime()) / 86_400_000));
  return { count: days, unit: 'days' };
}

/** Hours (signed) until a due time; negative when overdue. */
export function hoursUntil(due: string | null | undefined, now = Date.now()): number | null {
  if (!due) return null;
  const t = new Date(due).getTime();
  return Number.isNaN(t) ? null : (t - now) / 3_600_000;
}
