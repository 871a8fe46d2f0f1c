import { lazy } from 'react';
import { programmeView } from '../clinical/ProgrammePage';
import { defineModule } from '../../shared/registry';

/** Worksheets (plates) and their archive, for the programmes with worksheets. */
export default defineModule({
  name: 'worksheets',
  views: [
    { view: 'worksheet', Page: programmeView(lazy(() => import('./WorksheetPage'))) },
    { view: 'worksheetArchive', Page: programmeView(lazy(() => import('./WorksheetArchivePage'))) },
  ],
});
