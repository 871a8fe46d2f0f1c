import type { ServerModule } from '../../core/module.js';
import { geoRoutes } from './geo.routes.js';

/** The geo module (see modules/registry.ts). */
export const geoModule: ServerModule = {
  name: 'geo',
  tables: ['geo.table.ts'],
  routes: (app, { db }) => geoRoutes(app, db),
};
