import { NAV_PAGES, type NavPage } from '@nlims/contracts';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageProps } from './features/pages/pageProps';
import type { ResourceConfig } from './features/resources/types';

export type LazyPage = LazyExoticComponent<ComponentType<PageProps>>;

const Placeholder: LazyPage = lazy(() => import('./features/pages/PagePlaceholder'));

/**
 * Pages that have been built, by route path. Add a page here as
 * `'/clinical/lab-order': lazy(() => import('./features/samples/LabOrderPage'))`;
 * every other page shows the placeholder.
 */
/** A page that is one resource of the generic list-and-form mechanism, described by a config module; `create` opens its add form at once. */
function resourcePage(load: () => Promise<{ default: ResourceConfig }>, options: { create?: boolean } = {}): LazyPage {
  return lazy(async () => {
    const [{ default: config }, { ResourcePage }] = await Promise.all([load(), import('./features/resources/ResourcePage')]);
    return { default: ({ page }: PageProps) => <ResourcePage page={page} config={config} startCreating={options.create} /> };
  });
}

const facilities = resourcePage(() => import('./features/admin-global/facilities/facilityConfig'));
const machineSetting = resourcePage(() => import('./features/admin-facility/settings/machineSettingConfig'));

const BUILT: Partial<Record<string, LazyPage>> = {
  '/administrations/global/dashboard': lazy(() => import('./features/admin-global/dashboard/AdminDashboardPage')),
  '/administrations/global/manageFacility': facilities,
  '/facility': facilities,
  '/addfacility': resourcePage(() => import('./features/admin-global/facilities/facilityConfig'), { create: true }),
  '/admin-user': resourcePage(() => import('./features/admin-global/admin-users/adminUserConfig')),
  '/administrations/global/tierUsers': resourcePage(() => import('./features/admin-global/tier-users/tierUserConfig')),
  '/administrations/global/testResultConfiguration': resourcePage(() => import('./features/admin-global/catalogue/testTypeConfig')),
  '/administrations/global/referenceData': lazy(() => import('./features/admin-global/reference/ReferenceDataPage')),
  '/administrations/global/changePassword': lazy(() => import('./features/users/ChangePasswordPage')),
  '/administrations/facility/facilityUsers': resourcePage(() => import('./features/admin-facility/users/facilityUserConfig')),
  '/administrations/facility/testService': resourcePage(() => import('./features/admin-facility/settings/testServiceConfig')),
  '/administrations/facility/tat': resourcePage(() => import('./features/admin-facility/settings/tatConfig')),
  '/administrations/facility/testMeasures': resourcePage(() => import('./features/admin-facility/settings/testMeasureConfig')),
  '/administrations/facility/machineSetting': machineSetting,
  '/machine-setting': machineSetting,
  '/administrations/facility/manage-qc-test-config': resourcePage(() => import('./features/admin-facility/settings/qcConfig')),
  '/clinical/lab-order': lazy(() => import('./features/clinical/lab-order/LabOrderPage')),
  '/clinical/manage-sample': lazy(() => import('./features/clinical/samples/ManageSamplePage')),
  '/clinical/sample-reception': lazy(() => import('./features/clinical/samples/ReceptionPage')),
  '/clinical/enter-results': lazy(() => import('./features/clinical/results/EnterResultsPage')),
  '/clinical/validate-results': lazy(() => import('./features/clinical/results/ValidatePage')),
  '/clinical/approve-results': lazy(() => import('./features/clinical/results/ApprovePage')),
  '/manage-result': lazy(() => import('./features/clinical/results/ManageResultPage')),
  '/clinical/workplan': lazy(() => import('./features/clinical/workplan/WorkplanPage')),
  '/clinical/dashboard': lazy(() => import('./features/clinical/dashboard/DashboardPage')),
  '/clinical/report': lazy(() => import('./features/clinical/report/ReportPage')),
  '/clinical/complete-entry': lazy(() => import('./features/clinical/complete-entry/CompleteEntryPage')),
  '/clients': lazy(() => import('./features/clients/ClientsPage')),
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
