/**
 * HTTP throughput benchmark (npm run bench:http), over real sockets on 127.0.0.1:
 *
 * (a) a bare Fastify + pg route doing the same work as the sample list
 *     (find the user; one page of 20 samples joined to their orders and
 *     clients, with their tests, in the product's own SQL; its count from the
 *     running status counts) beside the product's
 *     GET /api/general_order/?page_size=20, single process and cluster, with
 *     the ratio product / bare for each;
 * (b) a mixed load of BENCH_PG_USERS (200) users on PostgreSQL;
 * (c) a mixed load of BENCH_PGLITE_USERS (50) users on the embedded database.
 *
 * The product runs in a fresh database `nlims_bench_http` on BENCH_DATABASE_URL
 * (default the local server) with the demo data and BENCH_HTTP_SAMPLES generated
 * samples (bench-data.ts: General and Tuberculosis). Environment: BENCH_SECONDS (each throughput run, default 10),
 * BENCH_MIXED_SECONDS (default 20), BENCH_CONNECTIONS (default 50),
 * BENCH_WORKERS (cluster size, default the number of CPUs), BENCH_THINK_MS (a
 * user's pause between requests, default 1000–3000 ms at random), BENCH_REUSE=1 keeps
 * an existing bench database, BENCH_PARTS (default `throughput,pg,pglite`) picks the parts to run. Prints tables ready to paste into docs/performance.md.
 * BENCH_SMOKE=1: every part for a second or two on a few hundred samples, in a database of its own dropped after —
 * the smoke run of `npm test`, which fails on any error reply.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import cluster from 'node:cluster';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const smoke = process.env.BENCH_SMOKE === '1';
// The bare server (a child process) is told the name.
const dbName = process.env.BENCH_DB_NAME ?? (smoke ? `nlims_bench_http_smoke_${process.pid}` : 'nlims_bench_http');
process.env.BENCH_DB_NAME = dbName;
const benchUrl = (() => {
  const u = new URL(serverUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const seconds = smoke ? 1 : Number(process.env.BENCH_SECONDS ?? 10);
const mixedSeconds = smoke ? 3 : Number(process.env.BENCH_MIXED_SECONDS ?? 20);
const connections = smoke ? 4 : Number(process.env.BENCH_CONNECTIONS ?? 50);
const workers = smoke ? 2 : Number(process.env.BENCH_WORKERS ?? availableParallelism());
const volume = smoke ? 300 : Number(process.env.BENCH_HTTP_SAMPLES ?? process.env.BENCH_HTTP_ORDERS ?? 20_000);
const parts = new Set((process.env.BENCH_PARTS ?? 'throughput,pg,pglite').split(','));
const thinkMs = () => (smoke ? 50 : process.env.BENCH_THINK_MS ? Number(process.env.BENCH_THINK_MS) : 1000 + Math.random() * 2000);
/** Error replies seen by any part: a smoke run fails on one. */
let failures = 0;
const repo = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'Demo@12345';

// ---------------------------------------------------------------- helpers
const children = new Set<ChildProcess>();
// A failed run must not leave servers holding the bench ports.
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
});

function start(args: string[], env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: repo,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', WEB_DIST: '', LOG_LEVEL: 'warn', JWT_SECRET: 'bench-http-secret-bench-http-secret', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  return waitFor(`http://127.0.0.1:${port}/api/health/`, port, child);
}

