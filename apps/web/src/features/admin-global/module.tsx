import { lazy } from 'react';
import { defineModule } from '../../shared/registry';
import { resourcePage } from '../resources/lazyResourcePage';

const facilities = resourcePage(() => import('./facilities/facilityConfig'));

/** The super administrator's pages: the dashboard, facilities, their administrators, tier users, the test catalogue, reference data. */
export default defineModule({
  name: 'admin-global',
  pages: {
    '/administrations/global/dashboard': lazy(() => import('./dashboard/AdminDashboardPage')),
    '/administrations/global/manageFacility': facilities,
    '/facility': facilities,
    '/addfacility': resourcePage(() => import('./facilities/facilityConfig'), { create: true }),
    '/admin-user': resourcePage(() => import('./admin-users/adminUserConfig')),
    '/administrations/global/tierUsers': resourcePage(() => import('./tier-users/tierUserConfig')),
    '/administrations/global/testResultConfiguration': resourcePage(() => import('./catalogue/testTypeConfig')),
    '/administrations/global/referenceData': lazy(() => import('./reference/ReferenceDataPage')),
  },
});
