import { lazy } from 'react';
import { programmeView } from '../clinical/ProgrammePage';
import { defineModule } from '../../shared/registry';

/** Quality control: the QC page of every programme with QC. */
export default defineModule({
  name: 'qc',
  views: [{ view: 'qualityControl', Page: programmeView(lazy(() => import('./QualityControlPage'))) }],
});
