/**
 * The clinical benchmark (issue: sample lifecycle). Against a PostgreSQL
 * server (BENCH_DATABASE_URL, default the local one), in a fresh database
 * `nlims_bench`, filled with BENCH_ORDERS samples (default 1,000,000) and
 * three tests each. Prints p50/p95 of the hot requests, in process.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { openPostgres } from '../apps/server/src/core/db.js';
import { seed } from '../apps/server/src/seed/index.js';
import { generateClinicalData } from './bench-data.js';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const orders = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const runs = Number(process.env.BENCH_RUNS ?? 40);
const name = 'nlims_bench';

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const reuse = process.env.BENCH_REUSE === '1' && (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
if (!reuse) {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
}
await admin.end();
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const database = await openPostgres(url.toString());
const db = database.db;
if (!reuse) {
  await seed(db, { demo: true });
  console.log(`Generating ${orders.toLocaleString()} samples…`);
  await generateClinicalData(db, { orders, testsPerOrder: 3, clients: Math.max(1000, Math.round(orders / 5)) }, console.log);
}
const app = await buildApp({ database, jwtSecret: randomBytes(32) });

const login = async (username: string) =>
  (await app.inject({ method: 'POST', url: '/api/login/', payload: { username, password: 'Demo@12345' } })).json().token as string;
const headers = (token: string) => ({ authorization: `Bearer ${token}` });
const supervisor = headers(await login('clin_supervisor'));
const analyst = headers(await login('clin_analyst'));

async function measure(label: string, budgetMs: number, times: number, call: (i: number) => Promise<{ statusCode: number; body: string }>) {
  const samples: number[] = [];
  for (let i = 0; i < times + 3; i++) {
    const t0 = performance.now();
    const res = await call(i);
    const ms = performance.now() - t0;
    if (res.statusCode >= 300) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (i >= 3) samples.push(ms); // the first calls warm caches and plans
  }
  samples.sort((a, b) => a - b);
  const pct = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  const verdict = pct(0.95) <= budgetMs ? 'ok' : 'OVER BUDGET';
  console.log(
    `${label.padEnd(44)} p50 ${pct(0.5).toFixed(1).padStart(7)} ms   p95 ${pct(0.95).toFixed(1).padStart(7)} ms   budget ${String(budgetMs).padStart(5)} ms  ${verdict}`,
  );
}

const rows = async <T>(q: ReturnType<typeof sql>) => (await db.execute(q)) as unknown as { rows: T[] };
const ikeja = (await rows<{ id: number }>(sql`select id from facilities where facility_code = 'LA-IKJ-001'`)).rows[0]!.id;
const [{ n }] = (await rows<{ n: number }>(sql`select count(*)::int as n from general_orders`)).rows as [{ n: number }];
console.log(`\n${n.toLocaleString()} samples in the database; ${runs} runs each.\n`);

await measure('sample list: status + surname search', 50, runs, () =>
  app.inject({ url: '/api/general_order/?page=1&page_size=20&Filters.status=11&search=Adeyemi', headers: supervisor }),
);
await measure('sample list: status + hospital number search', 50, runs, () =>
  app.inject({ url: '/api/general_order/?page=1&page_size=20&Filters.status=11&search=HN-1234', headers: supervisor }),
);
await measure('sample list: status + lab number search', 50, runs, () =>
  app.inject({ url: '/api/general_order/?page=1&page_size=20&Filters.status=11&search=B-0012345', headers: supervisor }),
);
await measure('sample list: first page', 50, runs, () => app.inject({ url: '/api/general_order/?page=1&page_size=20', headers: supervisor }));
await measure('sample list: in progress (not completed)', 50, runs, () =>
  app.inject({ url: '/api/general_order/?page=1&page_size=20&Filters.status=11&Filters.completed=false', headers: supervisor }),
);
await measure('workplan: first page, urgent then earliest due', 50, runs, () => app.inject({ url: '/api/workplan/?page=1&page_size=50', headers: analyst }));
await measure('workplan: one section', 50, runs, () => app.inject({ url: '/api/workplan/?page=1&page_size=50&Filters.section=2', headers: analyst }));
await measure('general_order_count/', 50, runs, () => app.inject({ url: '/api/general_order_count/', headers: supervisor }));

const open = (
  await rows<{ id: number; value: number }>(
    sql`select t.id, coalesce(greatest(c.ref_low, c.reporting_low), 1)::float as value from test_orders t join test_types c on c.id = t.test_type_id where t.facility_id = ${ikeja} and t.status = 3 limit ${runs + 3}`,
  )
).rows;
await measure('result entry', 200, Math.min(runs, open.length - 3), (i) =>
  app.inject({ method: 'POST', url: '/api/results/', headers: analyst, payload: { test_order: open[i]!.id, value: open[i]!.value } }),
);

// Set-up: a finished history has few results awaiting approval, so put 4,000 released ones back (eight batches of 500, three of them warm-up) to "verified".
await db.execute(sql`
  with picked as (select id, test_order_id from results where facility_id = ${ikeja} and current and status = 7 order by id desc limit 4000),
       r as (update results set status = 6, approved_by = null, approved_at = null from picked where results.id = picked.id returning results.test_order_id)
  update test_orders set status = 6 from r where test_orders.id = r.test_order_id`);
const verified = (
  await rows<{ id: number }>(sql`select id from results where facility_id = ${ikeja} and status = 6 and current order by id desc limit 4000`)
).rows.map((r) => r.id);
await measure('bulk approval of 500 results', 1000, 5, (i) =>
  app.inject({
    method: 'POST',
    url: '/api/results/approve/',
    headers: supervisor,
    payload: { ids: verified.slice(i * 500, (i + 1) * 500), password: 'Demo@12345' },
  }),
);
await measure('clinical dashboard', 200, runs, () => app.inject({ url: '/api/facility_general_order_dashboard/', headers: supervisor }));

await app.close();
await database.close();
