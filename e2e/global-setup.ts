import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { removeDir, startServer } from './server.js';
import { E2E_WORKERS } from './workers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per browser worker: files running side by side never share a database. */
    baseURLs: string[];
    /** A stopped server's data folder with the demo seeded, to start further servers from (server.ts `template`). */
    dataTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(path.resolve(import.meta.dirname, '../apps/web/dist/index.html'))) {
    throw new Error('Build the web app first: npm run build');
  }
  // The demo is seeded once, by a first server; every worker's server starts on a copy of its data folder.
  const seeded = await startServer();
  await seeded.stop();
  const template = seeded.dataDir;
  const servers = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startServer({ template })));
  project.provide(
    'baseURLs',
    servers.map((s) => s.url),
  );
  project.provide('dataTemplate', template);
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    for (const s of servers) removeDir(s.dataDir);
    removeDir(template);
  };
}
