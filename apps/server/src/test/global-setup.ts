import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../core/db.js';
import { seed } from '../seed/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, demo-seeded embedded database, dumped to this file. */
    pgliteTemplate: string;
    /** A migrated, demo-seeded PostgreSQL database to create each test file's database from. */
    postgresTemplate: string;
  }
}

/**
 * Migrate and seed once per run, not once per test file: each file then
 * opens a copy (PGlite: its dumped data directory; PostgreSQL: CREATE
 * DATABASE … TEMPLATE), which takes a fraction of a second where creating
 * an embedded cluster, migrating and seeding takes several.
 */
export default async function setup(project: TestProject) {
  const tag = `${Date.now()}_${randomBytes(4).toString('hex')}`;
  // The demo's stored files go where the test workers read them (the project's DATA_DIR), not the checkout's data/.
  if (project.config.env?.DATA_DIR) process.env.DATA_DIR = project.config.env.DATA_DIR;
  if (process.env.TEST_DB === 'pg' || project.config.env?.TEST_DB === 'pg') {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
    const name = `nlims_template_${tag}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString());
    await seed(database.db, { demo: true, history: false });
    await database.close();
    project.provide('postgresTemplate', name);
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const database = await openPglite(null);
  await seed(database.db, { demo: true, history: false });
  const file = path.join(os.tmpdir(), `nlims-test-template-${tag}.tar`);
  writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}
