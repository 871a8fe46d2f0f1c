/**
 * The sample benchmark (npm run bench:samples): every programme the demo
 * facilities run. Against a PostgreSQL server (BENCH_DATABASE_URL, default
 * the local one), in a fresh database `nlims_bench`, filled with
 * BENCH_SAMPLES samples (default 1,000,000 over two years at the demo
 * facilities of five states: 15 % Tuberculosis, 7 % viral load, 3 % EID, a
 * percent or two of each public-health programme at the laboratories that
 * run it, the rest General; see apps/server/src/seed/history.ts). Prints
 * p50/p95 of the hot requests, in process, and the table for
 * docs/performance.md.
 * BENCH_REUSE=1 measures an existing `nlims_bench` again; BENCH_RUNS (40).
 * BENCH_SMOKE=1: a few thousand samples and two runs each in a database of its
 * own, dropped after — the smoke run of `npm test`, which fails on any error.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { openPostgres } from '../apps/server/src/core/db.js';
import { seed } from '../apps/server/src/seed/index.js';
import { generateClinicalData } from '../apps/server/src/seed/history.js';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const smoke = process.env.BENCH_SMOKE === '1';
const volume = smoke ? 3000 : Number(process.env.BENCH_SAMPLES ?? process.env.BENCH_ORDERS ?? 1_000_000);
const runs = smoke ? 2 : Number(process.env.BENCH_RUNS ?? 40);
const name = smoke ? `nlims_bench_smoke_${process.pid}` : 'nlims_bench';
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
console.log(`Load average at the start: ${load()}`);

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
  await seed(db, { demo: true, history: false });
  console.log(`Generating ${volume.toLocaleString()} samples…`);
  const t0 = performance.now();
  await generateClinicalData(db, { samples: volume, clients: Math.max(1000, Math.round(volume / 5)) }, console.log);
  console.log(`  generated in ${((performance.now() - t0) / 60_000).toFixed(1)} min`);
}
const app = await buildApp({ database, jwtSecret: randomBytes(32) });

const login = async (username: string) =>
  (await app.inject({ method: 'POST', url: '/api/login/', payload: { username, password: 'Demo@12345' } })).json().token as string;
const headers = (token: string) => ({ authorization: `Bearer ${token}` });
const supervisor = headers(await login('clin_supervisor'));
const analyst = headers(await login('clin_analyst'));
const tbSupervisor = headers(await login('ph_supervisor'));

const table: string[] = [];
async function measure(
  label: string,
  budgetMs: number | null,
  times: number,
  call: (i: number) => Promise<{ statusCode: number; body: string }>,
  /** Untimed set-up before each call. */
  before?: (i: number) => Promise<void>,
) {
  if (times < 1) {
    // A small database (the smoke run) may hold too few rows for a measure: it is said, never a crash.
    console.log(`${label.padEnd(58)} skipped: too few rows to measure`);
    return;
  }
  const samples: number[] = [];
  for (let i = 0; i < times + 3; i++) {
    await before?.(i);
    const t0 = performance.now();
    const res = await call(i);
    const ms = performance.now() - t0;
    if (res.statusCode >= 300) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (i >= 3) samples.push(ms); // the first calls warm caches and plans
  }
  samples.sort((a, b) => a - b);
  const pct = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  const verdict = budgetMs == null ? '' : pct(0.95) <= budgetMs ? 'ok' : 'OVER BUDGET';
  console.log(
    `${label.padEnd(58)} p50 ${pct(0.5).toFixed(1).padStart(7)} ms   p95 ${pct(0.95).toFixed(1).padStart(7)} ms   budget ${budgetMs == null ? '    —' : String(budgetMs).padStart(5)} ms  ${verdict}`,
  );
  table.push(
    `| ${label} | ${pct(0.5).toFixed(1)} ms | ${pct(0.95).toFixed(1)} ms | ${budgetMs == null ? '—' : `${budgetMs} ms`}${verdict === 'OVER BUDGET' ? ' **over**' : ''} |`,
  );
}

