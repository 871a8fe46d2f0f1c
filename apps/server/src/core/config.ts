import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Set when a PostgreSQL server is used instead of the embedded database. */
  databaseUrl: string | null;
  /** Seed demo facilities and users. */
  demo: boolean;
  jwtSecret: string | null;
  /** Built web app to serve; null serves the API only. */
  webDist: string | null;
  /** Extra salt for the service-worker version (a deployment marker). */
  buildId: string;
  logLevel: string;
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

function port(value: string | undefined, fallback: number): number {
  const n = Number(value ?? fallback);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`PORT must be a port number, got ${value}`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  // The embedded database seeds demo data unless DEMO=0; a server database only with DEMO=1.
  const demo = databaseUrl ? env.DEMO === '1' : env.DEMO !== '0';
  return {
    port: port(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl,
    demo,
    jwtSecret: env.JWT_SECRET?.trim() || null,
    webDist: env.WEB_DIST === '' ? null : path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    buildId: env.APP_BUILD_ID ?? '',
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
