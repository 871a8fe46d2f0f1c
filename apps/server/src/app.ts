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
import type { App } from './core/types.js';
import { registerWeb } from './core/web.js';
import { replySerializerCompiler } from './core/serializer.js';
import { type AdmissionQueue, registerDbQueue, type QueueLimits } from './core/db-queue.js';
import { loadNotificationConfig, type NotificationConfig } from './core/config.js';
import type { ModuleContext } from './core/module.js';
import { recordAudit } from './modules/audit/audit.service.js';
import { createTokenSigner } from './modules/auth/tokens.js';
import { installModuleHooks, SERVER_MODULES } from './modules/registry.js';
import { loadPrincipal } from './modules/users/users.service.js';

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
  const system = SERVER_MODULES.find((m) => m.systemAuthenticator)?.systemAuthenticator?.(db);
  // core/ depends on no module: the app hands it the token check, the principal loader and the audit writer.
  registerAuth(app, {
    verify: (token) => signer.verifyAccess(token),
    load: (userId, sessionId) => loadPrincipal(db, userId, sessionId),
    ...(system ? { system } : {}),
  });
  app.decorate('audit', recordAudit);

  // Every module from the registry, in its order: hooks first (they may be called as soon as a route is), then
  // request-wide plumbing, then routes.
  const context: ModuleContext = {
    database: options.database,
    db,
    jwtSecret: options.jwtSecret,
    previousJwtSecrets: options.previousJwtSecrets ?? [],
    publicUrl: options.publicUrl ?? null,
    notifications: options.notifications ?? loadNotificationConfig(process.env),
  };
  installModuleHooks();
  for (const m of SERVER_MODULES) m.setup?.(app, context);
  for (const m of SERVER_MODULES) await m.routes?.(app, context);

  await registerWeb(app, options.webDist ?? null, options.buildId ?? '');
  return app;
}
