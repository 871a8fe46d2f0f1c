import { defineModule } from '../../shared/registry';
import { resourcePage } from '../resources/lazyResourcePage';

const machineSetting = resourcePage(() => import('./settings/machineSettingConfig'));

/** A facility administrator's settings: its users, turnaround times, test measures, machines, QC tests. */
export default defineModule({
  name: 'admin-facility',
  pages: {
    '/administrations/facility/facilityUsers': resourcePage(() => import('./users/facilityUserConfig')),
    '/administrations/facility/tat': resourcePage(() => import('./settings/tatConfig')),
    '/administrations/facility/testMeasures': resourcePage(() => import('./settings/testMeasureConfig')),
    '/administrations/facility/machineSetting': machineSetting,
    '/machine-setting': machineSetting,
    '/administrations/facility/manage-qc-test-config': resourcePage(() => import('./settings/qcConfig')),
  },
});
