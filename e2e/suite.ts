import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { cspViolations, guardCsp, launch, signIn } from './browser.js';

export { apiAs } from './browser.js';

/**
 * The server of this test file's worker: each browser worker has its own (global-setup.ts), so two files running
 * side by side never see each other's records.
 */
export function serverURL(): string {
  const urls = inject('baseURLs');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return urls[(worker - 1) % urls.length]!;
}

/** Fail the test that caused a Content-Security-Policy violation. */
afterEach(() => {
  const found = cspViolations.splice(0);
  if (found.length) throw new Error(`Content Security Policy violations:\n${found.join('\n')}`);
});

/**
 * One Chromium for a test file: launched before its tests and closed after
 * them (also when the launch failed). Call at the top of the file; the
 * returned function gives the browser inside the tests. Every context and page
 * it opens is guarded: a Content-Security-Policy console error fails the test.
 */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    const launched = await launch();
    const newContext = launched.newContext.bind(launched);
    // Reduced motion, as a user may ask the system: the components open without animation, so the tests wait less.
    launched.newContext = async (options) => guardCsp(await newContext({ reducedMotion: 'reduce', ...options }));
    launched.newPage = async (options) => {
      const context = await launched.newContext(options);
      const page = await context.newPage();
      // Like Browser.newPage: the page owns its context.
      page.on('close', () => void context.close());
      return page;
    };
    browser = launched;
  });
  afterAll(() => browser?.close());
  return () => {
    if (!browser) throw new Error('The browser did not start.');
    return browser;
  };
}

/**
 * Sign in as a facility user working in one programme (English, desktop
 * width): on programme selection choose its tile and continue. A user who
 * holds one programme finds it chosen already.
 */
export async function programmeUser(browser: () => Browser, baseURL: string, username: string, programme: string, password?: string): Promise<Page> {
  const context = await browser().newContext({ baseURL, viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' });
  await context.addInitScript(() => localStorage.setItem('lang', 'en'));
  context.setDefaultTimeout(15000);
  const page = await context.newPage();
  await signIn(page, username, { password });
  if (new URL(page.url()).pathname === '/select-program') {
    await page.locator('.prog-tile', { hasText: programme }).first().click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname !== '/select-program');
  }
  return page;
}

/** The sample search of the result pages. */
export const SAMPLE_SEARCH = 'Laboratory number, name, phone or identifier';

/** On a reception page, scan (type) a sample's label: the sample's row, once it is listed. */
export async function scanAtReception(page: Page, path: string, labNumber: string): Promise<Locator> {
  await page.goto(path);
  const scan = page.getByPlaceholder('Scan or type a sample label');
  await scan.fill(labNumber);
  await scan.press('Enter');
  const row = page.locator('.clin-table tr.ant-table-row', { hasText: labNumber });
  await expect.poll(() => row.count()).toBe(1);
  return row;
}

/** Accept a scanned sample, confirmed, and see it Accepted (never Approved). */
export async function acceptScanned(page: Page, row: Locator): Promise<void> {
  await row.getByRole('button', { name: /Accept/ }).click();
  // as with a dialog: the confirmation's opening zoom ends before its button is pressed, and the move's reply is awaited
  const confirm = page.locator('.ant-popconfirm:not([class*="-appear"]):not([class*="-enter"])');
  await confirm.waitFor();
  const [reply] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/accept/')),
    confirm.getByRole('button', { name: 'Accept' }).click(),
  ]);
  expect(reply.status(), await reply.text()).toBeLessThan(300);
  await expect.poll(() => row.textContent()).toContain('Accepted');
}

/** On a result-entry page, find a sample and open its tests. */
export async function openEntry(page: Page, path: string, labNumber: string): Promise<void> {
  await page.goto(path);
  await page.getByPlaceholder(SAMPLE_SEARCH).fill(labNumber);
  await page.locator('.entry-samples .ant-collapse-header', { hasText: labNumber }).click();
}

/**
 * Click what opens a dialog and wait until its opening zoom has ended: under
 * load a click on a button that is still growing can land beside it.
 */
export async function openDialog(page: Page, opener: Locator): Promise<Locator> {
  await opener.click();
  const dialog = page.locator('.ant-modal');
  await page.locator('.ant-modal:not([class*="-appear"])').waitFor();
  return dialog;
}

/**
 * Press a dialog's button that posts a sample move (`/collect/`, …): wait for
 * the server's reply, which must succeed, and for the dialog to close. The
 * posted request is returned for its body.
 */
export async function submitDialog(dialog: Locator, button: string, move: string): Promise<Request> {
  const [reply] = await Promise.all([
    dialog.page().waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(`/${move}/`)),
    dialog.getByRole('button', { name: button, exact: true }).click(),
  ]);
  expect(reply.status(), await reply.text()).toBeLessThan(300);
  await dialog.waitFor({ state: 'detached' });
  return reply.request();
}
