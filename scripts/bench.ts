/**
 * Benchmarks. `npm run bench` builds nothing: run `npm run build` first.
 * A page over its budget fails the run.
 * Page weight: the JavaScript a first visit downloads, measured in Chromium
 * against the real server (fresh profile, no cache), with its gzip size.
 * Slow 3G: the time until the sign-in page is usable on a first visit under
 * Chromium's network emulation (SLOW_3G below); over its budget it fails the
 * full run. The smoke run (BENCH_SMOKE=1, inside `npm test`, beside the API
 * tests on a busy machine) prints it and enforces the weights only.
 */
import { gzipSync } from 'node:zlib';
import { launch } from '../e2e/browser.js';
import { removeDir, startServer } from '../e2e/server.js';

const BUDGETS_KB: Record<string, number> = { '/': 50, '/signin': 150 };

/** The common "Slow 3G" profile: 400 ms round trip, 400 kbit/s down and up; no CPU throttling. */
const SLOW_3G = { offline: false, latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 };
const SLOW_3G_BUDGET_S = 5;
const SMOKE = process.env.BENCH_SMOKE === '1';

/** Seconds from navigation until the username field is visible and enabled and the submit button is there. */
async function signInUsableOnSlow3G(baseURL: string): Promise<number> {
  const browser = await launch();
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  const started = Date.now();
  await page.goto('/signin', { waitUntil: 'commit', timeout: 120_000 });
  await page.waitForFunction(
    () => {
      const input = document.querySelector<HTMLInputElement>('#username');
      const submit = document.querySelector('button[type="submit"]');
      return !!input && !input.disabled && input.getClientRects().length > 0 && !!submit;
    },
    undefined,
    { timeout: 120_000, polling: 50 },
  );
  const seconds = (Date.now() - started) / 1000;
  await browser.close();
  return seconds;
}

async function pageWeight(baseURL: string, path: string) {
  const browser = await launch();
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const scripts: { url: string; transferred: number }[] = [];
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const sizes = await request.sizes();
    scripts.push({ url: request.url(), transferred: sizes.responseBodySize });
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  let gzip = 0;
  for (const s of scripts) {
    const body = Buffer.from(await (await fetch(s.url)).arrayBuffer());
    gzip += gzipSync(body, { level: 9 }).length;
  }
  await browser.close();
  const transferred = scripts.reduce((sum, s) => sum + s.transferred, 0);
  return { files: scripts.length, transferredKB: transferred / 1024, gzipKB: gzip / 1024 };
}

const server = await startServer();
let over = 0;
try {
  console.log('Page weight (JavaScript of a first visit)');
  console.log('page       files  transferred KB  gzip KB  budget KB');
  for (const [path, budget] of Object.entries(BUDGETS_KB)) {
    const w = await pageWeight(server.url, path);
    const verdict = w.gzipKB > budget ? 'OVER BUDGET' : 'ok';
    if (w.gzipKB > budget) over++;
    console.log(
      `${path.padEnd(10)} ${String(w.files).padStart(5)}  ${w.transferredKB.toFixed(1).padStart(14)}  ${w.gzipKB.toFixed(1).padStart(7)}  ${String(budget).padStart(9)}  ${verdict}`,
    );
  }
  const usable = await signInUsableOnSlow3G(server.url);
  const slow = usable > SLOW_3G_BUDGET_S;
  if (slow && !SMOKE) over++;
  const verdict = slow ? (SMOKE ? 'over budget (not enforced in the smoke run)' : 'OVER BUDGET') : 'ok';
  console.log(`\n/signin usable on Slow 3G (400 ms RTT, 400 kbit/s down and up): ${usable.toFixed(2)} s, budget ${SLOW_3G_BUDGET_S} s  ${verdict}`);
} finally {
  await server.stop();
  removeDir(server.dataDir);
}
// The page weight does not vary from run to run: a page over its budget fails the run (and npm test's smoke run);
// the Slow 3G time fails the full run.
if (over) process.exit(1);
