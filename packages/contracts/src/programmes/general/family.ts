import type { Role } from '../../roles.js';
import { defineFamily, familyPage as p, type Permission, STAFF } from '../family.js';

const SUP: Role = 'Supervisor';
const REC: Role = 'Receptionist';
const CLERK: Role = 'Data Clerk';
const ANALYST: Role = 'Analyst';
const DATA_ANALYST: Role = 'Data Analyst';

/** SPEC §6, General programme: reception is the supervisor's and receptionist's; no dispatch or worksheets; internal QC for analysts and supervisors (DESIGN §3). */
const GENERAL_ROLES: Readonly<Record<Permission, readonly Role[]>> = {
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

/** The clinical laboratory's family: lab orders under /clinical/*. */
export const GENERAL_FAMILY = defineFamily({
  family: 'general',
  form: 'general_order',
  report: 'general_order_report',
  dashboard: 'facility_general_order_dashboard',
  count: 'general_order_count',
  roles: GENERAL_ROLES,
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
  ownPages: [{ path: '/dashboards/general_program', key: 'generalProgramDashboard', group: 'analytics', afterShared: true }],
  landing: {
    Analyst: '/clinical/workplan',
    Supervisor: '/clinical/manage-sample',
    'Data Clerk': '/clinical/lab-order',
    Receptionist: '/clinical/lab-order',
    Manager: '/clinical/dashboard',
    'Data Analyst': '/clinical/dashboard',
    fallback: '/clinical/clinical',
  },
});
