import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The web's word catalogue alias, as in apps/web/vite.config.ts.
const LOCALES_ALIAS = { '@locales': path.resolve(import.meta.dirname, 'packages/i18n/locales') };
const serverTests = ['apps/server/src/**/*.test.ts'];
// Each API project migrates and seeds one template database per run; test files open copies of it.
const globalSetup = ['apps/server/src/test/global-setup.ts'];
// The API test files share their workers' loaded modules (no isolation): each opens its own database and app, and
// importing the whole server again for each of some eighty files took a third of the run.
const isolated = ['apps/server/src/**/*.isolated.test.ts'];
const timeouts = { testTimeout: 30000, hookTimeout: 60000 };
// Stored files (the demo's documents, the uploads) of the API tests go to a folder of the run's machine, never the
// checkout's data/.
const DATA_DIR = path.join(os.tmpdir(), 'nlims-api-tests');
const api = { include: serverTests, exclude: isolated, globalSetup, ...timeouts, isolate: false };

// API tests run on embedded PGlite, and again on a PostgreSQL server when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: LOCALES_ALIAS },
        test: { name: 'unit', include: ['packages/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'] },
      },
      { test: { name: 'api-pglite', env: { TEST_DB: 'pglite', DATA_DIR }, ...api } },
      // Files that change the process (a programme registered by a test) load it afresh.
      { test: { name: 'api-isolated', env: { TEST_DB: 'pglite', DATA_DIR }, include: isolated, globalSetup, ...timeouts } },
      ...(process.env.TEST_DATABASE_URL ? [{ test: { name: 'api-postgres', env: { TEST_DB: 'pg', DATA_DIR }, ...api } }] : []),
    ],
  },
});
