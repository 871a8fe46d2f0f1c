import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../app.js';
import type { App } from './types.js';
import type { Database } from './db.js';
import { AdmissionQueue, BUSY_DETAIL } from './db-queue.js';
import { openDemoPglite } from '../test/harness.js';
import { DEMO_PASSWORD } from '../seed/demo.js';

describe('the admission queue', () => {
  it('admits up to the bound, queues up to the limit, and turns the rest away', async () => {
    const queue = new AdmissionQueue({ concurrency: 2, maxWaiting: 1, maxWaitMs: 5000 });
    const a = await queue.acquire();
    const b = await queue.acquire();
    expect(a && b).toBeTruthy();
    const waiting = queue.acquire();
    expect(queue.queued).toBe(1);
    expect(await queue.acquire()).toBeNull(); // the queue is full
    a!();
    const c = await waiting; // the freed turn goes to the waiting request
    expect(c).toBeTypeOf('function');
    expect(queue.inFlight).toBe(2);
    a!(); // releasing twice frees one turn only
    b!();
    c!();
    expect(queue.inFlight).toBe(0);
  });

  it('turns a request away after waiting too long', async () => {
    const queue = new AdmissionQueue({ concurrency: 1, maxWaiting: 10, maxWaitMs: 50 });
    const held = await queue.acquire();
    const t0 = Date.now();
    expect(await queue.acquire()).toBeNull();
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(queue.queued).toBe(0);
    held!();
    expect(await queue.acquire()).toBeTypeOf('function');
  });
});

describe('an embedded database under more requests than the bound', () => {
  let database: Database;
  let app: App;
  let base: string;
  const queue = new AdmissionQueue({ concurrency: 1, maxWaiting: 2, maxWaitMs: 5000 });
  beforeAll(async () => {
    database = await openDemoPglite();
    app = await buildApp({ database, jwtSecret: randomBytes(32), dbQueue: queue });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers 503 with Retry-After beyond it, never another 5xx, and recovers', async () => {
    const login = await fetch(`${base}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'clin_supervisor', password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    // The only turn is taken, as by a long request: two requests may wait for it, the rest are turned away at once.
    const held = (await queue.acquire())!;
    let answered = 0;
    const pending = Array.from({ length: 6 }, async () => {
      const res = await fetch(`${base}/api/general_order/?page_size=20`, { headers });
      answered++;
      return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
    });
    // Two wait and four are answered while the turn is held; then it is released.
    await expect.poll(() => [queue.queued, answered]).toEqual([2, 4]);
    held();
    const replies = await Promise.all(pending);
    const busy = replies.filter((r) => r.status === 503);
    expect(busy).toHaveLength(4);
    for (const r of busy) {
      expect(r.retryAfter).toMatch(/^\d+$/);
      expect(r.body).toEqual({ detail: BUSY_DETAIL });
    }
    expect(replies.filter((r) => r.status === 200)).toHaveLength(2);
    // Once the burst is over, requests are served again.
    const after = await fetch(`${base}/api/general_order/?page_size=20`, { headers });
    expect(after.status).toBe(200);
  });
});
