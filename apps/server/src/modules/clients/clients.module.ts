import type { ServerModule } from '../../core/module.js';
import { clientsRoutes } from './clients.routes.js';

/** The clients module (see modules/registry.ts). */
export const clientsModule: ServerModule = {
  name: 'clients',
  tables: ['clients.table.ts'],
  routes: (app, { db }) => clientsRoutes(app, db),
};
