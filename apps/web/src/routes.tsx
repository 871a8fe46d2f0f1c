import { findPage, NAV_PAGES, type NavPage, type PageView, referral, TIER_DISEASES } from '@nlims/contracts';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ProgrammePage } from './features/clinical/ProgrammePage';
import type { PageProps } from './features/pages/pageProps';
import type { ResourceConfig } from './features/resources/types';

export type LazyPage = LazyExoticComponent<ComponentType<PageProps>> | ComponentType<PageProps>;

const Placeholder: LazyPage = lazy(() => import('./features/pages/PagePlaceholder'));

/** A page that is one resource of the generic list-and-form mechanism, described by a config module; `create` opens its add form at once. */
function resourcePage(load: () => Promise<{ default: ResourceConfig }>, options: { create?: boolean } = {}): LazyPage {
  return lazy(async () => {
    const [{ default: config }, { ResourcePage }] = await Promise.all([load(), import('./features/resources/ResourcePage')]);
    return { default: ({ page }: PageProps) => <ResourcePage page={page} config={config} startCreating={options.create} /> };
  });
}

const facilities = resourcePage(() => import('./features/admin-global/facilities/facilityConfig'));
const machineSetting = resourcePage(() => import('./features/admin-facility/settings/machineSettingConfig'));
const eidDashboard = lazy(() => import('./features/eid/EidDashboardPage'));
const dispatch = lazy(() => import('./features/dispatch/DispatchPage'));
const phReport = lazy(() => import('./features/ph/PhReportPage'));
const tierDisease = lazy(() => import('./features/tier/TierDiseasePage'));

/**
 * Pages that have been built, by route path. Add a page here as
 * `'/some/path': lazy(() => import('./features/area/SomePage'))`; programme
 * pages go by their view (below); every other page shows the placeholder.
 */
const BUILT: Partial<Record<string, LazyPage>> = {
  '/administrations/global/dashboard': lazy(() => import('./features/admin-global/dashboard/AdminDashboardPage')),
  '/administrations/global/manageFacility': facilities,
  '/facility': facilities,
  '/addfacility': resourcePage(() => import('./features/admin-global/facilities/facilityConfig'), { create: true }),
  '/admin-user': resourcePage(() => import('./features/admin-global/admin-users/adminUserConfig')),
  '/administrations/global/tierUsers': resourcePage(() => import('./features/admin-global/tier-users/tierUserConfig')),
  '/administrations/global/testResultConfiguration': resourcePage(() => import('./features/admin-global/catalogue/testTypeConfig')),
  '/administrations/global/referenceData': lazy(() => import('./features/admin-global/reference/ReferenceDataPage')),
  '/interoperability/dhis2': lazy(() => import('./features/dhis2/Dhis2Page')),
  '/administrations/global/changePassword': lazy(() => import('./features/users/ChangePasswordPage')),
  '/interoperability/api-clients': lazy(() => import('./features/interop/ApiClientsPage')),
  '/administrations/facility/notifications': lazy(() => import('./features/notifications/NotificationsPage')),
  '/interoperability/instruments': lazy(() => import('./features/instruments/InstrumentsPage')),
  '/administrations/facility/facilityUsers': resourcePage(() => import('./features/admin-facility/users/facilityUserConfig')),
  // The test services with each price's date, and the facility's hold-until-paid setting above them.
  '/administrations/facility/testService': lazy(() => import('./features/billing/TestServicePage')),
  '/administrations/facility/tat': resourcePage(() => import('./features/admin-facility/settings/tatConfig')),
  '/administrations/facility/testMeasures': resourcePage(() => import('./features/admin-facility/settings/testMeasureConfig')),
  '/administrations/facility/machineSetting': machineSetting,
  '/machine-setting': machineSetting,
  '/administrations/facility/manage-qc-test-config': resourcePage(() => import('./features/admin-facility/settings/qcConfig')),
  '/clients': lazy(() => import('./features/clients/ClientsPage')),
  '/offline-registration': lazy(() => import('./features/offline/OfflinePage')),
  '/dispatch': dispatch,
  '/non-conformity': lazy(() => import('./features/nonconformity/NcrPage')),
  '/billings': lazy(() => import('./features/billing/BillingsPage')),
  '/add-billing': lazy(() => import('./features/billing/CashDeskPage')),
  '/payment-history': lazy(() => import('./features/billing/PaymentHistoryPage')),
  '/payment-details': lazy(() => import('./features/billing/InvoiceDetailPage')),
  '/programs/tb-dashboard': lazy(() => import('./features/tb/TbDashboardPage')),
  '/programs/tb-report': lazy(() => import('./features/tb/TbReportPage')),
  '/programs/eid-dashboard': eidDashboard,
  '/dashboards/eid': eidDashboard,
  '/programs/vl-dashboard': lazy(() => import('./features/vl/VlDashboardPage')),
  '/dashboards/viral_load': lazy(() => import('./features/vl/VlDashboardPage')),
  '/programs/ph-dashboard': lazy(() => import('./features/ph/PhDashboardPage')),
  '/reports/ph-report': phReport,
  // The EID and viral-load line lists are the public-health one, given the programme.
  '/programs/eid-report': phReport,
  '/programs/vl-report': phReport,
  '/programs/ph-notify': lazy(() => import('./features/ph/PhNotifyPage')),
  '/reports': lazy(() => import('./features/reports/ReportsPage')),
  // Health officials' dashboards: the priority diseases, and one page for the fifteen tier disease paths.
  '/dashboards/public/priority_diseases': lazy(() => import('./features/tier/PriorityDiseasesPage')),
  ...Object.fromEntries(['federal', 'state', 'lga'].flatMap((level) => TIER_DISEASES.map((disease) => [`/dashboards/${level}_${disease}`, tierDisease]))),
  '/dashboards/facility': lazy(() => import('./features/tier/FacilityDashboardPage')),
  '/dashboards/general_program': lazy(() => import('./features/tier/GeneralProgramDashboardPage')),
  '/file-management/documents': lazy(() => import('./features/files/DocumentsPage')),
  '/file-management/recent-folders': lazy(() => import('./features/files/RecentFoldersPage')),
  '/file-management/recent-files': lazy(() => import('./features/files/RecentFilesPage')),
  '/file-management/upload-files': lazy(() => import('./features/files/UploadFilesPage')),
  '/commodities/consumable': lazy(() => import('./features/consumables/ConsumablesPage')),
  '/commodities/createConsumable': lazy(() => import('./features/consumables/ReceivePage')),
  '/commodities/asset': lazy(() => import('./features/assets/AssetsPage')),
  '/commodities/createAsset': lazy(() => import('./features/assets/CreateAssetPage')),
  '/commodities/bulkCheckOutAsset': lazy(() => import('./features/assets/BulkCheckOutPage')),
  '/help': lazy(() => import('./features/help/HelpPage')),
};

