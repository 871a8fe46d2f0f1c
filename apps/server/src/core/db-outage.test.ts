import { execFileSync, type ExecFileSyncOptions } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { hashPassword } from '../modules/users/users.service.js';
import { seedFacility, seedUser } from '../seed/builders.js';
import { seed } from '../seed/index.js';
import { openPostgres, type Database } from './db.js';
import type { App } from './types.js';

/**
 * The database stops under load, and comes back: every reply meanwhile is a
 * success or a 503 with Retry-After, never a 500; `/api/health/` says the
 * database cannot be reached; and after it returns, the receptionists'
 * retries (same Idempotency-Key) leave exactly one client per acknowledged
 * create. The test starts its own throwaway PostgreSQL server (initdb and
 * pg_ctl of the installed server, a free port, a temporary directory), never
 * the shared one; it runs once per test run (in the embedded-database
 * project, as it needs no shared server).
 */

const BIN_ROOT = '/usr/lib/postgresql';
const binDir = (): string | null => {
  if (!existsSync(BIN_ROOT)) return null;
  const versions = readdirSync(BIN_ROOT).sort((a, b) => Number(b) - Number(a));
  const found = versions.map((v) => path.join(BIN_ROOT, v, 'bin')).find((d) => existsSync(path.join(d, 'pg_ctl')));
  return found ?? null;
};
const BIN = binDir();
const root = process.getuid?.() === 0;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Run a server binary; PostgreSQL refuses to run as root, so as the `postgres` user when we are root. */
function run(binary: string, args: string[], options: ExecFileSyncOptions = {}) {
  const full = path.join(BIN!, binary);
  return root
    ? execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe', ...options })
    : execFileSync(full, args, { stdio: 'pipe', ...options });
}

class ThrowawayPostgres {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'nlims-outage-'));
  readonly data = path.join(this.dir, 'data');
  constructor(readonly port: number) {
    if (root) {
      chownSync(this.dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), Number(execFileSync('id', ['-g', 'postgres']).toString().trim()));
    }
    chmodSync(this.dir, 0o700);
    run('initdb', ['-D', this.data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  }
  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }
  start() {
    run('pg_ctl', [
      '-D',
      this.data,
      '-w',
      '-l',
      path.join(this.dir, 'log'),
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  }
  stop() {
    run('pg_ctl', ['-D', this.data, '-w', '-m', 'fast', 'stop']);
  }
  destroy() {
    try {
      this.stop();
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

const PASSWORD = 'Harbour-lantern-62-quiet';
let server: ThrowawayPostgres;
let database: Database;
let app: App;
const tokens: string[] = [];

describe.runIf(BIN && process.env.TEST_DB !== 'pg')('the database stops under load', () => {
  beforeAll(async () => {
    server = new ThrowawayPostgres(await freePort());
    server.start();
    database = await openPostgres(server.url);
    await seed(database.db, { demo: false });
    const passwordHash = await hashPassword(PASSWORD);
    const facilityId = await seedFacility(database.db, {
      name: 'Outage Test Laboratory',
      code: 'LA-OUT-001',
      type: 'public',
      tier: 'Primary',
      state: 'Lagos',
      lga: 'Ikeja',
      programs: ['Tuberculosis'],
    });
    app = await buildApp({ database, jwtSecret: randomBytes(32) });
    for (let i = 0; i < 10; i++) {
      const username = `outage_reception_${i}`;
      await seedUser(database.db, { username, passwordHash, facilityId, roles: [['Tuberculosis', 'Receptionist']] });
      tokens.push((await app.inject({ method: 'POST', url: '/api/login/', payload: { username, password: PASSWORD } })).json().token);
    }
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
    server?.destroy();
  }, 60_000);

  it('answers 503 with Retry-After (never 500) while it is down, and loses or doubles nothing', async () => {
    const acknowledged = new Set<string>();
    const statuses = new Map<number, number>();
    const unexpected: string[] = [];
    let phase: 'up' | 'down' | 'back' = 'up';
    let stop = false;

    // Ten receptionists register clients, each create with its own Idempotency-Key, retried on a 503 until it lands.
    const receptionist = async (token: string, n: number) => {
      for (let i = 0; !stop && i < 400; i++) {
        const key = randomUUID();
        const payload = { first_name: 'Outage', last_name: `R${n}-${i}`, sex: 'female', estimated_age_years: 30 };
        for (let attempt = 0; attempt < 200; attempt++) {
          const res = await app.inject({
            method: 'POST',
            url: '/api/clients/',
            headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
            payload,
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode === 201) {
            acknowledged.add(`${payload.last_name}:${res.json().id}`);
            break;
          }
          if (res.statusCode === 503) {
            if (!res.headers['retry-after']) unexpected.push(`503 without Retry-After (${phase})`);
            await new Promise((r) => setTimeout(r, 100));
            continue;
          }
          unexpected.push(`${res.statusCode} ${res.body.slice(0, 200)} (${phase})`);
          break;
        }
      }
    };
    const load = tokens.map((token, n) => receptionist(token, n));

    await new Promise((r) => setTimeout(r, 1500));
    phase = 'down';
    server.stop();
    // While it is down: the API and the health check say so.
    await new Promise((r) => setTimeout(r, 1000));
    const health = await app.inject({ url: '/api/health/' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBeDefined();
    expect(health.json()).toMatchObject({ status: 'error', database: 'error', detail: expect.stringMatching(/cannot be reached/) });
    const list = await app.inject({ url: '/api/clients/?page=1', headers: { authorization: `Bearer ${tokens[0]}` } });
    expect(list.statusCode).toBe(503);
    expect(list.json().detail).toMatch(/cannot be reached/);
    await new Promise((r) => setTimeout(r, 2000));
    phase = 'back';
    server.start();
    await new Promise((r) => setTimeout(r, 2000));
    stop = true;
    await Promise.all(load);

    expect(unexpected).toEqual([]);
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(500) ?? 0).toBe(0);
    expect((await app.inject({ url: '/api/health/' })).json()).toMatchObject({ status: 'ok', database: 'ok' });
    // Every acknowledged create is one row, and no row was made twice.
    const result = await database.db.execute(sql`select last_name, count(*)::int as n from clients where first_name = 'Outage' group by last_name`);
    const rows = (result as unknown as { rows: { last_name: string; n: number }[] }).rows;
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(rows.length).toBe(acknowledged.size);
  }, 120_000);
});
