import type { ServerModule } from '../../core/module.js';
import { worksheetsRoutes } from './worksheets.routes.js';

/** The worksheets module (see modules/registry.ts). */
export const worksheetsModule: ServerModule = {
  name: 'worksheets',
  tables: ['worksheets.table.ts'],
  routes: (app, { db }) => worksheetsRoutes(app, db),
};
