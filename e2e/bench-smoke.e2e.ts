import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every benchmark script runs in a smoke mode (BENCH_SMOKE=1: a tiny volume,
 * seconds), so a change that breaks one fails the build instead of rotting
 * until the next measurement. The page weight runs as it is (it is small);
 * the PostgreSQL benchmarks run on the server of TEST_DATABASE_URL (or
 * BENCH_DATABASE_URL), each in a database of its own that it drops.
 */
const repo = path.resolve(import.meta.dirname, '..');
const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

function run(script: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repo, 'scripts', script)], {
      cwd: repo,
      env: { ...process.env, BENCH_SMOKE: '1', ...(server ? { BENCH_DATABASE_URL: server } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

// The three run side by side: each mostly waits on its own servers and database, and the browser suite's
// server is idle meanwhile.
describe.concurrent('the benchmarks, in their smoke mode', () => {
  it('page weight (bench.ts): every page within its budget', async () => {
    const { code, output } = await run('bench.ts');
    expect(code, output.slice(-2000)).toBe(0);
    expect(output).toMatch(/\/signin .* ok/);
  }, 300_000);

  it.skipIf(!server)(
    'the sample requests at scale (bench-samples.ts)',
    async () => {
      const { code, output } = await run('bench-samples.ts');
      expect(code, output.slice(-2000)).toBe(0);
      expect(output).toContain('| request | p50 | p95 | budget (p95) |');
    },
    300_000,
  );

  it.skipIf(!server)(
    'HTTP throughput and mixed loads (bench-http.ts)',
    async () => {
      const { code, output } = await run('bench-http.ts');
      expect(code, output.slice(-2000)).toBe(0);
      expect(output).toMatch(/NLIMS \/ bare floor/);
      expect(output).toMatch(/embedded database \(PGlite\).*0 errors/);
    },
    300_000,
  );
});
