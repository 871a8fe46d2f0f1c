import type { ServerModule } from '../../core/module.js';
import { reportRoutes } from './reports.routes.js';

/** The reports module (see modules/registry.ts). */
export const reportsModule: ServerModule = {
  name: 'reports',
  routes: (app, { db }) => reportRoutes(app, db),
};
