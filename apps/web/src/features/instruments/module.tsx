import { lazy } from 'react';
import { defineModule } from '../../shared/registry';

/** The analysers' unmatched results and messages log. */
export default defineModule({
  name: 'instruments',
  pages: { '/interoperability/instruments': lazy(() => import('./InstrumentsPage')) },
});
