import type { Dhis2MappingItem } from '@nlims/contracts';
import type { TFunction } from 'i18next';

/** An indicator's name in the reader's language: what it counts, for which programme, band or age. */
export function indicatorLabel(t: TFunction, i: Pick<Dhis2MappingItem, 'measure' | 'programme' | 'band_label' | 'age_band'>): string {
  return t(`dhis2:measure.${i.measure}`, {
    programme: t(`app:program.${i.programme}`, { defaultValue: i.programme }),
    band: i.band_label ?? '',
    age: i.age_band ? t(`dhis2:age.${i.age_band}`) : '',
  });
}

/** `YYYYMM` → `MM/YYYY`. */
export const periodLabel = (period: string) => `${period.slice(4)}/${period.slice(0, 4)}`;

/** The last 24 months before this one (Lagos), newest first, as DHIS2 periods. */
export function lastPeriods(today: string): string[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: 24 }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 2 - i, 1));
    return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}
