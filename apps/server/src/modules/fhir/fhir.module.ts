import type { ServerModule } from '../../core/module.js';
import { electronicRequestsRoutes } from './fhir.orders.requests.routes.js';
import { fhirRoutes } from './fhir.routes.js';

/** FHIR R4: the read and order door for other systems, and the electronic requests they place. */
export const fhirModule: ServerModule = {
  name: 'fhir',
  tables: ['fhir.table.ts'],
  routes: async (app, { db }) => {
    await fhirRoutes(app, db);
    electronicRequestsRoutes(app, db);
  },
};
