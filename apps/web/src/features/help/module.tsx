import { lazy } from 'react';
import { defineModule } from '../../shared/registry';

/** Whom to ask and how, a guide to the user's role, the version (the sidebar's foot). */
export default defineModule({
  name: 'help',
  pages: { '/help': lazy(() => import('./HelpPage')) },
});
