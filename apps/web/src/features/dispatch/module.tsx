import { referral } from '@nlims/contracts';
import { lazy } from 'react';
import { defineModule } from '../../shared/registry';
import { useDispatchBadge } from './badge';

const dispatch = lazy(() => import('./DispatchPage'));

/**
 * Referral: the dispatch page with its badge, and the pages reached from it rather than the sidebar (one shipment,
 * for either of its laboratories; the incoming shipments for a testing laboratory's receivers, who send nothing).
 */
export default defineModule({
  name: 'dispatch',
  pages: { '/dispatch': dispatch },
  routes: [
    { page: { path: '/dispatch/shipment/:id', key: 'dispatch', allow: referral }, Page: lazy(() => import('./ShipmentPage')) },
    { page: { path: '/dispatch/incoming', key: 'dispatch', allow: referral }, Page: dispatch },
  ],
  useBadges: useDispatchBadge,
});
