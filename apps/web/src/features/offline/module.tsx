import { lazy } from 'react';
import { SIGN_OUT_CHECKS } from '../auth/slots';
import { HEADER_STATUS } from '../layout/slots';
import { defineModule, fill, fillHook, lazyNamed } from '../../shared/registry';
import { useUnsentRecordsCheck } from './signOutCheck';

/** Registration without a connection: its page, the header's count of unsent records (which keeps them syncing), the sign-out warning. */
export default defineModule({
  name: 'offline',
  pages: { '/offline-registration': lazy(() => import('./OfflinePage')) },
  fills: [
    fill(
      HEADER_STATUS,
      lazyNamed(() => import('./OfflineBadge'), 'OfflineBadge'),
    ),
    fillHook(SIGN_OUT_CHECKS, useUnsentRecordsCheck),
  ],
});
