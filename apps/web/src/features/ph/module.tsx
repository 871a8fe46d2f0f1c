import { lazy } from 'react';
import { defineModule } from '../../shared/registry';
import { usePhNotifyBadge } from './badge';

const phReport = lazy(() => import('./PhReportPage'));

/** Public health: its dashboard, the line list (EID's and viral load's too, given the programme), the notifications to make and their badge. */
export default defineModule({
  name: 'ph',
  pages: {
    '/programs/ph-dashboard': lazy(() => import('./PhDashboardPage')),
    '/reports/ph-report': phReport,
    '/programs/eid-report': phReport,
    '/programs/vl-report': phReport,
    '/programs/ph-notify': lazy(() => import('./PhNotifyPage')),
  },
  useBadges: usePhNotifyBadge,
});
