/**
 * Benchmarks. `npm run bench` builds nothing: run `npm run build` first.
 * A page over its budget fails the run.
 * Page weight: the JavaScript a first visit downloads, measured in Chromium
 * against the real server (fresh profile, no cache), with its gzip size.
 */
import { gzipSync } from 'node:zlib';
import { launch } from '../e2e/browser.js';
import { removeDir, startServer } from '../e2e/server.js';

const BUDGETS_KB: Record<string, number> = { '/': 150, '/signin': 250 };

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
    const verdict = w.gzipKB <= budget ? 'ok' : 'OVER BUDGET';
    if (w.gzipKB > budget) over++;
    console.log(
      `${path.padEnd(10)} ${String(w.files).padStart(5)}  ${w.transferredKB.toFixed(1).padStart(14)}  ${w.gzipKB.toFixed(1).padStart(7)}  ${String(budget).padStart(9)}  ${verdict}`,
    );
  }
} finally {
  await server.stop();
  removeDir(server.dataDir);
}
// The page weight does not vary from run to run: a page over its budget fails the run (and npm test's smoke run).
if (over) process.exit(1);
