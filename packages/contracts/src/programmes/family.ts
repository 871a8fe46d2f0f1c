import type { Role } from '../roles.js';

/**
 * What a family of programmes is (DESIGN §4): the pages, roles and endpoints its programmes share. Each family
 * declares itself in its folder (`<family>/family.ts`) with `defineFamily`; families.ts lists them. The sidebar, the
 * route guard, the landing rules, the server's permission check and the web pages all read the list.
 */

/** What a role may do in a programme. */
export type Permission =
  | 'read'
  | 'order'
  | 'collect'
  | 'receive'
  | 'workplan'
  | 'enter'
  | 'validate'
  | 'approve'
  | 'released'
  | 'dispatch'
  | 'worksheet'
  | 'qc'
  /** Propose the amendment of a released result: a clinical act, for supervisors (it still needs another's verification). */
  | 'amend';

/** The shared page components every family's pages are made of (the web maps each to one component). */
export type PageView =
  | 'home'
  | 'dashboard'
  | 'report'
  | 'labOrder'
  | 'completeEntry'
  | 'manageSample'
  | 'reception'
  | 'rejectedSample'
  | 'workplan'
  | 'worksheet'
  | 'worksheetArchive'
  | 'enterResults'
  | 'retest'
  | 'qualityControl'
  | 'validate'
  | 'approve'
  | 'released'
  | 'notify';

export type FamilyGroup = 'analytics' | 'samples' | 'results' | 'worksheets';

export interface FamilyPage {
  path: string;
  /** i18n key suffix of the title (`nav.<key>`). */
  key: string;
  view: PageView;
  /** Who may open it: the roles of this permission in the programme. */
  permission: Permission;
  /** Sidebar group; a page without one is reached from other pages. */
  group?: FamilyGroup;
}

/** A page of the family drawn by a component of its own, not a shared view, that all its staff open whatever their role. */
export interface FamilyOwnPage {
  path: string;
  /** i18n key suffix of the title (`nav.<key>`). */
  key: string;
  group: FamilyGroup;
  /** Listed after the pages every family shares in its group (the facility dashboard, the reports), not before. */
  afterShared?: boolean;
}

/** A family as it declares itself; families.ts narrows its names to the registered ones. */
export interface FamilyFacts {
  /** Its name, the key programmes name it by. */
  family: string;
  /** The wire form of its orders (SPEC §7 "POST /{form}/"); families may share one. */
  form: string;
  /** Report and dashboard endpoints (DESIGN §4). */
  report: string;
  dashboard: string;
  /** The count endpoint for badges (each also takes `?program__name=`). */
  count: string;
  roles: Readonly<Record<Permission, readonly Role[]>>;
  pages: readonly FamilyPage[];
  ownPages?: readonly FamilyOwnPage[];
  /**
   * Landing page after choosing the programme, by role; `fallback` for any other role. A page of another family
   * named here also opens to that role of this family.
   */
  landing: Readonly<Partial<Record<Role, string>> & { fallback: string }>;
  /**
   * Its line list (`general_program_report/`), if it has one: `case` — every programme of the family the caller
   * reads, with the case-investigation answers; `request` — the one programme asked for, with its request form's
   * answers, a column each.
   */
  lineList?: 'case' | 'request';
}

/** Declare a family, keeping its names as literal types (the unions of families.ts are made of them). */
export const defineFamily = <const F extends FamilyFacts>(facts: F): F => facts;

const SUP: Role = 'Supervisor';
const REC: Role = 'Receptionist';
const CLERK: Role = 'Data Clerk';
const ANALYST: Role = 'Analyst';
const DATA_ANALYST: Role = 'Data Analyst';
const MANAGER: Role = 'Manager';
/** Everyone working in a programme but its admins. */
export const STAFF: readonly Role[] = [MANAGER, SUP, ANALYST, CLERK, REC, DATA_ANALYST];

/** SPEC §6, the programmes at public or private laboratories (every family but General). */
export const LABORATORY_ROLES: Readonly<Record<Permission, readonly Role[]>> = {
  read: STAFF,
  order: [REC, CLERK, SUP],
  collect: [REC, CLERK, SUP],
  receive: [REC, CLERK, SUP],
  workplan: [ANALYST, SUP],
  enter: [CLERK, ANALYST, SUP],
  validate: [SUP],
  approve: [SUP],
  released: [SUP, DATA_ANALYST],
  dispatch: [SUP],
  worksheet: [ANALYST, SUP],
  qc: [ANALYST, SUP],
  amend: [SUP],
};

export const familyPage = (path: string, key: string, view: PageView, permission: Permission, group?: FamilyGroup): FamilyPage => ({
  path,
  key,
  view,
  permission,
  group,
});

/** The pages and landing of a family whose pages are of the one shape under /programs/{prefix}-* (TB, EID, viral load). */
export function laboratoryPages(prefix: string): Pick<FamilyFacts, 'pages' | 'landing'> {
  const path = (suffix: string) => `/programs/${prefix}-${suffix}`;
  const key = (suffix: string) => `${prefix}${suffix}`;
  const p = familyPage;
  return {
    pages: [
      p(path('dashboard'), key('Dashboard'), 'dashboard', 'read', 'analytics'),
      p(path('report'), key('Report'), 'report', 'read', 'analytics'),
      p(path('manage-sample'), key('ManageSample'), 'manageSample', 'order', 'samples'),
      p(path('sample-reception'), key('SampleReception'), 'reception', 'receive', 'samples'),
      p(path('workplan'), key('Workplan'), 'workplan', 'workplan', 'samples'),
      p(path('worksheet'), key('Worksheet'), 'worksheet', 'worksheet', 'worksheets'),
      p(path('worksheet-archive'), key('WorksheetArchive'), 'worksheetArchive', 'worksheet', 'worksheets'),
      p(path('manual-result'), key('ManualResult'), 'enterResults', 'enter', 'results'),
      p(path('quality-control'), key('QualityControl'), 'qualityControl', 'qc', 'results'),
      p(path('validate-result'), key('ValidateResult'), 'validate', 'validate', 'results'),
      p(path('approve-results'), key('ApproveResults'), 'approve', 'approve', 'results'),
    ],
    landing: {
      'Data Clerk': path('manage-sample'),
      Receptionist: path('manage-sample'),
      Supervisor: path('manage-sample'),
      Analyst: path('workplan'),
      // SPEC §4: a data analyst of any programme but General lands on the public-health dashboard.
      'Data Analyst': '/programs/ph-dashboard',
      fallback: path('dashboard'),
    },
  };
}
