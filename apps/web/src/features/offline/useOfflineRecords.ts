import { useCallback, useEffect, useState } from 'react';
import { useSession } from '../auth/useSession';
import { type OfflineRecord, onRecordsChanged, recordsOf } from './store';
import { SYNC_INTERVAL_MS, syncRecords } from './sync';

/** The signed-in user's offline records, kept current as they are saved and sent (in any tab). */
export function useOfflineRecords(): { records: OfflineRecord[]; loaded: boolean; reload: () => void } {
  const username = useSession().user?.username ?? null;
  const [state, setState] = useState<{ records: OfflineRecord[]; loaded: boolean }>({ records: [], loaded: false });
  const reload = useCallback(() => {
    if (!username) return;
    void recordsOf(username)
      .then((records) => setState({ records, loaded: true }))
      .catch(() => setState({ records: [], loaded: true }));
  }, [username]);
  useEffect(() => {
    reload();
    return onRecordsChanged(reload);
  }, [reload]);
  return { ...state, reload };
}

/** Records not yet registered on the server. */
export const unsent = (records: readonly OfflineRecord[]) => records.filter((r) => r.state !== 'sent');

/** Send waiting records when the page opens, when the connection returns, and every minute. */
export function useOfflineSync(): void {
  const username = useSession().user?.username ?? null;
  useEffect(() => {
    if (!username) return;
    const run = () => void syncRecords(username).catch(() => undefined);
    run();
    window.addEventListener('online', run);
    const timer = setInterval(run, SYNC_INTERVAL_MS);
    return () => {
      window.removeEventListener('online', run);
      clearInterval(timer);
    };
  }, [username]);
}
