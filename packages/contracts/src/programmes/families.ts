import type { Role } from '../roles.js';

/**
 * The families of programmes (DESIGN §4): the pages, roles and endpoints a
 * family's programmes share. Below every programme's definition and the
 * registry (registry.ts), which says which family each programme belongs to.
 * The sidebar, the route guard, the landing rules, the server's permission
 * check and the web pages all read it.
 */

/** Which family of pages and rules serves a programme. */
export type ProgramFamily = 'general' | 'tb' | 'eid' | 'vl' | 'ph';

/** The wire form of a family's orders (SPEC §7 "POST /{form}/"). */
export type ProgramForm = 'general_order' | 'tb_sample' | 'eid_sample' | 'vl_sample' | 'public_health_sample';

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

export interface FamilyDefinition {
  family: ProgramFamily;
  form: ProgramForm;
  /** Report and dashboard endpoints (DESIGN §4). */
  report: 'general_order_report' | 'tb_report' | 'general_program_report';
  dashboard:
    | 'facility_general_order_dashboard'
    | 'facility_tb_dashboard'
    | 'facility_eid_dashboard'
    | 'facility_vl_dashboard'
    | 'facility_general_program_dashboard';
  /** The count endpoint for badges (each also takes `?program__name=`). */
  count: 'general_order_count' | 'public_health_count';
  roles: Record<Permission, readonly Role[]>;
  pages: readonly FamilyPage[];
  /** Landing page after choosing the programme, by role; `fallback` for any other role. */
  landing: Partial<Record<Role, string>> & { fallback: string };
  /**
   * Its line list (`general_program_report/`), if it has one: `case` — every programme of the family the caller
   * reads, with the case-investigation answers; `request` — the one programme asked for, with its request form's
   * answers, a column each.
   */
  lineList?: 'case' | 'request';
}

const SUP: Role = 'Supervisor';
const REC: Role = 'Receptionist';
const CLERK: Role = 'Data Clerk';
const ANALYST: Role = 'Analyst';
const DATA_ANALYST: Role = 'Data Analyst';
const MANAGER: Role = 'Manager';
const STAFF: readonly Role[] = [MANAGER, SUP, ANALYST, CLERK, REC, DATA_ANALYST];

/** SPEC §6, General programme: reception is the supervisor's and receptionist's; no dispatch or worksheets; internal QC for analysts and supervisors (DESIGN §3). */
const GENERAL_ROLES_TABLE: Record<Permission, readonly Role[]> = {
  read: STAFF,
  order: [SUP, REC, CLERK],
  collect: [SUP, REC, CLERK],
  receive: [SUP, REC],
  workplan: [ANALYST, SUP],
  enter: [CLERK, SUP, ANALYST],
  validate: [SUP],
  approve: [SUP],
  released: [SUP, DATA_ANALYST],
  dispatch: [],
  worksheet: [],
  qc: [ANALYST, SUP],
  amend: [SUP],
};

