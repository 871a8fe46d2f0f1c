import type { ServerModule } from '../../core/module.js';
import { registerResource } from '../../core/resource.js';
import { effectiveMeasureRoutes } from './effective-measures.js';
import { FACILITY_SETTING_DEFS } from './facility-settings.resources.js';

/** The facility-settings module (see modules/registry.ts). */
export const facilitySettingsModule: ServerModule = {
  name: 'facility-settings',
  tables: ['facility-settings.table.ts'],
  routes: (app, { db }) => {
    effectiveMeasureRoutes(app, db);
    for (const def of FACILITY_SETTING_DEFS) registerResource(app, db, def);
  },
};
