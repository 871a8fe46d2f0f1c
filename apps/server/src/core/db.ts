import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';

/**
 * One query layer over the embedded and the server database. Queries name their tables (the query builder), so the
 * layer needs no schema of its own: core/ stays below the modules whose tables they are.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction or the database itself: services take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** The rows of a raw `db.execute(sql…)` (both drivers answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The embedded database's data directory as a tarball (to open copies of it). */
  dump?: () => Promise<Blob>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/**
 * Open the embedded database (a directory, or memory when `dir` is null) and
 * migrate it; or, in memory, a copy of a dumped data directory (`from`, made
 * by `dumpPglite`), which skips creating the cluster (seconds in WebAssembly).
 */
export async function openPglite(dir: string | null, from?: Blob): Promise<Database> {
  if (dir) mkdirSync(dir, { recursive: true });
  // pg_trgm backs substring search (names, identifiers, laboratory numbers) with indexes.
  const extensions = { pg_trgm };
  const client = dir ? new PGlite(dir, { extensions }) : new PGlite({ extensions, ...(from ? { loadDataDir: from } : {}) });
  const db = drizzlePglite(client) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close(), dump: () => client.dumpDataDir('none') };
}

/**
 * Statement names by text: the first `STATEMENT_NAMES` distinct parameterised
 * statements of the process get a name, so each connection parses and plans
 * them once (a named prepared statement) instead of on every request. The
 * statements every request sends (the principal, a list's count and page) are
 * among the first; a text beyond the bound is sent unnamed, as before.
 */
const STATEMENT_NAMES = Number(process.env.DATABASE_STATEMENT_NAMES ?? 400);
const statementNames = new Map<string, string>();

export function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < STATEMENT_NAMES) {
    name = `nlims_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * A node-postgres client that names its parameterised statements
 * (`statementName`). Statements without parameters (transaction control,
 * migrations, which may hold several statements) are left to the simple
 * protocol.
 */
class NamingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query has a dozen overloads; this passes them through.
  override query(config: any, values?: any, callback?: any): any {
    if (config && typeof config === 'object' && typeof config.text === 'string' && config.name === undefined) {
      const params = Array.isArray(values) ? values : config.values;
      if (Array.isArray(params) && params.length > 0) {
        const name = statementName(config.text);
        if (name) config = { ...config, name };
      }
    }
    return super.query(config, values, callback);
  }
}

/** Open a PostgreSQL server database and migrate it. */
export async function openPostgres(url: string, options: { migrate?: boolean } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10), Client: NamingClient });
  // An idle connection that the server drops (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
  // So must a connection that dies while a request holds it (between two queries of a transaction): without a listener
  // its 'error' event would end the process. The request's next query fails, the API answers 503 with Retry-After, and
  // the pool discards the broken connection when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg(pool) as unknown as Db;
  // Cluster workers skip this: the primary migrated before forking them.
  if (options.migrate !== false) await migratePg(db as never, { migrationsFolder });
  return {
    db,
    kind: 'postgres',
    async close() {
      // A request whose client went away may still be running its queries: let them finish (a few seconds at most).
      const until = Date.now() + 5000;
      while ((pool.totalCount > pool.idleCount || pool.waitingCount > 0) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      await pool.end();
    },
  };
}

export function openDatabase(config: { databaseUrl: string | null; dataDir: string }, options: { migrate?: boolean } = {}): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, options) : openPglite(path.join(config.dataDir, 'pglite'));
}

const RETRYABLE = new Set(['40P01', '40001']); // deadlock detected, serialization failure

/**
 * Run a whole transaction again when PostgreSQL broke a deadlock (or a
 * serialization conflict) by failing it: the work was rolled back, so a second
 * attempt is safe, and the user gets an answer instead of a 500.
 */
export async function retryTransaction<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
      if (!code || !RETRYABLE.has(code) || attempt >= attempts) throw error;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
    }
  }
}

/**
 * The next number of a facility's yearly series (WS-2026-0001, SH-2026-0001): one at a time per facility and series
 * (an advisory lock held to the end of the caller's transaction), after the highest of the year.
 */
export async function nextYearlyNumber(
  tx: Tx,
  series: { code: string; lock: number; table: PgTable; number: AnyPgColumn; facility: AnyPgColumn; digits?: number },
  facilityId: number,
  now: Date,
): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${series.lock}, ${facilityId})`);
  const prefix = `${series.code}-${now.getUTCFullYear()}-`;
  const last: SQL = sql`coalesce(max(substring(${series.number} from ${sql.raw(String(prefix.length + 1))})::int), 0)::int`;
  const [row] = rowsOf<{ last: number }>(
    await tx.execute(sql`select ${last} as last from ${series.table} where ${series.facility} = ${facilityId} and ${series.number} like ${`${prefix}%`}`),
  );
  return `${prefix}${String((row?.last ?? 0) + 1).padStart(series.digits ?? 4, '0')}`;
}
