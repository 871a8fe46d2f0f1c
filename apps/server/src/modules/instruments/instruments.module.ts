import type { ServerModule } from '../../core/module.js';
import { instrumentsRoutes } from './instruments.routes.js';
import { registerMachineResync } from './instruments.service.js';

/** The instruments module (see modules/registry.ts). */
export const instrumentsModule: ServerModule = {
  name: 'instruments',
  tables: ['instruments.table.ts'],
  hooks: registerMachineResync,
  routes: (app, { db }) => instrumentsRoutes(app, db),
};
