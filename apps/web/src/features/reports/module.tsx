import { lazy } from 'react';
import { defineModule } from '../../shared/registry';

/** The reports: a facility's programme reports, the officials' aggregates of their area. */
export default defineModule({
  name: 'reports',
  pages: { '/reports': lazy(() => import('./ReportsPage')) },
});
