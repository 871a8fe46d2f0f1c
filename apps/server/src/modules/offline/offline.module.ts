import type { ServerModule } from '../../core/module.js';
import { offlineRoutes } from './offline.routes.js';

/** The offline module (see modules/registry.ts). */
export const offlineModule: ServerModule = {
  name: 'offline',
  tables: ['offline.table.ts'],
  routes: (app, { db }) => offlineRoutes(app, db),
};
