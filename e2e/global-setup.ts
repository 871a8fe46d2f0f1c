import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { removeDir, startServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(path.resolve(import.meta.dirname, '../apps/web/dist/index.html'))) {
    throw new Error('Build the web app first: npm run build');
  }
  const server = await startServer();
  project.provide('baseURL', server.url);
  return async () => {
    await server.stop();
    removeDir(server.dataDir);
  };
}
