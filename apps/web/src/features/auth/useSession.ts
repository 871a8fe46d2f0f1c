import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type Session } from '../../api/session';

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession);
}