const rows = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
const facility = async (code: string) => (await rows<{ id: number }>(sql`select id from facilities where facility_code = ${code}`))[0]!.id;
const ikeja = await facility('LA-IKJ-001');
const yaba = await facility('LA-LMD-001');
const [general, tb] = (await rows<{ id: number }>(sql`select id from programs where name in ('General', 'Tuberculosis') order by name`)).map((r) => r.id) as [
  number,
  number,
];
const totals = (
  await rows<{ program: string; facility: string; samples: number }>(sql`
    select p.name as program, f.facility_name as facility, count(*)::int as samples
    from samples s join programs p on p.id = s.program_id join facilities f on f.id = s.facility_id group by 1, 2 order by 1, 2`)
).map((r) => `${r.program} at ${r.facility}: ${r.samples.toLocaleString()}`);
const [{ n, tests }] = (await rows<{ n: number; tests: number }>(
  sql`select (select count(*) from samples)::int as n, (select count(*) from test_orders)::int as tests`,
)) as [{ n: number; tests: number }];
console.log(`\n${n.toLocaleString()} samples and ${tests.toLocaleString()} tests in the database; ${runs} runs each.\n  ${totals.join('\n  ')}\n`);

/** A laboratory-number search term: the first nine characters of one of the facility's lab numbers in that programme (ten orders share them). */
async function labNumberTerm(facilityId: number, programId: number): Promise<string> {
  const [row] = await rows<{ barcode: string }>(sql`
    select barcode from samples where facility_id = ${facilityId} and program_id = ${programId} and seq = 1 and barcode like 'B-%'
    order by id offset (select count(*) / 2 from samples where facility_id = ${facilityId} and program_id = ${programId}) limit 1`);
  return row!.barcode.slice(0, 9);
}
const generalLabTerm = await labNumberTerm(ikeja, general);
const tbLabTerm = await labNumberTerm(yaba, tb);

// General, as the Ikeja supervisor and analyst.
const list =
  (query: string, as = supervisor, form = 'general_order') =>
  () =>
    app.inject({ url: `/api/${form}/?page=1&page_size=20${query}`, headers: as });
await measure('General list: status + surname search', 50, runs, list('&Filters.status=11&search=Adeyemi'));
await measure('General list: status + hospital-number search', 50, runs, list('&Filters.status=11&search=HN-1234'));
await measure(`General list: status + lab-number search (${generalLabTerm})`, 50, runs, list(`&Filters.status=11&search=${generalLabTerm}`));
await measure('General list: first page', 50, runs, list(''));
await measure('General list: in progress (ongoing, not completed)', 50, runs, list('&Filters.status=11&Filters.completed=false'));
await measure('workplan: first page of 50 (urgent, then earliest due)', 50, runs, () =>
  app.inject({ url: '/api/workplan/?page=1&page_size=50&program__name=General', headers: analyst }),
);
await measure('workplan: one section', 50, runs, () =>
  app.inject({ url: '/api/workplan/?page=1&page_size=50&program__name=General&Filters.section=2', headers: analyst }),
);
await measure('`general_order_count/`', 10, runs, () => app.inject({ url: '/api/general_order_count/', headers: supervisor }));

const open = await rows<{ id: number; value: number }>(
  sql`select t.id, coalesce(greatest(c.ref_low, c.reporting_low), 1)::float as value
      from test_orders t join test_types c on c.id = t.test_type_id join samples s on s.id = t.sample_id
      where t.facility_id = ${ikeja} and t.program_id = ${general} and t.status = 3 and s.status in (3, 11, 12, 14) limit ${runs + 3}`,
);
await measure('result entry', null, Math.min(runs, open.length - 3), (i) =>
  app.inject({ method: 'POST', url: '/api/results/', headers: analyst, payload: { test_order: open[i]!.id, value: open[i]!.value } }),
);

// Set-up: a finished history has few results awaiting approval, so put 4,000 released ones back to "verified"
// (eight batches of 500, three of them warm-up), their samples no longer completed: approving completes them again.
await db.execute(sql`
  with picked as (select id, test_order_id from results where facility_id = ${ikeja} and current and status = 7 order by id desc limit 4000),
       r as (update results set status = 6, approved_by = null, approved_at = null from picked where results.id = picked.id returning results.test_order_id),
       t as (update test_orders set status = 6 from r where test_orders.id = r.test_order_id returning test_orders.sample_id)
  update samples set completed = false, completed_at = null where id in (select sample_id from t)`);
const verified = (
  await rows<{ id: number }>(sql`select id from results where facility_id = ${ikeja} and status = 6 and current order by id desc limit 4000`)
).map((r) => r.id);
// Batches of 500 (fewer in a small database: an eighth of what there is, as the measure makes eight calls).
const batch = Math.min(500, Math.floor(verified.length / 8));
await measure(`bulk approval of ${batch} results (one request)`, 1000, batch ? 5 : 0, (i) =>
  app.inject({
    method: 'POST',
    url: '/api/results/approve/',
    headers: supervisor,
    payload: { ids: verified.slice(i * batch, (i + 1) * batch), password: 'Demo@12345' },
  }),
);
await measure('clinical dashboard', 200, runs, () => app.inject({ url: '/api/facility_general_order_dashboard/', headers: supervisor }));

