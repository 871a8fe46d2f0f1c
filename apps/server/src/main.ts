import { buildApp } from './app.js';
import { loadConfig } from './core/config.js';
import { openDatabase } from './core/db.js';
import { resolveJwtSecret } from './core/secret.js';
import { seed } from './seed/index.js';

const config = loadConfig();
const database = await openDatabase(config);
await seed(database.db, { demo: config.demo });
const app = await buildApp({
  database,
  jwtSecret: resolveJwtSecret(config),
  webDist: config.webDist,
  buildId: config.buildId,
  logLevel: config.logLevel,
  trustProxy: process.env.TRUST_PROXY === '1',
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL server' : `embedded PostgreSQL in ${config.dataDir}`;
app.log.info(`Serving on http://localhost:${config.port} (${where}${config.demo ? ', demo data' : ''})`);
console.log(`NLIMS is running on http://localhost:${config.port} — ${where}${config.demo ? ', demo data (password Demo@12345)' : ''}`);
