import type { TFunction } from 'i18next';
import { ApiError, errorLines, NetworkError } from '../../api/errors';

/** Why a call failed, in the reader's words where the API gives none. */
export function problemText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const fields = error.fieldErrors;
    if (fields) return Object.values(fields).flat().join(' ');
    const lines = errorLines(error);
    if (lines.length) return lines.join('\n');
  }
  if (error instanceof NetworkError) return t(`public:notice.appError.${error.timedOut ? 'timeout' : 'network'}`);
  return t('public:notice.appError.unknown');
}