/** SPEC §6, the other programmes at public or private laboratories. */
const PROGRAMME_ROLES_TABLE: Record<Permission, readonly Role[]> = {
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

const p = (path: string, key: string, view: PageView, permission: Permission, group?: FamilyGroup): FamilyPage => ({ path, key, view, permission, group });

const GENERAL: FamilyDefinition = {
  family: 'general',
  form: 'general_order',
  report: 'general_order_report',
  dashboard: 'facility_general_order_dashboard',
  count: 'general_order_count',
  roles: GENERAL_ROLES_TABLE,
  pages: [
    p('/clinical/dashboard', 'clinicalDashboard', 'dashboard', 'read', 'analytics'),
    p('/clinical/report', 'clinicalReport', 'report', 'read', 'analytics'),
    p('/clinical/lab-order', 'labOrder', 'labOrder', 'order', 'samples'),
    p('/clinical/complete-entry', 'completeEntry', 'completeEntry', 'order', 'samples'),
    p('/clinical/manage-sample', 'manageSample', 'manageSample', 'order', 'samples'),
    p('/clinical/sample-reception', 'sampleReception', 'reception', 'receive', 'samples'),
    p('/clinical/workplan', 'workplan', 'workplan', 'workplan', 'samples'),
    p('/clinical/enter-results', 'enterResults', 'enterResults', 'enter', 'results'),
    p('/clinical/validate-results', 'validateResults', 'validate', 'validate', 'results'),
    p('/clinical/approve-results', 'approveResults', 'approve', 'approve', 'results'),
    p('/manage-result', 'manageResult', 'released', 'released', 'results'),
    p('/clinical/quality-control', 'clinicalQualityControl', 'qualityControl', 'qc', 'results'),
    p('/clinical/clinical', 'clinicalHome', 'home', 'read'),
  ],
  landing: {
    Analyst: '/clinical/workplan',
    Supervisor: '/clinical/manage-sample',
    'Data Clerk': '/clinical/lab-order',
    Receptionist: '/clinical/lab-order',
    Manager: '/clinical/dashboard',
    'Data Analyst': '/clinical/dashboard',
    fallback: '/clinical/clinical',
  },
};

/** TB, EID and Viral Load have pages of one shape under /programs/{prefix}-*. */
function programmeFamily(
  family: 'tb' | 'eid' | 'vl',
  form: ProgramForm,
  report: FamilyDefinition['report'],
  dashboard: FamilyDefinition['dashboard'],
  lineList?: FamilyDefinition['lineList'],
): FamilyDefinition {
  const path = (suffix: string) => `/programs/${family}-${suffix}`;
  const key = (suffix: string) => `${family}${suffix}`;
  return {
    family,
    form,
    report,
    dashboard,
    count: 'public_health_count',
    ...(lineList ? { lineList } : {}),
    roles: PROGRAMME_ROLES_TABLE,
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

const PUBLIC_HEALTH: FamilyDefinition = {
  family: 'ph',
  form: 'public_health_sample',
  report: 'general_program_report',
  dashboard: 'facility_general_program_dashboard',
  count: 'public_health_count',
  lineList: 'case',
  roles: PROGRAMME_ROLES_TABLE,
  pages: [
    p('/programs/ph-dashboard', 'phDashboard', 'dashboard', 'read', 'analytics'),
    p('/reports/ph-report', 'phReport', 'report', 'read', 'analytics'),
    p('/programs/ph-manage-sample', 'phManageSample', 'manageSample', 'order', 'samples'),
    p('/programs/ph-sample-reception', 'phSampleReception', 'reception', 'receive', 'samples'),
    p('/programs/ph-rejected-sample', 'phRejectedSample', 'rejectedSample', 'order', 'samples'),
    p('/programs/ph-workplan', 'phWorkplan', 'workplan', 'workplan', 'samples'),
    p('/programs/ph-worksheet', 'phWorksheet', 'worksheet', 'worksheet', 'worksheets'),
    p('/programs/ph-worksheet-archive', 'phWorksheetArchive', 'worksheetArchive', 'worksheet', 'worksheets'),
    p('/programs/ph-manual-result', 'phManualResult', 'enterResults', 'enter', 'results'),
    p('/programs/ph-retest', 'phRetest', 'retest', 'enter', 'results'),
    p('/programs/ph-quality-control', 'phQualityControl', 'qualityControl', 'qc', 'results'),
    p('/programs/ph-validate-result', 'phValidateResult', 'validate', 'validate', 'results'),
    p('/programs/ph-approve-results', 'phApproveResults', 'approve', 'approve', 'results'),
    // Positive results of notifiable diseases waiting to be notified (supervisor, data analyst).
    p('/programs/ph-notify', 'phNotify', 'notify', 'released', 'results'),
  ],
  landing: {
    'Data Clerk': '/programs/ph-manage-sample',
    Receptionist: '/programs/ph-manage-sample',
    Supervisor: '/programs/ph-manage-sample',
    Analyst: '/programs/ph-workplan',
    'Data Analyst': '/programs/ph-dashboard',
    fallback: '/programs/ph-dashboard',
  },
};

export const FAMILIES: Record<ProgramFamily, FamilyDefinition> = {
  general: GENERAL,
  tb: programmeFamily('tb', 'tb_sample', 'tb_report', 'facility_tb_dashboard'),
  eid: programmeFamily('eid', 'eid_sample', 'general_program_report', 'facility_eid_dashboard', 'request'),
  vl: programmeFamily('vl', 'vl_sample', 'general_program_report', 'facility_vl_dashboard', 'request'),
  ph: PUBLIC_HEALTH,
};
