import type { ServerModule } from '../../core/module.js';
import { SecretBox } from '../../core/secret-box.js';
import { dhis2Routes } from './dhis2.routes.js';

/** The dhis2 module (see modules/registry.ts). */
export const dhis2Module: ServerModule = {
  name: 'dhis2',
  tables: ['dhis2.table.ts'],
  routes: (app, { db, jwtSecret, previousJwtSecrets }) => dhis2Routes(app, db, new SecretBox(jwtSecret, [...previousJwtSecrets])),
};
