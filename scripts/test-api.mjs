// The unit and API tests: the PGlite leg (and the unit tests) on this Node.js, and at the same time, when
// TEST_DATABASE_URL names a PostgreSQL server, the PostgreSQL leg under the Node.js binary TEST_NODE names (CI: Node.js
// 24 from the npm registry, .ci/run), else this one; and every benchmark script in its smoke mode (BENCH_SMOKE=1: a
// tiny volume, seconds), so a change that breaks one fails the tests instead of rotting until the next measurement
// (the page weight needs the web app built first). The legs wait on different databases and servers, so running them
// side by side takes little longer than the longest. The other legs' output follows the first's.
// With --browser (`npm test`), the browser tests run beside them too: their journeys mostly wait on pages and servers,
// so on two cores they fill the time the API legs leave idle instead of adding a quarter of an hour after them.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

function run(node, args, buffered) {
  return new Promise((resolve) => {
    const child = spawn(node, [vitest, ...args], { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, FORCE_COLOR: '1' } });
    const out = [];
    if (buffered) {
      child.stdout.on('data', (d) => out.push(d));
      child.stderr.on('data', (d) => out.push(d));
    }
    child.on('error', (error) => resolve({ code: 1, output: Buffer.from(`${node} could not be started: ${error.message}\n`) }));
    child.on('exit', (code) => resolve({ code: code ?? 1, output: Buffer.concat(out) }));
  });
}

const legs = [run(process.execPath, ['run', '--project', 'unit', '--project', 'api-pglite', '--project', 'api-isolated'], false)];
if (process.env.TEST_DATABASE_URL) {
  const node = process.env.TEST_NODE || process.execPath;
  legs.push(run(node, ['run', '--project', 'api-postgres'], true).then((r) => ({ ...r, node })));
} else {
  console.log('No TEST_DATABASE_URL: the PostgreSQL leg of the API tests is skipped.');
}

/** One benchmark script in its smoke mode: it must succeed and print its table. */
function bench(script, expected) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(script, import.meta.url))], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, BENCH_SMOKE: '1', ...(server ? { BENCH_DATABASE_URL: server } : {}) },
    });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('error', (error) => resolve({ script, ok: false, output: error.message }));
    child.on('exit', (code) => {
      const output = Buffer.concat(out).toString();
      resolve({ script, ok: code === 0 && expected.every((re) => re.test(output)), output });
    });
  });
}
const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const benches = Promise.all([
  bench('bench.ts', [/\/signin .* ok/]),
  ...(server
    ? [
        bench('bench-samples.ts', [/\| request \| p50 \| p95 \| budget \(p95\) \|/]),
        bench('bench-http.ts', [/NLIMS \/ bare floor/, /embedded database \(PGlite\).*0 errors/]),
      ]
    : []),
]);

// After the benchmarks, which start and seed servers of their own: the first minute, when every leg seeds its
// databases, is the busiest, and a browser server seeding then can miss its start deadline.
const browser = process.argv.includes('--browser') ? benches.then(() => run(process.execPath, ['run', '--config', 'e2e/vitest.config.ts'], true)) : undefined;

const [[first, postgres], smoke, browserLeg] = await Promise.all([Promise.all(legs), benches, browser]);
if (postgres) {
  const { spawnSync } = await import('node:child_process');
  const version = spawnSync(postgres.node, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '?';
  console.log(`\nThe PostgreSQL leg, on Node.js ${version}:`);
  process.stdout.write(postgres.output);
}
console.log('\nThe benchmarks in their smoke mode:');
for (const { script, ok, output } of smoke) {
  console.log(`  ${ok ? '✓' : '✗'} ${script}`);
  if (!ok) console.log(output.slice(-3000));
}
if (browserLeg) {
  console.log('\nThe browser tests:');
  process.stdout.write(browserLeg.output);
}
process.exit(first.code || postgres?.code || browserLeg?.code || (smoke.every((b) => b.ok) ? 0 : 1));
