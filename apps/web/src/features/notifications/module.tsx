import { lazy } from 'react';
import { ORDER_CLINICIAN_FIELDS, SAMPLE_ALERTS } from '../clinical/slots';
import { defineModule, fill, lazyNamed } from '../../shared/registry';

/** Result messages: the administrator's page; the critical-value panel on the sample and result pages; the clinician's contact on the order form. */
export default defineModule({
  name: 'notifications',
  pages: { '/administrations/facility/notifications': lazy(() => import('./NotificationsPage')) },
  fills: [
    fill(
      SAMPLE_ALERTS,
      lazyNamed(() => import('./CriticalAlertPanel'), 'CriticalAlertPanel'),
    ),
    fill(
      ORDER_CLINICIAN_FIELDS,
      lazyNamed(() => import('./ContactFields'), 'ClinicianContactFields'),
    ),
  ],
});