type Lazy = LazyExoticComponent<ComponentType<PageProps>>;

/**
 * The programme pages: one component per view (contracts' `PageView`), given
 * the selected programme, so `/clinical/manage-sample` and
 * `/programs/tb-manage-sample` are the same page. A view without a component
 * here (home) shows the placeholder.
 */
const VIEWS: Partial<Record<PageView, Lazy>> = {
  labOrder: lazy(() => import('./features/clinical/lab-order/LabOrderPage')),
  completeEntry: lazy(() => import('./features/clinical/complete-entry/CompleteEntryPage')),
  manageSample: lazy(() => import('./features/clinical/samples/ManageSamplePage')),
  reception: lazy(() => import('./features/clinical/samples/ReceptionPage')),
  rejectedSample: lazy(() => import('./features/clinical/samples/RejectedSamplePage')),
  workplan: lazy(() => import('./features/clinical/workplan/WorkplanPage')),
  enterResults: lazy(() => import('./features/clinical/results/EnterResultsPage')),
  validate: lazy(() => import('./features/clinical/results/ValidatePage')),
  approve: lazy(() => import('./features/clinical/results/ApprovePage')),
  released: lazy(() => import('./features/clinical/results/ManageResultPage')),
  retest: lazy(() => import('./features/clinical/results/RetestPage')),
  qualityControl: lazy(() => import('./features/qc/QualityControlPage')),
  worksheet: lazy(() => import('./features/worksheets/WorksheetPage')),
  worksheetArchive: lazy(() => import('./features/worksheets/WorksheetArchivePage')),
};

/** Views built for one family only: General's dashboard and report (the others' read endpoints of their own). */
const GENERAL_VIEWS: Partial<Record<PageView, Lazy>> = {
  dashboard: lazy(() => import('./features/clinical/dashboard/DashboardPage')),
  report: lazy(() => import('./features/clinical/report/ReportPage')),
};

/** The component of a programme page, wrapped so that it starts afresh when the programme changes. */
function viewPage(page: NavPage): LazyPage | undefined {
  const view = page.view && (VIEWS[page.view] ?? (page.family === 'general' ? GENERAL_VIEWS[page.view] : undefined));
  if (!view) return undefined;
  return (props: PageProps) => <ProgrammePage {...props} view={view} />;
}

export interface AppRoute {
  page: NavPage;
  Page: LazyPage;
}

/**
 * Referral pages reached from the dispatch page rather than the sidebar: one shipment, for either of its
 * laboratories, and the incoming shipments for a testing laboratory's receivers (who send nothing).
 */
const REFERRAL_ROUTES: readonly AppRoute[] = [
  { page: { path: '/dispatch/shipment/:id', key: 'dispatch', allow: referral }, Page: lazy(() => import('./features/dispatch/ShipmentPage')) },
  { page: { path: '/dispatch/incoming', key: 'dispatch', allow: referral }, Page: dispatch },
];

/** A non-conformity report and the form of a new one, for whoever opens the reports' page. */
const NCR_ALLOW = findPage('/non-conformity')!.allow;
const NCR_ROUTES: readonly AppRoute[] = [
  { page: { path: '/non-conformity/new', key: 'nonConformity', allow: NCR_ALLOW }, Page: lazy(() => import('./features/nonconformity/NewNcrPage')) },
  { page: { path: '/non-conformity/:id', key: 'nonConformity', allow: NCR_ALLOW }, Page: lazy(() => import('./features/nonconformity/NcrDetailPage')) },
];

/**
 * The one route table of the signed-in app. Paths, access rules, sidebar
 * groups and title keys all come from NAV_PAGES, so the sidebar shows a
 * page exactly when its route lets the user in; the referral and
 * non-conformity pages above, outside the sidebar, follow.
 */
export const APP_ROUTES: readonly AppRoute[] = [
  ...NAV_PAGES.map((page) => ({ page, Page: BUILT[page.path] ?? viewPage(page) ?? Placeholder })),
  ...REFERRAL_ROUTES,
  ...NCR_ROUTES,
];
