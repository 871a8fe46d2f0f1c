import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { isWorker, runPrimary } from './core/cluster.js';
import { loadConfig } from './core/config.js';
import { openDatabase } from './core/db.js';
import { resolveJwtSecret, resolvePreviousJwtSecrets } from './core/secret.js';
import { InstrumentListeners, setCurrentListeners } from './modules/instruments/instruments.service.js';
import { seed } from './seed/index.js';

const config = loadConfig();
const clustered = config.workers > 1;
const where = config.databaseUrl ? 'PostgreSQL server' : `embedded PostgreSQL in ${config.dataDir}`;

if (clustered && !isWorker()) {
  // Migrate and seed once, then fork the workers that serve.
  const database = await openDatabase(config);
  await seed(database.db, { demo: config.demo });
  // Every worker signs with the same secret: resolve it (and create it if it must be) before they start.
  resolveJwtSecret(config);
  await database.close();
  runPrimary(config.workers);
  console.log(
    `NLIMS is running on http://localhost:${config.port} — ${where}, ${config.workers} workers${config.demo ? ', demo data (password Demo@12345)' : ''}`,
  );
} else {
  const database = await openDatabase(config, { migrate: !clustered });
  if (!clustered) await seed(database.db, { demo: config.demo });
  const app = await buildApp({
    database,
    jwtSecret: resolveJwtSecret(config),
    previousJwtSecrets: resolvePreviousJwtSecrets(config),
    publicUrl: config.publicUrl,
    webDist: config.webDist,
    buildId: config.buildId,
    logLevel: config.logLevel,
    logRequests: config.logRequests,
    validateReplies: config.validateReplies,
    dbQueue: config.dbQueue,
    trustProxy: process.env.TRUST_PROXY === '1',
    notifications: config.notifications,
  });

  // The analysers' listeners: in one process only — the embedded database's single process, or, in a cluster, the
  // worker holding the PostgreSQL advisory lock (the others take it over when that worker dies).
  const instruments = config.instruments.enabled
    ? new InstrumentListeners(database.db, {
        host: config.instruments.host,
        syncMs: config.instruments.syncMs,
        lockUrl: clustered ? config.databaseUrl : null,
        log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) },
      })
    : null;
  setCurrentListeners(instruments);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, async () => {
      // A worker's last word to the primary (its listening socket closing) may find it already gone: not a crash.
      if (clustered) cluster.worker?.on('error', () => undefined);
      await instruments?.close();
      await app.close();
      await database.close();
      process.exit(0);
    });
  }

  await app.listen({ port: config.port, host: config.host });
  await instruments?.start();
  if (!clustered) {
    app.log.info(`Serving on http://localhost:${config.port} (${where}${config.demo ? ', demo data' : ''})`);
    console.log(`NLIMS is running on http://localhost:${config.port} — ${where}${config.demo ? ', demo data (password Demo@12345)' : ''}`);
  }
}