async function waitFor(url: string, port: number, child: ChildProcess): Promise<ChildProcess> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server on ${port} did not start`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([gone, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** A process's CPU time so far (user + system, ms) from Linux's /proc; null elsewhere. */
function cpuMs(pid: number | undefined): number | null {
  if (pid == null) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

async function signIn(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

async function cannon(url: string, headers: Record<string, string>, duration = seconds): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  const result = await autocannon({ url, headers, connections, duration });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const pct = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0);

interface Mixed {
  requests: number;
  errors: number;
  busy: number;
  statuses: Map<string, number>;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  byKind: Map<string, number[]>;
}

/** `users` virtual users, each signing in then making a random mix of requests for `duration` seconds. */
async function mixedLoad(base: string, users: number, duration: number): Promise<Mixed> {
  const usernames = ['clin_supervisor', 'clin_receptionist', 'clin_analyst', 'clin_clerk', 'clin_manager'];
  const admin = await signIn(base, 'clin_supervisor');
  const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
  // One row per sample: its id is the sample's (moves and the detail take it), `client` and `tests` come from its order.
  const page = (await (await fetch(`${base}/api/general_order/?page_size=50`, { headers: auth(admin) })).json()) as {
    results: { id: number; client: number; tests: { test_type: number }[] }[];
  };
  const sampleIds = page.results.map((r) => r.id);
  const template = page.results.find((r) => r.tests.length)!;
  const latencies: number[] = [];
  const byKind = new Map<string, number[]>();
  let errors = 0;
  let busy = 0;
  const statuses = new Map<string, number>();
  const call = async (kind: string, url: string, init: RequestInit = {}) => {
    const t0 = performance.now();
    let status = 0;
    let body: unknown = null;
    try {
      const res = await fetch(`${base}${url}`, init);
      status = res.status;
      body = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.arrayBuffer();
    } catch {
      status = 0;
    }
    const ms = performance.now() - t0;
    latencies.push(ms);
    const list = byKind.get(kind) ?? [];
    if (!list.length) byKind.set(kind, list);
    list.push(ms);
    if (status === 503) busy++;
    if (status === 0 || status >= 400) {
      errors++;
      const label = `${kind} ${status || 'no answer'}`;
      statuses.set(label, (statuses.get(label) ?? 0) + 1);
    }
    return body;
  };
  const searches = ['Ade', 'Bola', 'Musa', 'LAG', 'Ngozi'];
  // Users are signed in before the clock starts, a few at a time (password hashing is deliberately slow):
  // a morning's sign-ins are spread over minutes, not crammed into the measured seconds.
  const tokens: string[] = [];
  for (let i = 0; i < users; i += 4) {
    await Promise.all(
      Array.from({ length: Math.min(4, users - i) }, async (_, k) => {
        tokens[i + k] = await signIn(base, usernames[(i + k) % usernames.length]!);
      }),
    );
  }
  const end = Date.now() + duration * 1000;
  const think = () => new Promise((r) => setTimeout(r, thinkMs()));
  const user = async (i: number) => {
    await new Promise((r) => setTimeout(r, Math.random() * 2000)); // users do not all start at once
    const headers = auth(tokens[i]!);
    while (Date.now() < end) {
      const r = Math.random();
      const id = sampleIds[Math.floor(Math.random() * sampleIds.length)];
      if (r < 0.01)
        await call('sign-in', '/api/login/', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: usernames[i % usernames.length], password: PASSWORD }),
        });
      else if (r < 0.3) await call('list', '/api/general_order/?page_size=20', { headers });
      else if (r < 0.45) await call('list + search', `/api/general_order/?page_size=20&search=${searches[i % searches.length]}`, { headers });
      else if (r < 0.55) await call('list + filter', '/api/general_order/?page_size=20&Filters.status=1', { headers });
      else if (r < 0.75) await call('sample detail', `/api/general_order/${id}/`, { headers });
      else if (r < 0.85) await call('counts', '/api/general_order_count/', { headers });
      else if (r < 0.95) await call('dashboard', '/api/facility_general_order_dashboard/', { headers });
      else if (usernames[i % usernames.length] !== 'clin_receptionist')
        await call('list', '/api/general_order/?page_size=20', { headers }); // only the receptionist orders
      else {
        // The reply is the order ({id: order id, lab_number, samples: [{id, …}]}); moves take a sample's id.
        const created = (await call('create', '/api/general_order/', {
          method: 'POST',
          headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
          body: JSON.stringify({ client: template.client, test_types: template.tests.map((t) => t.test_type), priority: 'routine' }),
        })) as { id?: number; samples?: { id: number }[] } | null;
        for (const sample of created?.samples ?? [])
          await call('move (cancel)', `/api/general_order/${sample.id}/cancel/`, { method: 'POST', headers, body: '{}' });
      }
      await think();
    }
  };
  await Promise.all(Array.from({ length: users }, (_, i) => user(i)));
  latencies.sort((a, b) => a - b);
  for (const list of byKind.values()) list.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    busy,
    statuses,
    p50: pct(latencies, 0.5),
    p95: pct(latencies, 0.95),
    p99: pct(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
    byKind,
  };
}

function printMixed(title: string, m: Mixed, goalMs: number) {
  failures += m.errors - m.busy;
  title += `, think time ${smoke ? 50 : (process.env.BENCH_THINK_MS ?? '1000–3000')} ms`;
  const ok = m.errors === 0 && m.p99 < goalMs;
  console.log(`\n${title}: ${m.requests} requests, ${m.errors} errors (${m.busy} of them 503 busy)`);
  console.log(
    `p50 ${m.p50.toFixed(0)} ms, p95 ${m.p95.toFixed(0)} ms, p99 ${m.p99.toFixed(0)} ms, max ${m.max.toFixed(0)} ms — goal p99 < ${goalMs} ms and no errors: ${ok ? 'met' : 'NOT met'}\n`,
  );
  if (m.statuses.size) console.log(`errors: ${[...m.statuses].map(([k, n]) => `${k} ×${n}`).join(', ')}\n`);
  console.log('| Request | n | p50 ms | p99 ms |');
  console.log('|---|---:|---:|---:|');
  for (const [kind, list] of m.byKind) console.log(`| ${kind} | ${list.length} | ${pct(list, 0.5).toFixed(0)} | ${pct(list, 0.99).toFixed(0)} |`);
}

// ---------------------------------------------------------------- the run
async function main() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const reuse = process.env.BENCH_REUSE === '1' && (await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount;
  if (!reuse) {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    const { openPostgres } = await import('../apps/server/src/core/db.js');
    const { seed } = await import('../apps/server/src/seed/index.js');
    const { generateClinicalData } = await import('../apps/server/src/seed/history.js');
    const database = await openPostgres(benchUrl);
    await seed(database.db, { demo: true, history: false });
    console.log(`Generating ${volume.toLocaleString()} samples…`);
    await generateClinicalData(database.db, { samples: volume, clients: Math.max(smoke ? 100 : 1000, Math.round(volume / 5)) }, smoke ? () => {} : console.log);
    await database.close();
  }
  await admin.end();
  const bench = new pg.Client({ connectionString: benchUrl });
  await bench.connect();
  const userId = (await bench.query("select id from users where username = 'clin_supervisor'")).rows[0].id as number;
  await bench.end();

  const rows: string[] = [];
  const ratios: string[] = [];
  // Rounds alternate the two servers (both listening throughout), so a change in the machine's load reaches both; the
  // ratio is the median of the rounds'. The single process's CPU per request (Linux /proc) says which side spends it.
  // (the smoke run measures the single process only, once: the cluster has its own tests, core/cluster.test.ts)
  const rounds = smoke ? 1 : Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
  const cpuNotes: string[] = [];
  for (const n of parts.has('throughput') ? (smoke ? [1] : [1, workers]) : []) {
    const bare = await start([path.join(repo, 'scripts/bench-http.ts'), '--bare'], { BARE_WORKERS: String(n) }, 18_091);
    const product = await start(['apps/server/src/main.ts'], { DATABASE_URL: benchUrl, WORKERS: String(n) }, 18_092);
    const token = await signIn('http://127.0.0.1:18092', 'clin_supervisor');
    const label = n === 1 ? 'single process' : `cluster of ${n}`;
    // Both warmed up first (the JIT, the pools' connections, the statements' plans), so no round measures a cold start.
    const bareUrl = 'http://127.0.0.1:18091/bare/general_order/';
    const productUrl = 'http://127.0.0.1:18092/api/general_order/?page_size=20';
    if (!smoke) {
      await cannon(bareUrl, { 'x-user': String(userId) }, 3);
      await cannon(productUrl, { authorization: `Bearer ${token}` }, 3);
    }
    const perRound: number[] = [];
    const cpu = { bare: { ms: 0, requests: 0 }, product: { ms: 0, requests: 0 } };
    for (let round = 1; round <= rounds; round++) {
      const b0 = cpuMs(bare.pid);
      // The bare server has no health route: any answer means it listens.
      const bareResult = await cannon(bareUrl, { 'x-user': String(userId) });
      const b1 = cpuMs(bare.pid);
      const p0 = cpuMs(product.pid);
      const productResult = await cannon(productUrl, { authorization: `Bearer ${token}` });
      const p1 = cpuMs(product.pid);
      if (n === 1 && b0 != null && b1 != null && p0 != null && p1 != null) {
        cpu.bare.ms += b1 - b0;
        cpu.bare.requests += bareResult.rps * seconds;
        cpu.product.ms += p1 - p0;
        cpu.product.requests += productResult.rps * seconds;
      }
      failures += bareResult.errors + productResult.errors;
      for (const [name, r] of [
        ['bare Fastify + pg', bareResult],
        ['NLIMS GET /api/general_order/?page_size=20', productResult],
      ] as const)
        rows.push(`| ${label}${rounds > 1 ? `, round ${round}` : ''} | ${name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} |`);
      perRound.push(productResult.rps / bareResult.rps);
    }
    await stop(bare);
    await stop(product);
    const sorted = [...perRound].sort((x, y) => x - y);
    ratios.push(`| ${label} | ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} | ${perRound.map((r) => r.toFixed(2)).join(', ')} |`);
    if (cpu.bare.requests && cpu.product.requests)
      cpuNotes.push(
        `Server process CPU per request (single process, the database's own not counted): bare ${(cpu.bare.ms / cpu.bare.requests).toFixed(2)} ms, NLIMS ${(cpu.product.ms / cpu.product.requests).toFixed(2)} ms`,
      );
  }
  if (parts.has('throughput')) {
    console.log(
      `\nHTTP throughput — ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${connections} connections, ${seconds} s each, ${volume.toLocaleString()} generated samples\n`,
    );
    console.log('| Processes | Server | req/s | p50 ms | p99 ms | errors |');
    console.log('|---|---|---:|---:|---:|---:|');
    for (const r of rows) console.log(r);
    console.log('\n| Processes | NLIMS / bare floor (median) | each round |');
    console.log('|---|---:|---|');
    for (const r of ratios) console.log(r);
    for (const note of cpuNotes) console.log(`\n${note}`);
  }

  const pgUsers = smoke ? 10 : Number(process.env.BENCH_PG_USERS ?? 200);
  if (parts.has('pg')) {
    const product = await start(['apps/server/src/main.ts'], { DATABASE_URL: benchUrl, WORKERS: String(workers) }, 18_093);
    const onPg = await mixedLoad('http://127.0.0.1:18093', pgUsers, mixedSeconds);
    await stop(product);
    printMixed(`Mixed load, ${pgUsers} users, PostgreSQL, ${workers} workers, ${mixedSeconds} s`, onPg, 500);
  }
  if (!parts.has('pglite')) return;

  const liteUsers = smoke ? 5 : Number(process.env.BENCH_PGLITE_USERS ?? 50);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nlims-bench-http-'));
  try {
    // The embedded database gets the demo data and a few thousand generated samples before the server opens it.
    const { openPglite } = await import('../apps/server/src/core/db.js');
    const { seed } = await import('../apps/server/src/seed/index.js');
    const { generateClinicalData } = await import('../apps/server/src/seed/history.js');
    const embedded = await openPglite(path.join(dataDir, 'pglite'));
    await seed(embedded.db, { demo: true, history: false });
    await generateClinicalData(embedded.db, { samples: smoke ? 200 : 2000, clients: smoke ? 100 : 1000 }, () => {});
    await embedded.close();
    const lite = await start(['apps/server/src/main.ts'], { DATABASE_URL: '', DATA_DIR: dataDir, DEMO: '1' }, 18_094);
    const onLite = await mixedLoad('http://127.0.0.1:18094', liteUsers, mixedSeconds);
    await stop(lite);
    printMixed(`Mixed load, ${liteUsers} users, embedded database (PGlite), ${mixedSeconds} s`, onLite, 1000);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- the bare floor
async function bareServer() {
  const { default: Fastify } = await import('fastify');
  const count = Number(process.env.BARE_WORKERS ?? 1);
  if (count > 1 && cluster.isPrimary) {
    for (let i = 0; i < count; i++) cluster.fork();
    process.once('SIGTERM', () => {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
      process.exit(0);
    });
  } else {
    const pool = new pg.Pool({ connectionString: benchUrl, max: 10 });
    const app = Fastify();
    // The product's page query as it sends it (samples/samples.read.ts: one row per sample, its order's lab number and
    // priority, the client, the programme and sample type names, the hospital number and the tests as correlated
    // sub-queries), so the database does the same work for both and the ratio measures what lies around it.
    // Like the product, the programme's id is read once at start and written into the query (programs/program-ids.ts).
    const general = Number((await pool.query(`select id from programs where name = 'General'`)).rows[0].id);
    const pageSql = `select s.id, s.order_id as "order", o.lab_number, s.barcode, s.seq,
          (select pr.name from programs pr where pr.id = s.program_id) as program, s.status, o.priority, o.client_id as client,
          c.first_name || ' ' || c.last_name as client_name, c.sex, c.date_of_birth, s.sample_type_id as sample_type,
          (select st.name from sample_types st where st.id = s.sample_type_id) as sample_type_name,
          s.created_at, s.collected_at, s.received_at, s.completed, s.completed_at,
          (select ci.identifier from client_identifiers ci join client_identifier_types it on it.id = ci.identifier_type_id
            where ci.client_id = o.client_id and it.name ~* 'hospital' order by ci.identifier_type_id, ci.id limit 1) as hospital_number,
          null::json as programme_identifier,
          (select coalesce(json_agg(json_build_object('id', t.id, 'test_type', t.test_type_id, 'test_type_name', tt.name, 'status', t.status,
                   'due_at', to_char(t.due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by t.id), '[]'::json)
             from test_orders t join test_types tt on tt.id = t.test_type_id where t.sample_id = s.id) as tests
        from samples s join orders o on o.id = s.order_id join clients c on c.id = o.client_id
        where s.facility_id = $1 and s.program_id in (${general})
        order by s.created_at desc, s.id limit 20`;
    app.get('/bare/general_order/', async (request) => {
      const userId = Number((request.headers['x-user'] as string) ?? 0);
      const user = (await pool.query('select id, username, facility_id, is_active from users where id = $1', [userId])).rows[0];
      const page = await pool.query(pageSql, [user.facility_id]);
      // The total from the running counts, as the product's list answers an unfiltered page.
      const n = (
        await pool.query(
          `select coalesce(sum(count), 0)::int as n from status_counts
            where facility_id = $1 and program_id in (${general}) and kind = 'sample'`,
          [user.facility_id],
        )
      ).rows[0].n;
      return { count: n, next: null, previous: null, results: page.rows };
    });
    process.once('SIGTERM', async () => {
      await app.close();
      await pool.end();
      process.exit(0);
    });
    await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  }
}

if (process.argv[2] === '--bare') await bareServer();
else {
  try {
    await main();
  } finally {
    if (smoke) {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${dbName} with (force)`);
      await dropper.end();
    }
  }
  if (smoke && failures) {
    console.error(`Smoke run: ${failures} error replies.`);
    process.exit(1);
  }
  process.exit(0);
}
