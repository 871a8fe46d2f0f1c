import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './workers.js';

// Browser journeys against the real server, built web app and a fresh embedded database.
export default defineConfig({
  test: {
    name: 'browser',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60000,
    hookTimeout: 120000,
    // Several files at a time, each worker on its own server and database (workers.ts).
    fileParallelism: true,
    maxWorkers: E2E_WORKERS,
    // A page waiting on the server under load can take longer than the default second.
    expect: { poll: { timeout: 10000 } },
  },
});
