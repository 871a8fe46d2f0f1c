import { lazy } from 'react';
import { ORDER_FORM_SECTIONS } from '../clinical/slots';
import type { Programme } from '../clinical/programme';
import { defineModule, fill, lazyNamed } from '../../shared/registry';

const InfantAge = lazyNamed(() => import('./InfantAge'), 'InfantAge');
const eidDashboard = lazy(() => import('./EidDashboardPage'));

/** On an EID request: the infant's age today. */
function EidOrderSection({ programme }: { programme: Programme }) {
  return programme.family === 'eid' ? <InfantAge /> : null;
}

/** Early infant diagnosis: its dashboard (the programme's and the analytics group's), the infant's age on the order form. */
export default defineModule({
  name: 'eid',
  pages: { '/programs/eid-dashboard': eidDashboard, '/dashboards/eid': eidDashboard },
  fills: [fill(ORDER_FORM_SECTIONS, EidOrderSection)],
});
