import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoDatabase, restorePgliteTemplate } from '../test/harness.js';
import { loadConfig, workerCount } from './config.js';

describe('the worker count', () => {
  it('defaults to one per CPU on a PostgreSQL server and takes WORKERS', () => {
    expect(workerCount({}, 'postgres://x/y', 4)).toBe(4);
    expect(workerCount({ WORKERS: '2' }, 'postgres://x/y', 4)).toBe(2);
    expect(workerCount({ WORKERS: '1' }, 'postgres://x/y', 4)).toBe(1);
  });
  it('is always one on the embedded database', () => {
    expect(workerCount({ WORKERS: '4' }, null, 4)).toBe(1);
    expect(loadConfig({ WORKERS: '3' }).workers).toBe(1);
    expect(loadConfig({ WORKERS: '3', DATABASE_URL: 'postgres://x/y' }).workers).toBe(3);
  });
  it('refuses a value that is not a whole number of at least one', () => {
    for (const bad of ['0', '-1', 'two', '1.5']) expect(() => workerCount({ WORKERS: bad }, 'postgres://x/y', 4)).toThrow(/WORKERS/);
  });
});

/**
 * The server started as `npm run serve` does, with WORKERS=2: on a PostgreSQL
 * server (TEST_DB=pg) two worker processes answer on one port; on the
 * embedded database the server stays one process.
 */
describe('the server with WORKERS=2', () => {
  const onServer = process.env.TEST_DB === 'pg';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nlims-cluster-'));
  const dbName = `nlims_test_cluster_${randomBytes(4).toString('hex')}`;
  let child: ChildProcess;
  const port = 20_000 + Math.floor(Math.random() * 20_000);

  beforeAll(async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, WORKERS: '2', PORT: String(port), HOST: '127.0.0.1', WEB_DIST: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    if (onServer) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await createDemoDatabase(admin, dbName);
      await admin.end();
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${dbName}`;
      Object.assign(env, { DATABASE_URL: url.toString(), DEMO: '1' });
    } else {
      await restorePgliteTemplate(path.join(dataDir, 'pglite'));
      Object.assign(env, { DATABASE_URL: '', DEMO: '1' });
    }
    const root = path.resolve(import.meta.dirname, '../../../..');
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env, stdio: 'ignore' });
    // The demo is seeded first: on a loaded machine that has taken more than a minute.
    const until = Date.now() + 150_000;
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health/`)).ok) break;
      } catch {}
      if (Date.now() > until || child.exitCode !== null) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 160_000);

  afterAll(async () => {
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await gone;
    rmSync(dataDir, { recursive: true, force: true });
    if (onServer) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }, 30_000);

  /**
   * The primary's worker processes: its children running the server (tsx also starts an esbuild helper, which is
   * not a worker). Matched by command line, since the thread name differs between Node.js lines (node, MainThread,
   * node-MainThread).
   */
  const workerPids = (): string[] => {
    try {
      return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(child.pid)], { encoding: 'utf8' })
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l.includes('apps/server/src/main.ts'))
        .map((l) => l.split(/\s+/)[0]!);
    } catch {
      return [];
    }
  };
  const workers = () => workerPids().length;

  it('answers, signs in and lists', async () => {
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'clin_supervisor', password: 'Demo@12345' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    // A token signed by one worker is accepted by every other: they share the secret.
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => fetch(`${base}/api/general_order/?page_size=5`, { headers: { authorization: `Bearer ${token}` } })),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(workers()).toBe(onServer ? 2 : 0);
  });

  it('replaces a worker that dies', async () => {
    if (!onServer) return;
    const pids = workerPids();
    process.kill(Number(pids[0]), 'SIGKILL');
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      await new Promise((r) => setTimeout(r, 300));
      const now = workerPids();
      if (now.length === 2 && !now.includes(pids[0]!)) break;
    }
    expect(workers()).toBe(2);
    expect((await fetch(`http://127.0.0.1:${port}/api/health/`)).ok).toBe(true);
  }, 30_000);
});