// Tuberculosis, as the Yaba supervisor.
await measure('TB list (`tb_sample/`): first page', 50, runs, list('', tbSupervisor, 'tb_sample'));
await measure('TB list: awaiting reception (collected)', 50, runs, list('&Filters.status=2', tbSupervisor, 'tb_sample'));
await measure('TB list: surname search', 50, runs, list('&search=Adeyemi', tbSupervisor, 'tb_sample'));
await measure(`TB list: lab-number search (${tbLabTerm})`, 50, runs, list(`&search=${tbLabTerm}`, tbSupervisor, 'tb_sample'));
await measure('`public_health_count/?program__name=Tuberculosis`', 10, runs, () =>
  app.inject({ url: '/api/public_health_count/?program__name=Tuberculosis', headers: tbSupervisor }),
);
const yearAgo = new Date(Date.now() + 3_600_000 - 364 * 86_400_000).toISOString().slice(0, 10);
const probe = await app.inject({ url: '/api/facility_tb_dashboard/', headers: tbSupervisor });
if (probe.statusCode === 404) console.log('TB dashboard: GET /api/facility_tb_dashboard/ answers 404 (not there yet): skipped');
else {
  await measure('TB dashboard (last 30 days, the default)', 200, runs, () => app.inject({ url: '/api/facility_tb_dashboard/', headers: tbSupervisor }));
  const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
  await measure('TB dashboard, last 12 months (monthly series)', null, Math.min(runs, 10), () =>
    app.inject({ url: `/api/facility_tb_dashboard/?start_date=${yearAgo}&end_date=${today}&periodicity=monthly`, headers: tbSupervisor }),
  );
}

// EID, viral load and Lassa fever at Yaba (the programmes' lists and counts; their dashboards when the server has them).
for (const [program, form, dashboard] of [
  ['EID', 'eid_sample', 'facility_eid_dashboard'],
  ['Viral Load', 'vl_sample', 'facility_vl_dashboard'],
  ['Lassa Fever', 'public_health_sample', 'facility_general_program_dashboard'],
] as const) {
  const q = `program__name=${encodeURIComponent(program)}`;
  await measure(`${program} list (\`${form}/\`): first page`, 50, runs, list(`&${q}`, tbSupervisor, form));
  await measure(`${program} list: surname search`, 50, runs, list(`&${q}&search=Adeyemi`, tbSupervisor, form));
  await measure(`\`public_health_count/?${q}\``, 10, runs, () => app.inject({ url: `/api/public_health_count/?${q}`, headers: tbSupervisor }));
  const url = `/api/${dashboard}/?${q}`;
  if ((await app.inject({ url, headers: tbSupervisor })).statusCode === 404)
    console.log(`${program} dashboard: GET ${url} answers 404 (not there yet): skipped`);
  else await measure(`${program} dashboard (\`${dashboard}/\`, last 30 days)`, 200, runs, () => app.inject({ url, headers: tbSupervisor }));
}

