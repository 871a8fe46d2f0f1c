import { NAV_PAGES, type NavPage } from '@nlims/contracts';
import { lazy } from 'react';
import { MODULES } from './modules';
import type { ModuleRoute, PageComponent, WebModule } from './shared/registry';

const Placeholder: PageComponent = lazy(() => import('./shared/page/PagePlaceholder'));

/** Every module's pages by NAV_PAGES path (contracts); a path two modules claim is a mistake (modules.test.ts). */
export function pagesOf(modules: readonly WebModule[]): ReadonlyMap<string, PageComponent> {
  return new Map(modules.flatMap((m) => Object.entries(m.pages ?? {})));
}

/**
 * The component of a programme page: the module view (contracts' `PageView`) for the page's family, else
 * the view every family shares, so `/clinical/manage-sample` and `/programs/tb-manage-sample` are one page.
 */
export function viewOf(modules: readonly WebModule[], page: NavPage): PageComponent | undefined {
  if (!page.view) return undefined;
  const views = modules.flatMap((m) => m.views ?? []).filter((v) => v.view === page.view);
  return (views.find((v) => v.family === page.family) ?? views.find((v) => v.family == null))?.Page;
}

/**
 * The route table of the signed-in app, from the modules (modules.ts). Paths, access rules, sidebar groups
 * and title keys all come from NAV_PAGES, so the sidebar shows a page exactly when its route lets the user
 * in; a page no module builds shows the placeholder. Then each module's routes outside the sidebar.
 */
export function routesOf(modules: readonly WebModule[]): ModuleRoute[] {
  const pages = pagesOf(modules);
  return [
    ...NAV_PAGES.map((page) => ({ page, Page: pages.get(page.path) ?? viewOf(modules, page) ?? Placeholder })),
    ...modules.flatMap((m) => m.routes ?? []),
  ];
}

export const APP_ROUTES: readonly ModuleRoute[] = routesOf(MODULES);
