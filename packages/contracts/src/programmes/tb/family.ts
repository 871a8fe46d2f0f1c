import { defineFamily, LABORATORY_ROLES, laboratoryPages } from '../family.js';

/** Tuberculosis: its own wire form, report and dashboard, pages under /programs/tb-*. */
export const TB_FAMILY = defineFamily({
  family: 'tb',
  form: 'tb_sample',
  report: 'tb_report',
  dashboard: 'facility_tb_dashboard',
  count: 'public_health_count',
  roles: LABORATORY_ROLES,
  ...laboratoryPages('tb'),
});
