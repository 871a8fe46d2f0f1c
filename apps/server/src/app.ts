import compress from '@fastify/compress';
import Fastify, { type FastifyRequest, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAuth } from './core/auth.js';
import type { Database } from './core/db.js';
import { registerErrorHandler } from './core/error-handler.js';
import { registerInputGuard } from './core/input-guard.js';
import { safeRequest } from './core/safe-log.js';
import { registerOpenApi } from './core/openapi.js';
import { registerSecurityHeaders } from './core/security-headers.js';
import { SecretBox } from './core/secret-box.js';
import type { App } from './core/types.js';
import { registerWeb } from './core/web.js';
import { replySerializerCompiler } from './core/serializer.js';
import { type AdmissionQueue, registerDbQueue, type QueueLimits } from './core/db-queue.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { effectiveMeasureRoutes } from './modules/facility-settings/effective-measures.js';
import { FACILITY_SETTING_DEFS } from './modules/facility-settings/facility-settings.resources.js';
import { createTokenSigner } from './modules/auth/tokens.js';
import { facilitiesRoutes } from './modules/facilities/facilities.routes.js';
import { geoRoutes } from './modules/geo/geo.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { lookupsRoutes } from './modules/lookups/lookups.routes.js';
import { clientsRoutes } from './modules/clients/clients.routes.js';
import { resultsRoutes } from './modules/results/results.routes.js';
import { samplesRoutes } from './modules/samples/samples.routes.js';
import { loadProgramIds } from './modules/programs/program-ids.js';
import { tbRoutes } from './modules/analytics/tb/tb.routes.js';
import { eidRoutes } from './modules/analytics/eid/eid.routes.js';
import { vlRoutes } from './modules/analytics/vl/vl.routes.js';
import { phRoutes } from './modules/analytics/ph/ph.routes.js';
import { tierRoutes } from './modules/analytics/tier/tier.routes.js';
import { generalAnalyticsRoutes } from './modules/analytics/general/general.routes.js';
import { programsRoutes } from './modules/programs/programs.routes.js';
import { REFERENCE_DEFS } from './modules/reference/reference.resources.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { loadPrincipal } from './modules/users/principal.js';
import { recordAudit } from './modules/audit/audit.service.js';
import { registerResource } from './core/resource.js';
import { dispatchRoutes } from './modules/dispatch/dispatch.routes.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { nonConformityRoutes } from './modules/nonconformity/nonconformity.routes.js';
import { consumablesRoutes } from './modules/inventory/consumables.routes.js';
import { qcRoutes } from './modules/qc/qc.routes.js';
import { worksheetsRoutes } from './modules/worksheets/worksheets.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { assetsRoutes } from './modules/inventory/assets.routes.js';
import { instrumentsRoutes } from './modules/instruments/instruments.routes.js';
import { fhirRoutes } from './modules/fhir/fhir.routes.js';
import { dhis2Routes } from './modules/dhis2/dhis2.routes.js';
import { apiClientsRoutes } from './modules/api-clients/api-clients.routes.js';
import { systemAuthenticator } from './modules/api-clients/api-clients.service.js';
import { electronicRequestsRoutes } from './modules/fhir/fhir.orders.requests.js';
import { registerVerificationContext, verificationRoutes } from './modules/verification/verification.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { offlineRoutes } from './modules/offline/offline.routes.js';
import { helpRoutes } from './modules/help/help.routes.js';
import { loadNotificationConfig, type NotificationConfig } from './core/config.js';

