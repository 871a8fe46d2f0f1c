import type { ServerModule } from '../../core/module.js';
import { lookupsRoutes } from './lookups.routes.js';

/** The lookups module (see modules/registry.ts). */
export const lookupsModule: ServerModule = {
  name: 'lookups',
  routes: (app, { db }) => lookupsRoutes(app, db),
};
