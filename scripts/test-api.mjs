// The unit and API tests: the PGlite leg (and the unit tests) on this Node.js, and at the same time, when
// TEST_DATABASE_URL names a PostgreSQL server, the PostgreSQL leg under the Node.js binary TEST_NODE names (CI: Node.js
// 24 from the npm registry, .ci/run), else this one. The two legs wait on different databases, so running them side by
// side takes little longer than the longer one. The PostgreSQL leg's output follows the first's.
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
const [first, postgres] = await Promise.all(legs);
if (postgres) {
  const { spawnSync } = await import('node:child_process');
  const version = spawnSync(postgres.node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  console.log(`\nThe PostgreSQL leg, on Node.js ${version}:`);
  process.stdout.write(postgres.output);
}
process.exit(first.code || postgres?.code || 0);
