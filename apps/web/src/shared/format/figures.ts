import type { TbPeriodicity } from '@nlims/contracts';
import type { TFunction } from 'i18next';
import { formatDate, todayLagos } from './format';

/** How the dashboards write their periods and rates. */

/**
 * A series period (its first day, YYYY-MM-DD) as its periodicity reads it: a day or a week's Monday as DD/MM/YYYY,
 * MM/YYYY, Q1 2026, 2026; the quarter's words from the catalog `ns` (each dashboard's own).
 */
export function periodText(t: TFunction, period: string, periodicity: TbPeriodicity, ns: string): string {
  const [year, month] = period.split('-');
  switch (periodicity) {
    case 'daily':
    case 'weekly':
      return formatDate(period);
    case 'monthly':
      return `${month}/${year}`;
    case 'quarterly':
      return t(`${ns}:period.quarter`, { quarter: Math.floor((Number(month) - 1) / 3) + 1, year });
    case 'yearly':
      return year ?? period;
  }
}

/** A percentage with one decimal as the API gives it, or a dash when there is nothing to divide by. */
export const percentText = (value: number | null | undefined): string => (value == null ? '—' : `${value}%`);

/** Today in Africa/Lagos and the day `days - 1` before it: a period of `days` days ending today, as the API takes it. */
export function defaultPeriod(days: number): { start_date: string; end_date: string } {
  const end = todayLagos();
  const start = new Date(Date.parse(`${end}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { start_date: start, end_date: end };
}

/** A figure with its signs and unit ("0–14", "≥ 1,000", "455 ± 15 µmol/L") kept left to right inside Arabic text (a first-strong isolate around it). */
export const ltr = (text: string) => `\u2066${text}\u2069`;
