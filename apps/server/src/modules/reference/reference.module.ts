import type { ServerModule } from '../../core/module.js';
import { registerResource } from '../../core/resource.js';
import { REFERENCE_DEFS } from './reference.resources.js';

/** The reference module (see modules/registry.ts). */
export const referenceModule: ServerModule = {
  name: 'reference',
  tables: ['reference.table.ts'],
  routes: (app, { db }) => {
    for (const def of REFERENCE_DEFS) registerResource(app, db, def);
  },
};
