import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => window.matchMedia(query).matches,
  );
}

/** SPEC §9 breakpoints: below 768 px the sidebar becomes a drawer; below 992 px it starts collapsed. */
export const TABLET_UP = '(min-width: 768px)';
export const DESKTOP_UP = '(min-width: 992px)';
