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
    // The few files that test the embedded database itself (harness.ts openDemoPglite) copy an embedded template too.
    const removePglite = await providePgliteTemplate(project, tag);
    return async () => {
      removePglite();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  return providePgliteTemplate(project, tag);
}

/** The projects on the embedded database (api-pglite, api-isolated) share one template: seeding is the costly part. */
async function providePgliteTemplate(project: TestProject, tag: string): Promise<() => void> {
  shared.nlimsPgliteTemplate ??= { file: pgliteTemplate(tag), users: 0 };
  const entry = shared.nlimsPgliteTemplate;
  entry.users++;
  const file = await entry.file;
  project.provide('pgliteTemplate', file);
  return () => {
    if (--entry.users > 0) return;
    shared.nlimsPgliteTemplate = undefined;
    rmSync(file, { force: true });
  };
}

const shared = globalThis as { nlimsPgliteTemplate?: { file: Promise<string>; users: number } };

async function pgliteTemplate(tag: string): Promise<string> {
  const database = await openPglite(null);
  await seed(database.db, { demo: true, history: false });
  const file = path.join(os.tmpdir(), `nlims-test-template-${tag}.tar`);
  writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
  await database.close();
  return file;
}
