/** What the screenshot scripts share: the output folder, the two widths, a demo server with a browser, and a context per language. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch } from '../e2e/browser.js';

export { apiAs } from '../e2e/browser.js';
import { removeDir, startServer } from '../e2e/server.js';

export const VIEWPORTS = { desktop: { width: 1366, height: 800 }, phone: { width: 375, height: 740 } } as const;
export type Device = keyof typeof VIEWPORTS;

/** The folder given on the command line (default `screenshots/`), created if missing. */
export function outDir(): string {
  const out = path.resolve(process.argv[2] ?? 'screenshots');
  mkdirSync(out, { recursive: true });
  return out;
}

/** A browser context at one width, in one interface language. */
export async function deviceContext(browser: Browser, baseURL: string, lang: string, device: Device): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[device], isMobile: device === 'phone', serviceWorkers: 'block' });
  await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  return context;
}

/** Start the product on a fresh embedded database with demo data, run `prepare` (if any) once and `shoot` in English and Arabic at both widths, then clean up. */
export async function shootEverywhere(
  shoot: (browser: Browser, baseURL: string, lang: string, device: Device) => Promise<void>,
  prepare?: (baseURL: string) => Promise<void>,
) {
  const server = await startServer();
  const browser = await launch();
  try {
    await prepare?.(server.url);
    for (const lang of ['en', 'ar']) for (const device of ['desktop', 'phone'] as const) await shoot(browser, server.url, lang, device);
  } finally {
    await browser.close();
    await server.stop();
    removeDir(server.dataDir);
  }
}

/** A full-page screenshot, and with SEGMENTS=1 also the page in viewport-high pieces (a phone's long page, readable). */
export async function fullPage(page: Page, out: string, name: string) {
  await page.screenshot({ path: path.join(out, `${name}.png`), fullPage: true });
  if (!process.env.SEGMENTS) return;
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0, i = 1; y < height; y += viewport.height, i++)
    await page.screenshot({
      path: path.join(out, `${name}-part${i}.png`),
      fullPage: true,
      clip: { x: 0, y, width: viewport.width, height: Math.min(viewport.height, height - y) },
    });
}
