import type { NavPage } from '@nlims/contracts';
import type { ReactNode } from 'react';
import { LazyErrorPage } from '../errors/lazyErrorPage';
import { useAccess } from '../auth/useAccess';

/** Signed in but not allowed here: the 403 page (the sidebar never links here for this user). */
export function PageGuard({ page, children }: { page: NavPage; children: ReactNode }) {
  const ctx = useAccess();
  return page.allow(ctx) ? children : <LazyErrorPage status="403" />;
}
