import type { AccessContext } from './access.js';
import { FAMILY_LIST, type FamilyDefinition, type PageView, type Permission } from './programmes/families.js';
import { TIER_DISEASES } from './programmes/priority.js';
import { familyOf, roleMay } from './programmes/registry.js';
import type { ProgramKind } from './programs.js';
import type { Role } from './roles.js';

/**
 * Every page of the authenticated app, with who may open it and where it sits
 * in the sidebar (SPEC §2 routes, SPEC §6 sidebar visibility). The web route
 * table and the route guard both read this list, so a page is visible in the
 * sidebar exactly when its route lets the user in.
 */
export type NavGroup =
  | 'globalAdmin'
  | 'facilityAdmin'
  | 'inventory'
  | 'consumables'
  | 'analytics'
  | 'samples'
  | 'results'
  | 'worksheets'
  | 'billing'
  | 'tierDashboards'
  | 'files'
  | 'nonConformity';

export const NAV_GROUPS: readonly NavGroup[] = [
  'globalAdmin',
  'facilityAdmin',
  'inventory',
  'consumables',
  'analytics',
  'samples',
  'results',
  'worksheets',
  'billing',
  'tierDashboards',
  'files',
  'nonConformity',
];

export interface NavPage {
  /** Route path (react-router pattern, absolute). */
  path: string;
  /** i18n key suffix: the title is `nav.<key>`. */
  key: string;
  /** Sidebar group; pages without one are reached from other pages. */
  group?: NavGroup;
  /** The group a tier user finds it in, where that differs from `group` (a page both staff and health officials open). */
  tierGroup?: NavGroup;
  allow: (ctx: AccessContext) => boolean;
  /** Programme pages: the shared component that renders it, and the family whose programme it is given. */
  view?: PageView;
  family?: ProgramKind;
}

type Rule = (ctx: AccessContext) => boolean;

const anyone: Rule = () => true;
const superuser: Rule = (c) => c.superuser;
const facilityAdmin: Rule = (c) => c.admin && !c.superuser;
const labAdmin: Rule = (c) => facilityAdmin(c) && (c.facilityType === 'public' || c.facilityType === 'private');
const anyTier: Rule = (c) => c.tier != null;
const tierAt =
  (level: number): Rule =>
  (c) =>
    c.tier === level;
/** Facility staff (not admin, super admin or tier user) working in one of `kinds`, holding one of `roles`. */
const staff =
  (kinds: readonly ProgramKind[], roles?: readonly Role[]): Rule =>
  (c) =>
    !c.superuser && c.tier == null && !c.admin && c.kind != null && kinds.includes(c.kind) && (!roles || (c.role != null && roles.includes(c.role)));

const SUP: Role = 'Supervisor';
const REC: Role = 'Receptionist';
const CLERK: Role = 'Data Clerk';
const DATA_ANALYST: Role = 'Data Analyst';
const MANAGER: Role = 'Manager';

const ALL_PROGRAMS: readonly ProgramKind[] = FAMILY_LIST.map((f) => f.family);

function page(path: string, key: string, allow: Rule, group?: NavGroup): NavPage {
  return { path, key, allow, group };
}

const globalAdmin: NavPage[] = [
  page('/administrations/global/dashboard', 'globalDashboard', superuser, 'globalAdmin'),
  page('/administrations/global/manageFacility', 'manageFacility', superuser, 'globalAdmin'),
  page('/administrations/global/tierUsers', 'tierUsers', superuser, 'globalAdmin'),
  page('/administrations/global/testResultConfiguration', 'testResultConfiguration', superuser, 'globalAdmin'),
  // The plain reference lists (methods, sections, organisms, suppliers, …), one page with a list per resource.
  page('/administrations/global/referenceData', 'referenceData', superuser, 'globalAdmin'),
  // DHIS2 monthly aggregates: mappings, org units, the server, the month's export and its history.
  page('/interoperability/dhis2', 'dhis2', superuser, 'globalAdmin'),
  page('/administrations/global/changePassword', 'changePassword', superuser, 'globalAdmin'),
  page('/facility', 'facility', superuser),
  page('/addfacility', 'addFacility', superuser),
  page('/admin-user', 'adminUser', superuser),
];

