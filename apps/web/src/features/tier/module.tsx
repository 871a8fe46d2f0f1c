import { TIER_DISEASES } from '@nlims/contracts';
import { lazy } from 'react';
import { defineModule } from '../../shared/registry';

const tierDisease = lazy(() => import('./TierDiseasePage'));

/** Health officials' dashboards: the priority diseases, one page for the fifteen level and disease paths; the facility and General dashboards. */
export default defineModule({
  name: 'tier',
  pages: {
    '/dashboards/public/priority_diseases': lazy(() => import('./PriorityDiseasesPage')),
    ...Object.fromEntries(['federal', 'state', 'lga'].flatMap((level) => TIER_DISEASES.map((disease) => [`/dashboards/${level}_${disease}`, tierDisease]))),
    '/dashboards/facility': lazy(() => import('./FacilityDashboardPage')),
    '/dashboards/general_program': lazy(() => import('./GeneralProgramDashboardPage')),
  },
});
