import type { ServerModule } from '../../core/module.js';
import { catalogueRoutes } from './catalogue.routes.js';

/** The catalogue module (see modules/registry.ts). */
export const catalogueModule: ServerModule = {
  name: 'catalogue',
  tables: ['catalogue.table.ts'],
  routes: (app, { db }) => catalogueRoutes(app, db),
};
