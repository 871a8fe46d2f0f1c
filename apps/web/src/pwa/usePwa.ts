import { useSyncExternalStore } from 'react';
import { getPwaState, subscribePwa, type PwaState } from './serviceWorker';

export const INSTALLED_NOTICE_MS = 6000;

export function usePwa(): PwaState {
  return useSyncExternalStore(subscribePwa, getPwaState);
}
