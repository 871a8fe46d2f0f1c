import type { ServerModule } from '../core/module.js';
import { analyticsModule } from './analytics/analytics.module.js';
import { apiClientsModule } from './api-clients/api-clients.module.js';
import { authModule } from './auth/auth.module.js';
import { billingModule } from './billing/billing.module.js';
import { catalogueModule } from './catalogue/catalogue.module.js';
import { clientsModule } from './clients/clients.module.js';
import { dhis2Module } from './dhis2/dhis2.module.js';
import { dispatchModule } from './dispatch/dispatch.module.js';
import { facilitiesModule } from './facilities/facilities.module.js';
import { facilitySettingsModule } from './facility-settings/facility-settings.module.js';
import { fhirModule } from './fhir/fhir.module.js';
import { filesModule } from './files/files.module.js';
import { geoModule } from './geo/geo.module.js';
import { healthModule } from './health/health.module.js';
import { helpModule } from './help/help.module.js';
import { instrumentsModule } from './instruments/instruments.module.js';
import { inventoryModule } from './inventory/inventory.module.js';
import { lookupsModule } from './lookups/lookups.module.js';
import { nonconformityModule } from './nonconformity/nonconformity.module.js';
import { notificationsModule } from './notifications/notifications.module.js';
import { offlineModule } from './offline/offline.module.js';
import { programsModule } from './programs/programs.module.js';
import { qcModule } from './qc/qc.module.js';
import { referenceModule } from './reference/reference.module.js';
import { reportsModule } from './reports/reports.module.js';
import { resultsModule } from './results/results.module.js';
import { samplesModule } from './samples/samples.module.js';
import { usersModule } from './users/users.module.js';
import { verificationModule } from './verification/verification.module.js';
import { worksheetsModule } from './worksheets/worksheets.module.js';

/**
 * Every module of the server, in the order their routes are registered: the platform (identity, places,
 * programmes, reference lists, the catalogue, settings, clients), the sample core (samples, reports, results), then
 * the modules that build on it. A new module is one folder with its `<name>.module.ts`, and one line here.
 */
export const SERVER_MODULES: readonly ServerModule[] = [
  healthModule,
  authModule,
  usersModule,
  geoModule,
  programsModule,
  facilitiesModule,
  referenceModule,
  catalogueModule,
  facilitySettingsModule,
  lookupsModule,
  clientsModule,
  samplesModule,
  reportsModule,
  analyticsModule,
  resultsModule,
  qcModule,
  worksheetsModule,
  dispatchModule,
  filesModule,
  nonconformityModule,
  billingModule,
  inventoryModule,
  instrumentsModule,
  fhirModule,
  dhis2Module,
  apiClientsModule,
  verificationModule,
  notificationsModule,
  offlineModule,
  helpModule,
];

/**
 * Register every module's handlers on the hooks below it. The application does it when it is built; anything that
 * moves samples without building it (the seed, a command-line tool) does it first.
 */
export function installModuleHooks(modules: readonly ServerModule[] = SERVER_MODULES): void {
  for (const m of modules) m.hooks?.();
}
