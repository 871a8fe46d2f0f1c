import { lazy } from 'react';
import { defineModule } from '../../shared/registry';
import { useConsumablesBadge } from './badge';

/** Consumables: the items, lots and stock card, receiving stock; items low on stock and lots expiring soon on the sidebar. */
export default defineModule({
  name: 'consumables',
  pages: {
    '/commodities/consumable': lazy(() => import('./ConsumablesPage')),
    '/commodities/createConsumable': lazy(() => import('./ReceivePage')),
  },
  useBadges: useConsumablesBadge,
});
