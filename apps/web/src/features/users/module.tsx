import { lazy } from 'react';
import { defineModule } from '../../shared/registry';

/** The super administrator's own password. */
export default defineModule({
  name: 'users',
  pages: { '/administrations/global/changePassword': lazy(() => import('./ChangePasswordPage')) },
});