export interface AppOptions {
  database: Database;
  jwtSecret: Uint8Array;
  /** The secret before a rotation (PREVIOUS_JWT_SECRET): it opens the secrets kept at rest that it sealed, which are sealed again at start. */
  previousJwtSecrets?: Uint8Array[];
  /** The public base URL of the report verification QR codes (PUBLIC_URL); null: each request's origin. */
  publicUrl?: string | null;
  webDist?: string | null;
  buildId?: string;
  logLevel?: string;
  trustProxy?: boolean;
  /** Re-validate every reply against its schema (tests); otherwise replies are projected onto it (production). */
  validateReplies?: boolean;
  /** Log every request and reply (two log lines per request). */
  logRequests?: boolean;
  /** Bound the requests using the embedded database at once (ignored on a PostgreSQL server). */
  /** The embedded database's admission queue: its limits, or a queue a test holds. */
  dbQueue?: QueueLimits | AdmissionQueue;
  /** Where logs go (tests capture them); standard output by default. */
  logStream?: { write(line: string): void };
  /** Result notifications' providers and retry policy; read from the environment when not given. */
  notifications?: NotificationConfig;
}

export async function buildApp(options: AppOptions): Promise<App> {
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'silent',
      ...(options.logStream ? { stream: options.logStream } : {}),
      serializers: { req: (request: FastifyRequest) => safeRequest(request) },
    },
    logController: new LogController({ disableRequestLogging: !(options.logRequests ?? true) }),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // `__proto__` and `constructor.prototype` keys in a JSON body are dropped, not answered as malformed JSON.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler(options.validateReplies ?? true));
  registerErrorHandler(app);
  if (options.dbQueue && options.database.kind === 'pglite') registerDbQueue(app, options.dbQueue);

  // A POST without a body is validated as an empty object, so each missing field is named.
  // Callback-style (not async) hooks: they run on every request, and a promise per hook is measurable.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.method !== 'GET' && (request.body === undefined || request.body === null)) request.body = {};
    done();
  });
  registerInputGuard(app);

  await registerSecurityHeaders(app);
  await app.register(compress, { threshold: 1024 });
  await registerOpenApi(app);

  const { db } = options.database;
  const signer = createTokenSigner(options.jwtSecret);
  // core/ depends on no module: the app hands it the token check, the principal loader and the audit writer.
  registerAuth(app, {
    verify: (token) => signer.verifyAccess(token),
    load: (userId, sessionId) => loadPrincipal(db, userId, sessionId),
    system: systemAuthenticator(db),
  });
  app.decorate('audit', recordAudit);
  registerVerificationContext(app, { secret: options.jwtSecret, publicUrl: options.publicUrl ?? null });

  healthRoutes(app, options.database);
  authRoutes(app, { db, signer });
  usersRoutes(app, db);
  geoRoutes(app, db);
  programsRoutes(app, db);
  facilitiesRoutes(app, db);
  for (const def of REFERENCE_DEFS) registerResource(app, db, def);
  catalogueRoutes(app, db);
  effectiveMeasureRoutes(app, db);
  lookupsRoutes(app, db);
  for (const def of FACILITY_SETTING_DEFS) registerResource(app, db, def);
  clientsRoutes(app, db);
  await loadProgramIds(db);
  samplesRoutes(app, db);
  generalAnalyticsRoutes(app, db);
  tbRoutes(app, db);
  eidRoutes(app, db);
  vlRoutes(app, db);
  phRoutes(app, db);
  tierRoutes(app, db);
  resultsRoutes(app, db);
  qcRoutes(app, db);
  worksheetsRoutes(app, db);
  dispatchRoutes(app, db);
  filesRoutes(app, db);
  nonConformityRoutes(app, db);
  billingRoutes(app, db);
  consumablesRoutes(app, db);
  assetsRoutes(app, db);
  instrumentsRoutes(app, db);
  await fhirRoutes(app, db);
  await dhis2Routes(app, db, new SecretBox(options.jwtSecret, options.previousJwtSecrets));
  apiClientsRoutes(app, db);
  electronicRequestsRoutes(app, db);

  verificationRoutes(app, db);
  notificationsRoutes(app, db, options.notifications ?? loadNotificationConfig(process.env));
  offlineRoutes(app, db);
  helpRoutes(app, db);

  await registerWeb(app, options.webDist ?? null, options.buildId ?? '');
  return app;
}
