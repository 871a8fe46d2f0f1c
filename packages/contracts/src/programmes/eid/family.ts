import { defineFamily, LABORATORY_ROLES, laboratoryPages } from '../family.js';

/** Early infant diagnosis: pages under /programs/eid-*, a line list of its request forms, and its dashboards' page. */
export const EID_FAMILY = defineFamily({
  family: 'eid',
  form: 'eid_sample',
  report: 'general_program_report',
  dashboard: 'facility_eid_dashboard',
  count: 'public_health_count',
  lineList: 'request',
  roles: LABORATORY_ROLES,
  ...laboratoryPages('eid'),
  ownPages: [{ path: '/dashboards/eid', key: 'eidDashboards', group: 'analytics' }],
});
