import type { ServerModule } from '../../core/module.js';
import { usersRoutes } from './users.routes.js';

/** The users module (see modules/registry.ts). */
export const usersModule: ServerModule = {
  name: 'users',
  tables: ['users.table.ts'],
  routes: (app, { db }) => usersRoutes(app, db),
};
