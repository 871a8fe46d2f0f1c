import type { ServerModule } from '../../core/module.js';
import { nonConformityRoutes } from './nonconformity.routes.js';

/** The nonconformity module (see modules/registry.ts). */
export const nonconformityModule: ServerModule = {
  name: 'nonconformity',
  tables: ['nonconformity.table.ts'],
  routes: (app, { db }) => nonConformityRoutes(app, db),
};
