import { lazy } from 'react';

/** The illustrated error pages are only downloaded when one is shown. */
export const LazyErrorPage = lazy(() => import('./ErrorPage'));
