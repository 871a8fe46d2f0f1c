import type { ServerModule } from '../../core/module.js';
import { registerClientOrders } from './client-orders.js';
import { samplesRoutes } from './samples.routes.js';

/** The samples module (see modules/registry.ts). */
export const samplesModule: ServerModule = {
  name: 'samples',
  tables: ['samples.table.ts', 'results.table.ts'],
  hooks: registerClientOrders,
  routes: (app, { db }) => samplesRoutes(app, db),
};
