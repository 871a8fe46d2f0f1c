// Run vitest under another Node.js when TEST_NODE names one (CI runs the PostgreSQL leg of the API tests under
// Node.js 24 this way, .ci/run), else under this one: `node scripts/vitest-on.mjs run --project api-postgres`.
// Without TEST_DATABASE_URL there is no PostgreSQL leg: it says so and succeeds.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
if (args.includes('api-postgres') && !process.env.TEST_DATABASE_URL) {
  console.log('No TEST_DATABASE_URL: the PostgreSQL leg of the API tests is skipped.');
  process.exit(0);
}
const node = process.env.TEST_NODE || process.execPath;
const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
console.log(`vitest ${args.join(' ')} on Node.js ${version}`);
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const run = spawnSync(node, [vitest, ...args], { stdio: 'inherit' });
process.exit(run.status ?? 1);