// A viral-load plate at Yaba: the analyser's results file of a worksheet, previewed and saved (budget: under a second
// each for 96 wells). Each call gets a fresh worksheet of tests put back to "accepted" (untimed), on the demo's m2000
// template: three controls and 93 samples.
{
  const vlAnalyst = headers(await login('ph_analyst'));
  const [template] = await rows<{ id: number; test: number }>(
    sql`select id, test_type_id as test from worksheet_templates where facility_id = ${yaba} and format = 'abbott-m2000' order by id limit 1`,
  );
  const pool = template
    ? await rows<{ id: number; sample: number; barcode: string }>(sql`
        select t.id, s.id as sample, s.barcode from test_orders t join samples s on s.id = t.sample_id
        where t.facility_id = ${yaba} and t.test_type_id = ${template.test}
          and not exists (select 1 from worksheet_positions wp where wp.test_order_id = t.id and wp.open)
        order by t.id desc limit ${2 * (runs + 3) * 93}`)
    : [];
  const plate = Math.min(93, Math.floor(pool.length / (2 * (runs + 3))));
  if (template && plate > 0) {
    await db.execute(
      sql`update test_orders set status = 3 where id in (${sql.join(
        pool.map((p) => sql`${p.id}`),
        sql`, `,
      )})`,
    );
    await db.execute(
      sql`update samples set status = 3, completed = false, completed_at = null where id in (${sql.join(
        pool.map((p) => sql`${p.sample}`),
        sql`, `,
      )})`,
    );
    const { plateWells } = await import('@nlims/contracts');
    const wells = plateWells(96, 'column').filter((w) => !['A1', 'A2', 'A3'].includes(w));
    let next = 0;
    let current = { id: 0, content: '' };
    const { m2000Row, writeM2000Log } = await import('../apps/server/src/modules/worksheets/files/m2000-log.js');
    const prepare = async () => {
      const chosen = pool.slice(next, next + plate);
      next += plate;
      const res = await app.inject({
        method: 'POST',
        url: '/api/worksheet/',
        headers: vlAnalyst,
        payload: { template: template.id, positions: chosen.map((p, i) => ({ well: wells[i], test_order: p.id })) },
      });
      if (res.statusCode !== 201) throw new Error(`worksheet: ${res.statusCode} ${res.body.slice(0, 200)}`);
      const values = ['1,250 Copies / mL', '< 40 Copies / mL', 'Not detected', '56,300 Copies / mL'];
      current = {
        id: res.json().id,
        content: writeM2000Log([
          m2000Row('A1', 'HIV_NEG', 'Control', 'Not detected'),
          // the controls either side of their targets in turn, so no rule (10x) fires over the runs
          m2000Row('A2', 'HIV_LOPOS', 'Control', (next / plate) % 2 ? '740 Copies / mL' : '760 Copies / mL'),
          m2000Row('A3', 'HIV_HIPOS', 'Control', (next / plate) % 2 ? '94,600 Copies / mL' : '95,400 Copies / mL'),
          ...chosen.map((p, i) => m2000Row(wells[i]!, p.barcode, 'Patient', values[i % values.length]!)),
        ]),
      };
    };
    const importFile = (step: 'import' | 'results') => () =>
      app.inject({
        method: 'POST',
        url: `/api/worksheet/${current.id}/${step}/`,
        headers: vlAnalyst,
        payload: { file_name: 'm2000.txt', content: current.content },
      });
    await measure(`worksheet results file, ${plate} samples: preview`, 1000, runs, importFile('import'), prepare);
    await measure(`worksheet results file, ${plate} samples: save (results entered)`, 1000, runs, importFile('results'), prepare);
    const [{ closed }] = (await rows<{ closed: number }>(
      sql`select count(*)::int as closed from worksheets where facility_id = ${yaba} and state = 'closed'`,
    )) as [{ closed: number }];
    console.log(`  worksheets closed with their results: ${closed}`);
  } else console.log('worksheet results file: skipped (no template or too few viral-load tests at Yaba)');
}

