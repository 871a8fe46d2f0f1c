import { lazy } from 'react';
import { defineModule } from '../../shared/registry';

/** DHIS2 monthly aggregates: mappings, org units, the server, the month's export and its history. */
export default defineModule({
  name: 'dhis2',
  pages: { '/interoperability/dhis2': lazy(() => import('./Dhis2Page')) },
});
