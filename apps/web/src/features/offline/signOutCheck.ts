import { useTranslation } from 'react-i18next';
import { recordsOf } from './store';

/** Before signing out: records registered offline and not yet sent stay on this device, so say so. */
export function useUnsentRecordsCheck(): (username: string) => Promise<string | null> {
  const { t } = useTranslation('offline');
  return async (username) => {
    const waiting = (await recordsOf(username).catch(() => [])).filter((r) => r.state !== 'sent').length;
    return waiting ? t('signOut.warning', { n: waiting }) : null;
  };
}