// Referral: BENCH_REFERRED (100,000; the smoke run 300) of the TB and viral-load samples at the testing laboratories
// (Yaba, Kano) were referred from Mushin's primary health centre, twenty to a shipment, received; written set-based
// once. The receiving laboratory's lists above keep their budgets with them; its shipments, Mushin's referred samples
// and the referral dashboards are measured here.
const referredWanted = smoke ? 300 : Number(process.env.BENCH_REFERRED ?? 100_000);
const mushin = await facility('LA-MSH-001');
const kano = await facility('KN-NSW-001');
const [{ referred: alreadyReferred }] = (await rows<{ referred: number }>(
  sql`select count(*)::int as referred from samples where referred_from_facility_id = ${mushin}`,
)) as [{ referred: number }];
if (alreadyReferred < referredWanted) {
  const t0 = performance.now();
  const creator = (await rows<{ id: number }>(sql`select id from users where username = 'mushin_supervisor'`))[0]!.id;
  await db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table referred on commit drop as
      select s.id, s.facility_id, s.program_id, s.collected_at, s.created_at, (row_number() over (order by s.id) - 1) / 20 as grp
      from samples s join programs p on p.id = s.program_id
      where p.name in ('Tuberculosis', 'Viral Load') and s.facility_id in (${yaba}, ${kano}) and s.referred_from_facility_id is null
        and s.barcode like 'B-%'
      order by s.id limit ${referredWanted - alreadyReferred}`);
    await tx.execute(sql`insert into shipments (number, sending_facility_id, receiving_facility_id, status, program_ids, storage_temperature, packed_by,
                           pickup_date, expected_hours, created_by, created_at, dispatched_at, delivered_at, received_at, updated_at)
      select 'SH-B-' || lpad(g.grp::text, 6, '0') || '-' || g.facility_id, ${mushin}, g.facility_id, 5, g.programs, '2-8', 'Bench', (g.at)::date, 48, ${creator},
             g.at, g.at + interval '2 hours', g.at + interval '20 hours', g.at + interval '21 hours', g.at + interval '21 hours'
      from (select grp, facility_id, array_agg(distinct program_id) as programs, min(coalesce(collected_at, created_at)) as at from referred group by 1, 2) g
      on conflict do nothing`);
    await tx.execute(sql`insert into shipment_samples (shipment_id, sample_id, from_status, state, condition, open)
      select sh.id, r.id, 2, 'received', 'good', false from referred r
      join shipments sh on sh.sending_facility_id = ${mushin} and sh.number = 'SH-B-' || lpad(r.grp::text, 6, '0') || '-' || r.facility_id`);
    await tx.execute(sql`update samples s set referred_from_facility_id = ${mushin} from referred r where r.id = s.id`);
  });
  await db.execute(sql`analyze shipments; analyze shipment_samples; analyze samples`);
  console.log(`Referred ${(referredWanted - alreadyReferred).toLocaleString()} samples from Mushin in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
const mushinSupervisor = headers(await login('mushin_supervisor'));
await measure('receiving laboratory: incoming shipments (`shipment/?direction=incoming`)', 50, runs, () =>
  app.inject({ url: '/api/shipment/?direction=incoming', headers: tbSupervisor }),
);
await measure('referring facility: referred samples (`referred_sample/`)', 50, runs, () =>
  app.inject({ url: '/api/referred_sample/', headers: mushinSupervisor }),
);
await measure('referring facility: outgoing shipments', 50, runs, () => app.inject({ url: '/api/shipment/?direction=outgoing', headers: mushinSupervisor }));
await measure('receiving laboratory: referral dashboard (last 30 days)', 200, runs, () =>
  app.inject({ url: '/api/referral_dashboard/', headers: tbSupervisor }),
);

// The officials' dashboards, read from the daily rows (migration 0018): the federal landing within 300 ms, every tier
// dashboard within 200 ms.
const officials = { federal: headers(await login('fed_tier')), state: headers(await login('lagos_tier')), lga: headers(await login('ikeja_tier')) };
const [span] = await rows<{ days: number }>(sql`select coalesce(max(day) - min(day), 0)::int as days from test_daily where tests <> 0`);
console.log(`Daily rows span ${span?.days ?? 0} days`);
await measure('priority diseases, federal (`global_dashboard/`, last 90 days)', 300, runs, () =>
  app.inject({ url: '/api/global_dashboard/', headers: officials.federal }),
);
await measure('priority diseases, federal, last 12 months', 300, runs, () =>
  app.inject({ url: `/api/global_dashboard/?start_date=${yearAgo}`, headers: officials.federal }),
);
await measure('priority diseases, state (Lagos)', 200, runs, () => app.inject({ url: '/api/global_dashboard/', headers: officials.state }));
for (const disease of ['malaria', 'hiv', 'tb', 'covid', 'lassa'])
  for (const level of ['federal', 'state', 'lga'] as const)
    await measure(`${level} ${disease} dashboard (last 90 days)`, 200, runs, () =>
      app.inject({ url: `/api/tier_general_program_dashboard/?disease=${disease}`, headers: officials[level] }),
    );
await measure('federal malaria dashboard, last 12 months (monthly)', 200, runs, () =>
  app.inject({ url: `/api/tier_general_program_dashboard/?disease=malaria&start_date=${yearAgo}&periodicity=monthly`, headers: officials.federal }),
);
await measure('federal General dashboard (`tier_general_order_dashboard/`)', 200, runs, () =>
  app.inject({ url: '/api/tier_general_order_dashboard/', headers: officials.federal }),
);
await measure('federal General report, aggregates (`general_order_report/`)', 200, runs, () =>
  app.inject({ url: '/api/general_order_report/?page=1', headers: officials.federal }),
);
await measure('state referral dashboard (Lagos, last 30 days)', 200, runs, () => app.inject({ url: '/api/referral_dashboard/', headers: officials.state }));
await measure('federal referral dashboard, last 12 months', 200, runs, () =>
  app.inject({ url: `/api/referral_dashboard/?start_date=${yearAgo}`, headers: officials.federal }),
);

console.log(`\nLoad average at the end: ${load()}\n`);
console.log('| request | p50 | p95 | budget (p95) |');
console.log('| --- | --- | --- | --- |');
for (const row of table) console.log(row);

await app.close();
await database.close();
if (smoke) {
  const dropper = new pg.Client({ connectionString: serverUrl });
  await dropper.connect();
  await dropper.query(`drop database if exists ${name} with (force)`);
  await dropper.end();
}
