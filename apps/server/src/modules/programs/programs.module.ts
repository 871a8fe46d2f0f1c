import type { ServerModule } from '../../core/module.js';
import { loadProgramIds } from './program-ids.js';
import { programsRoutes } from './programs.routes.js';

/** The programs module (see modules/registry.ts). */
export const programsModule: ServerModule = {
  name: 'programs',
  tables: ['programs.table.ts'],
  routes: async (app, { db }) => {
    programsRoutes(app, db);
    // The programmes' database ids, read once: the sample forms' routes and checks use them.
    await loadProgramIds(db);
  },
};
