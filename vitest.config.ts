import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts'];
// Each API project migrates and seeds one template database per run; test files open copies of it.
const globalSetup = ['apps/server/src/test/global-setup.ts'];

// API tests run on embedded PGlite, and again on a PostgreSQL server when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['packages/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'] } },
      { test: { name: 'api-pglite', include: serverTests, env: { TEST_DB: 'pglite' }, globalSetup, testTimeout: 30000, hookTimeout: 60000 } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { name: 'api-postgres', include: serverTests, env: { TEST_DB: 'pg' }, globalSetup, testTimeout: 30000, hookTimeout: 60000 } }]
        : []),
    ],
  },
});