const facilityAdministration: NavPage[] = [
  page('/administrations/facility/facilityUsers', 'facilityUsers', facilityAdmin, 'facilityAdmin'),
  page('/administrations/facility/testService', 'testService', facilityAdmin, 'facilityAdmin'),
  page('/administrations/facility/tat', 'tat', facilityAdmin, 'facilityAdmin'),
  page('/administrations/facility/testMeasures', 'testMeasures', facilityAdmin, 'facilityAdmin'),
  page('/administrations/facility/machineSetting', 'machineSetting', labAdmin, 'facilityAdmin'),
  // Other systems (an EMR) that post orders and read results over FHIR, each with its secret.
  page('/interoperability/api-clients', 'apiClients', facilityAdmin, 'facilityAdmin'),
  // Result messages: the outbox, what each programme's messages say, and the critical values.
  page('/administrations/facility/notifications', 'notifications', facilityAdmin, 'facilityAdmin'),
  // The analysers' unmatched results and messages log: a supervisor or manager of the facility.
  page('/interoperability/instruments', 'instruments', staff(ALL_PROGRAMS, [MANAGER, SUP]), 'results'),
  page('/administrations/facility/manage-qc-test-config', 'qcTestConfig', labAdmin, 'facilityAdmin'),
  page('/machine-setting', 'machineSetting', labAdmin),
  page('/commodities/createAsset', 'createAsset', facilityAdmin, 'inventory'),
  page('/commodities/asset', 'asset', facilityAdmin, 'inventory'),
  page('/commodities/bulkCheckOutAsset', 'bulkCheckOutAsset', facilityAdmin, 'inventory'),
  page('/commodities/createConsumable', 'createConsumable', facilityAdmin, 'consumables'),
  page('/commodities/consumable', 'consumable', facilityAdmin, 'consumables'),
];

/**
 * The programme pages come from the family definitions (programmes/families.ts):
 * a page opens for staff working in that family whose role holds the page's permission.
 */
const mayIn =
  (family: ProgramKind, permission: Permission): Rule =>
  (c) =>
    staff([family])(c) && c.program != null && roleMay(c.role, c.program, permission);

/** The roles of other families that land on this page (SPEC §4: the public-health dashboard is the Data Analyst's landing for TB, EID and Viral Load). */
const landingOfOthers = (own: FamilyDefinition, path: string): Rule[] =>
  FAMILY_LIST.filter((f) => f !== own).flatMap((f) =>
    (Object.entries(f.landing) as [Role | 'fallback', string][])
      .filter(([role, landing]) => role !== 'fallback' && landing === path)
      .map(([role]) => staff([f.family], [role as Role])),
  );

function familyPages(family: FamilyDefinition): NavPage[] {
  return family.pages.map((fp) => {
    const allow = mayIn(family.family, fp.permission);
    const others = landingOfOthers(family, fp.path);
    const rule: Rule = others.length ? (c) => allow(c) || others.some((other) => other(c)) : allow;
    return { path: fp.path, key: fp.key, group: fp.group, allow: rule, view: fp.view, family: family.family };
  });
}

/** The families' own pages (their dashboards' pages), for all their staff: those listed before the shared pages, or after. */
const ownPages = (afterShared: boolean): NavPage[] =>
  FAMILY_LIST.flatMap((family) =>
    (family.ownPages ?? []).filter((own) => Boolean(own.afterShared) === afterShared).map((own) => page(own.path, own.key, staff([family.family]), own.group)),
  );

/** Pages any family may reach: staff who may place orders in their programme, and so on. */
const inAnyProgramme =
  (permission: Permission): Rule =>
  (c) =>
    staff(ALL_PROGRAMS)(c) && c.program != null && roleMay(c.role, c.program, permission);

/**
 * Referral: those who dispatch (SPEC §6: supervisors) make shipments; at a testing laboratory, those who receive
 * samples receive the shipments coming in. A family nobody dispatches in (General) has no referral.
 */
export const referral: Rule = (c) =>
  staff(ALL_PROGRAMS)(c) &&
  c.program != null &&
  (roleMay(c.role, c.program, 'dispatch') || (familyOf(c.program).roles.dispatch.length > 0 && roleMay(c.role, c.program, 'receive')));

