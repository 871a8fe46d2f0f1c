import type { ServerModule } from '../../core/module.js';
import { dispatchRoutes } from './dispatch.routes.js';

/** The dispatch module (see modules/registry.ts). */
export const dispatchModule: ServerModule = {
  name: 'dispatch',
  tables: ['dispatch.table.ts'],
  routes: (app, { db }) => dispatchRoutes(app, db),
};
