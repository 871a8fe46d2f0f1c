import type { ServerModule } from '../../core/module.js';
import { completeEntryRoutes } from './complete-entry.routes.js';
import { resultsRoutes } from './results.routes.js';

/** The results module (see modules/registry.ts). */
export const resultsModule: ServerModule = {
  name: 'results',
  routes: (app, { db }) => {
    resultsRoutes(app, db);
    completeEntryRoutes(app, db);
  },
};
