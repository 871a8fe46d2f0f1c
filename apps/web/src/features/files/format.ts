import { BIN_DAYS, FILE_KINDS } from '@nlims/contracts';
import type { TFunction } from 'i18next';
import { ltr } from '../../shared/format/figures';
import { formatDate, formatDateTime } from '../../shared/format/format';

/** A file's size in bytes, kilobytes or megabytes (one decimal under ten). */
export function formatSize(t: TFunction, bytes: number): string {
  if (bytes < 1024) return t('files:size.b', { n: bytes });
  const kb = bytes / 1024;
  if (kb < 1024) return t('files:size.kb', { n: kb < 10 ? kb.toFixed(1) : Math.round(kb) });
  const mb = kb / 1024;
  return t('files:size.mb', { n: mb < 10 ? mb.toFixed(1) : Math.round(mb) });
}

/** The name of a file's kind (recognised by its bytes), in the interface language. */
export function kindText(t: TFunction, kind: string): string {
  return kind in FILE_KINDS ? t(`files:kind.${kind}`) : kind.toUpperCase();
}

/** A date and time as the app writes them, kept left to right inside Arabic text; a dash when there is none. */
export const when = (value: string | null | undefined) => (value ? ltr(formatDateTime(value)) : '—');
export const day = (value: string | null | undefined) => (value ? ltr(formatDate(value)) : '—');

/** Days left before something deleted leaves the bin for good. */
export function binDaysLeft(deletedAt: string, now = Date.now()): number {
  return Math.max(0, BIN_DAYS - Math.floor((now - new Date(deletedAt).getTime()) / 86_400_000));
}
