import compress from '@fastify/compress';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAuth } from './core/auth.js';
import type { Database } from './core/db.js';
import { registerErrorHandler } from './core/error-handler.js';
import { registerOpenApi } from './core/openapi.js';
import type { App } from './core/types.js';
import { registerWeb } from './core/web.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { effectiveMeasureRoutes } from './modules/facility-settings/effective-measures.js';
import { FACILITY_SETTING_DEFS } from './modules/facility-settings/facility-settings.resources.js';
import { createTokenSigner } from './modules/auth/tokens.js';
import { facilitiesRoutes } from './modules/facilities/facilities.routes.js';
import { geoRoutes } from './modules/geo/geo.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { lookupsRoutes } from './modules/lookups/lookups.routes.js';
import { clientResource } from './modules/clients/clients.resource.js';
import { resultsRoutes } from './modules/results/results.routes.js';
import { samplesRoutes } from './modules/samples/samples.routes.js';
import { programsRoutes } from './modules/programs/programs.routes.js';
import { REFERENCE_DEFS } from './modules/reference/reference.resources.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { registerResource } from './core/resource.js';

export interface AppOptions {
  database: Database;
  jwtSecret: Uint8Array;
  webDist?: string | null;
  buildId?: string;
  logLevel?: string;
  trustProxy?: boolean;
}

export async function buildApp(options: AppOptions): Promise<App> {
  const app = Fastify({
    logger: { level: options.logLevel ?? 'silent' },
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  // A POST without a body is validated as an empty object, so each missing field is named.
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'GET' && (request.body === undefined || request.body === null)) request.body = {};
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
  });
  await app.register(compress, { threshold: 1024 });
  await registerOpenApi(app);

  const { db } = options.database;
  const signer = createTokenSigner(options.jwtSecret);
  registerAuth(app, db, signer);

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
  registerResource(app, db, clientResource);
  samplesRoutes(app, db);
  resultsRoutes(app, db);

  await registerWeb(app, options.webDist ?? null, options.buildId ?? '');
  return app;
}
