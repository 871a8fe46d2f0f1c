import type { ServerModule } from '../../core/module.js';
import { facilitiesRoutes } from './facilities.routes.js';

/** The facilities module (see modules/registry.ts). */
export const facilitiesModule: ServerModule = {
  name: 'facilities',
  tables: ['facilities.table.ts'],
  routes: (app, { db }) => facilitiesRoutes(app, db),
};
