import { defineFamily, LABORATORY_ROLES, laboratoryPages } from '../family.js';

/** HIV viral load: pages under /programs/vl-*, a line list of its request forms, and its dashboards' page. */
export const VL_FAMILY = defineFamily({
  family: 'vl',
  form: 'vl_sample',
  report: 'general_program_report',
  dashboard: 'facility_vl_dashboard',
  count: 'public_health_count',
  lineList: 'request',
  roles: LABORATORY_ROLES,
  ...laboratoryPages('vl'),
  ownPages: [{ path: '/dashboards/viral_load', key: 'viralLoadDashboards', group: 'analytics' }],
});