const shared: NavPage[] = [
  ...ownPages(false),
  page('/dashboards/facility', 'facilityDashboard', staff(ALL_PROGRAMS), 'analytics'),
  // Facility staff: their programme's reports; health officials: the aggregates of their area, among their dashboards.
  { ...page('/reports', 'reports', (c) => staff(ALL_PROGRAMS)(c) || anyTier(c), 'analytics'), tierGroup: 'tierDashboards' },
  ...ownPages(true),
  page('/clients', 'clients', inAnyProgramme('order'), 'samples'),
  // Registering clients, requests and collected samples on a device without a connection, sent when it returns.
  page('/offline-registration', 'offlineRegistration', (c) => inAnyProgramme('order')(c) && inAnyProgramme('collect')(c), 'samples'),
  page('/dispatch', 'dispatch', referral, 'samples'),
  page('/billings', 'billings', staff(ALL_PROGRAMS, [MANAGER, SUP, REC, CLERK]), 'billing'),
  page('/add-billing', 'addBilling', staff(ALL_PROGRAMS, [SUP, REC, CLERK]), 'billing'),
  page('/payment-history', 'paymentHistory', staff(ALL_PROGRAMS, [MANAGER, SUP, REC, CLERK]), 'billing'),
  page('/payment-details', 'paymentDetails', staff(ALL_PROGRAMS, [MANAGER, SUP, REC, CLERK])),
  page('/manage-report', 'manageReport', staff(ALL_PROGRAMS, [MANAGER, SUP, DATA_ANALYST])),
];

const TIER_LEVELS = [
  ['federal', 1],
  ['state', 2],
  ['lga', 3],
] as const;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const tier: NavPage[] = [
  page('/dashboards/public/priority_diseases', 'priorityDiseases', anyTier, 'tierDashboards'),
  ...TIER_LEVELS.flatMap(([level, code]) =>
    // The diseases whose definitions ask for a dashboard of their own at each tier.
    TIER_DISEASES.map((disease) => page(`/dashboards/${level}_${disease}`, `${level}${capital(disease)}`, tierAt(code), 'tierDashboards')),
  ),
];

/** A facility's own people, whatever their role there (its admins too): the super admin and the officials hold no facility. */
const facilityMember: Rule = (c) => !c.superuser && c.tier == null;

const everyone: NavPage[] = [
  // A facility's files are its members'; the server refuses anyone else.
  page('/file-management/documents', 'documents', facilityMember, 'files'),
  page('/file-management/recent-folders', 'recentFolders', facilityMember, 'files'),
  page('/file-management/recent-files', 'recentFiles', facilityMember, 'files'),
  page('/file-management/upload-files', 'uploadFiles', facilityMember, 'files'),
  // Its staff report and follow non-conformities; the super admin reads every facility's monthly counts; officials none.
  page('/non-conformity', 'nonConformity', (c) => c.tier == null, 'nonConformity'),
  // Who to ask, a guide to the user's pages, the version, how to report a problem: reached from the sidebar's foot.
  page('/help', 'help', anyone),
  page('/profile', 'profile', anyone),
  page('/user-profile/:name', 'userProfile', anyone),
];

export const NAV_PAGES: readonly NavPage[] = [...globalAdmin, ...facilityAdministration, ...FAMILY_LIST.flatMap(familyPages), ...shared, ...tier, ...everyone];

/** The sidebar group a page sits in for this user. */
export function groupOf(page: NavPage, ctx: AccessContext): NavGroup | undefined {
  return ctx.tier != null && page.tierGroup ? page.tierGroup : page.group;
}

/** Sidebar entries for this user, grouped in sidebar order; empty groups are left out. A page placed in a group for tier users comes after the group's own. */
export function sidebarFor(ctx: AccessContext): { group: NavGroup; pages: NavPage[] }[] {
  return NAV_GROUPS.map((group) => {
    const pages = NAV_PAGES.filter((p) => groupOf(p, ctx) === group && p.allow(ctx));
    return { group, pages: [...pages.filter((p) => p.group === group), ...pages.filter((p) => p.group !== group)] };
  }).filter((g) => g.pages.length > 0);
}

/** Match a concrete path against a page pattern (`:param` segments match anything). */
export function matchPath(pattern: string, path: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = path.split('?')[0]!.split('/').filter(Boolean);
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}

export function findPage(path: string): NavPage | undefined {
  return NAV_PAGES.find((p) => matchPath(p.path, path));
}
