import { lazy } from 'react';
import { ORDER_CLIENT_REGISTER } from '../clinical/slots';
import { defineModule, fill, lazyNamed } from '../../shared/registry';

/** The client register (/clients), and its client form for the order form's "register a new client". */
export default defineModule({
  name: 'clients',
  pages: { '/clients': lazy(() => import('./ClientsPage')) },
  fills: [
    fill(
      ORDER_CLIENT_REGISTER,
      lazyNamed(() => import('./ClientDrawer'), 'ClientDrawer'),
    ),
  ],
});
