import { lazy } from 'react';
import { SAMPLE_LIST_INBOX } from '../clinical/slots';
import { defineModule, fill, lazyNamed } from '../../shared/registry';

/** Other systems (an EMR) that post orders over FHIR: their clients' page, and the electronic requests above the sample list. */
export default defineModule({
  name: 'interop',
  pages: { '/interoperability/api-clients': lazy(() => import('./ApiClientsPage')) },
  fills: [
    fill(
      SAMPLE_LIST_INBOX,
      lazyNamed(() => import('./ElectronicRequestsPanel'), 'ElectronicRequestsPanel'),
    ),
  ],
});
