import type { ServerModule } from '../../core/module.js';
import { healthRoutes } from './health.routes.js';

/** The health module (see modules/registry.ts). */
export const healthModule: ServerModule = {
  name: 'health',
  routes: (app, { database }) => healthRoutes(app, database),
};
