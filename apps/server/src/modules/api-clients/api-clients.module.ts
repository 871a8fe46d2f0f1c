import type { ServerModule } from '../../core/module.js';
import { apiClientsRoutes } from './api-clients.routes.js';
import { systemAuthenticator } from './api-clients.service.js';

/** The api-clients module (see modules/registry.ts). */
export const apiClientsModule: ServerModule = {
  name: 'api-clients',
  tables: ['api-clients.table.ts'],
  systemAuthenticator,
  routes: (app, { db }) => apiClientsRoutes(app, db),
};
