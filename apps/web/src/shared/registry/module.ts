import type { NavPage, PageView, ProgramKind } from '@nlims/contracts';
import type { ComponentType } from 'react';
import type { PageProps } from '../page/pageProps';
import type { SlotFill } from './slots';

/** A page component as the route table mounts it (usually `lazy` over a dynamic import of the page, so each page is its own chunk). */
export type PageComponent = ComponentType<PageProps>;

/** A route outside the sidebar (not in contracts' NAV_PAGES): its own path, title key and access rule. */
export interface ModuleRoute {
  page: NavPage;
  Page: PageComponent;
}

/** The component of a programme view (contracts' `PageView`), for every family's page of that view or only `family`'s. */
export interface ModuleView {
  view: PageView;
  Page: PageComponent;
  family?: ProgramKind;
}

/**
 * What a feature contributes to the signed-in app, declared in its own `module.tsx`. Which pages exist,
 * who may open them and where they sit in the sidebar is contracts' NAV_PAGES (nav.ts); a module says
 * which of those pages it builds, and adds what only it knows.
 */
export interface WebModule {
  /** The feature's folder name. */
  readonly name: string;
  /** The NAV_PAGES paths it builds, each to its page (the sidebar's items for those paths). */
  readonly pages?: Readonly<Record<string, PageComponent>>;
  /** Programme views it renders (one component for every programme of the family). */
  readonly views?: readonly ModuleView[];
  /** Pages reached from its other pages rather than the sidebar. */
  readonly routes?: readonly ModuleRoute[];
  /** Sidebar badge counts, by page path: a hook, called on every render of the sidebar. */
  readonly useBadges?: () => Readonly<Record<string, number>>;
  /** The slots of other features' pages that it fills. */
  readonly fills?: readonly SlotFill[];
}

/** Declares a module (typed; nothing else). */
export const defineModule = (module: WebModule): WebModule => module;
