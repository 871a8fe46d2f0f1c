import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Servers still running when the test process ends (a timed-out test skips its finally). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Start the product as `npm start` serves it (built web app, embedded database, demo data). With `template`, the data
 * folder starts as a copy of that one (a stopped server's, already seeded): seeding the demo is most of a start.
 */
export async function startServer(options: { port?: number; dataDir?: string; template?: string; env?: Record<string, string> } = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'nlims-e2e-'));
  if (options.template) cpSync(options.template, dataDir, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    // DHIS2_ALLOWED_HOSTS: the DHIS2 stand-in of the journeys listens on the loopback, which the server otherwise refuses.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO: '1',
      LOG_LEVEL: 'warn',
      DHIS2_ALLOWED_HOSTS: '127.0.0.1',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const url = `http://127.0.0.1:${port}`;
  // Seeding the demo takes about 15 s alone; in \`npm test\` the web benchmark starts it beside both API legs and the
  // other benchmarks on the same cores, where it has taken over a minute.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode != null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health/`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start within 150 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode == null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

export const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true });
