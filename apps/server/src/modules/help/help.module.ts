import type { ServerModule } from '../../core/module.js';
import { helpRoutes } from './help.routes.js';

/** The help module (see modules/registry.ts). */
export const helpModule: ServerModule = {
  name: 'help',
  routes: (app, { db }) => helpRoutes(app, db),
};
