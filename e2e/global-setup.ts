import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { removeDir, startServer } from './server.js';
import { E2E_WORKERS } from './workers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per browser worker: files running side by side never share a database. */
    baseURLs: string[];
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(path.resolve(import.meta.dirname, '../apps/web/dist/index.html'))) {
    throw new Error('Build the web app first: npm run build');
  }
  const servers = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startServer()));
  project.provide(
    'baseURLs',
    servers.map((s) => s.url),
  );
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    for (const s of servers) removeDir(s.dataDir);
  };
}
