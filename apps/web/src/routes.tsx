import { NAV_PAGES, type NavPage } from '@nlims/contracts';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface PageProps {
  page: NavPage;
}
export type LazyPage = LazyExoticComponent<ComponentType<PageProps>>;

const Placeholder: LazyPage = lazy(() => import('./features/pages/PagePlaceholder'));

/**
 * Pages that have been built, by route path. Add a page here as
 * `'/clinical/lab-order': lazy(() => import('./features/samples/LabOrderPage'))`;
 * every other page shows the placeholder.
 */
const BUILT: Partial<Record<string, LazyPage>> = {
  '/administrations/global/referenceData': lazy(() => import('./features/admin-global/reference/ReferenceDataPage')),
};

export interface AppRoute {
  page: NavPage;
  Page: LazyPage;
}

/**
 * The one route table of the signed-in app. Paths, access rules, sidebar
 * groups and title keys all come from NAV_PAGES, so the sidebar shows a
 * page exactly when its route lets the user in.
 */
export const APP_ROUTES: readonly AppRoute[] = NAV_PAGES.map((page) => ({ page, Page: BUILT[page.path] ?? Placeholder }));
