import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { buildApp } from '../app.js';
import { openPglite, openPostgres, type Database } from '../core/db.js';
import type { App } from '../core/types.js';
import { DEMO_PASSWORD } from '../seed/demo.js';
import { seed } from '../seed/index.js';

/**
 * A fresh database per test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL when TEST_DB=pg.
 * With demo data it is a copy of the run's template (test/global-setup.ts),
 * already migrated and seeded; without, it is migrated and seeded here.
 */
async function openTestDatabase(demo: boolean): Promise<Database> {
  const template = demo ? (process.env.TEST_DB === 'pg' ? inject('postgresTemplate') : inject('pgliteTemplate')) : undefined;
  if (process.env.TEST_DB !== 'pg') {
    const database = template ? await openPglite(null, new Blob([readFileSync(template)])) : await openPglite(null);
    if (!template) await seed(database.db, { demo, history: false });
    return database;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
  const name = `nlims_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await createDatabase(admin, name, template);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  if (!template) await seed(database.db, { demo, history: false });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // The pool's connections may take a moment to go; forcing them off would make them report errors.
      for (let attempt = 0; ; attempt++) {
        try {
          await dropper.query(`drop database if exists ${name}${attempt >= 50 ? ' with (force)' : ''}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await dropper.end();
    },
  };
}

/**
 * An embedded database with the demo data, whichever database the test file's project uses: a copy of the run's
 * embedded template when there is one (restoring it takes a fraction of the seconds seeding takes), else seeded here.
 */
export async function openDemoPglite(): Promise<Database> {
  const template = inject('pgliteTemplate');
  if (template) return openPglite(null, new Blob([readFileSync(template)]));
  const database = await openPglite(null);
  await seed(database.db, { demo: true, history: false });
  return database;
}

/**
 * For a server started as its own process with DEMO=1: the run's demo template in its embedded database folder (or,
 * on PostgreSQL, as the database it is given), so that its start finds the demo there and only adds what the template
 * leaves out (the history) instead of seeding it all again.
 */
export async function restorePgliteTemplate(dir: string): Promise<void> {
  const template = inject('pgliteTemplate');
  if (!template) return;
  mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, { extensions: { pg_trgm }, loadDataDir: new Blob([readFileSync(template)]) });
  await client.waitReady;
  await client.close();
}

export async function createDemoDatabase(admin: pg.Client, name: string): Promise<void> {
  await createDatabase(admin, name, inject('postgresTemplate'));
}

/** CREATE DATABASE, from the template if given; copies made at the same moment by other files wait their turn. */
async function createDatabase(admin: pg.Client, name: string, template: string | undefined): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
      return;
    } catch (error) {
      // 55006: the template is being copied by another session.
      if ((error as { code?: string }).code !== '55006' || attempt >= 100) throw error;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
}

export interface TestApp {
  app: App;
  database: Database;
  /** The secret that signs access tokens (to forge tokens in tests). */
  jwtSecret: Uint8Array;
  /** Sign in and return the access token. */
  token(username: string, password?: string): Promise<string>;
  /** Drop a cached token whose session ended (the user was disabled, or signed out everywhere). */
  forget(username: string): void;
  close(): Promise<void>;
}

export async function createTestApp(options: { demo?: boolean; beforeBuild?: (database: Database) => Promise<void> } = {}): Promise<TestApp> {
  const database = await openTestDatabase(options.demo ?? true);
  await options.beforeBuild?.(database);
  const jwtSecret = randomBytes(32);
  const app = await buildApp({ database, jwtSecret });
  const tokens = new Map<string, string>();
  return {
    app,
    database,
    jwtSecret,
    async token(username, password = DEMO_PASSWORD) {
      const cached = tokens.get(username);
      if (cached && password === DEMO_PASSWORD) return cached;
      const res = await app.inject({ method: 'POST', url: '/api/login/', payload: { username, password } });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      const token = res.json().token as string;
      if (password === DEMO_PASSWORD) tokens.set(username, token);
      return token;
    },
    forget(username) {
      tokens.delete(username);
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
