import { lazy } from 'react';
import { defineModule } from '../../shared/registry';

/** Tuberculosis: its dashboard and report. */
export default defineModule({
  name: 'tb',
  pages: {
    '/programs/tb-dashboard': lazy(() => import('./TbDashboardPage')),
    '/programs/tb-report': lazy(() => import('./TbReportPage')),
  },
});
