import { join } from 'node:path';
import { findPage, type PageView } from '@nlims/contracts';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityProblems, settled } from './axe.js';
import { signIn } from './browser.js';
import { serverURL, sharedBrowser } from './suite.js';

/**
 * WCAG 2.1 A and AA (axe-core) on every page a representative user of each kind finds in the sidebar, the public
 * pages and the dialogs used all day: no critical or serious violation. Each user's problems are listed together,
 * so one run shows all there is to fix.
 */
const baseURL = serverURL();
const browser = sharedBrowser();

async function newPage(b: () => Browser, lang = 'en'): Promise<Page> {
  const context = await b().newContext({ baseURL, viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' });
  await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  context.setDefaultTimeout(15000);
  return context.newPage();
}

const sidebarLinks = (page: Page) => page.locator('.app-sider a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));

/**
 * Open a page of the app, wait for its data, and check it. A page of the sidebar is opened by its link, as a user
 * does: the app (and axe) stay loaded, which makes the walk several times faster than loading each page afresh.
 */
async function check(page: Page, path: string, problems: string[], label = path): Promise<void> {
  const link = page.locator(`.app-sider a[href="${path}"]`).first();
  if ((await link.count()) > 0 && (await link.isVisible())) {
    await link.click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
  } else {
    await page.goto(path);
  }
  await page.locator('.app-shell, .ant-result').first().waitFor();
  await settled(page);
  problems.push(...(await accessibilityProblems(page, label)));
}

/** The programmes a user chooses between after signing in (none: the user goes straight in). */
async function programmes(page: Page): Promise<number> {
  if (new URL(page.url()).pathname !== '/select-program') return 0;
  await page.locator('.prog-tile').first().waitFor();
  return page.locator('.prog-tile').count();
}

async function choose(page: Page, index: number): Promise<string> {
  if (new URL(page.url()).pathname !== '/select-program') await page.goto('/select-program');
  const tile = page.locator('.prog-tile').nth(index);
  const name = (await tile.locator('.prog-tile__name').textContent()) ?? String(index);
  await tile.click();
  await page.getByRole('button', { name: /^(Continue|متابعة)$/ }).click();
  await page.waitForURL((url) => url.pathname !== '/select-program');
  return name;
}

/** Programme pages whose content is the programme's own: its request form, its dashboard and its reports. */
const PER_PROGRAMME = new Set<PageView>(['labOrder', 'completeEntry', 'dashboard', 'report']);

/**
 * What a path shows: a programme page of a shared view (sample lists, reception, result entry, review…) is the same
 * components for every programme of its family, so it is checked once per family and view; everything else per path.
 */
function pageKind(path: string): string {
  const page = findPage(path);
  return page?.view && !PER_PROGRAMME.has(page.view) ? `${page.family}:${page.view}` : path;
}

/** Every page of the user's sidebar (in each of the user's programmes, or those named), and the user's profile. */
async function everyPage(username: string, only?: RegExp): Promise<string[]> {
  const page = await newPage(browser);
  const problems: string[] = [];
  await signIn(page, username);
  const count = await programmes(page);
  if (count === 0 || username.endsWith('_admin')) problems.push(...(await accessibilityProblems(page, `${username} ${new URL(page.url()).pathname}`)));
  const seen = new Set<string>();
  for (let i = 0; i < Math.max(count, 1); i++) {
    const programme = count ? await choose(page, i) : '';
    if (only && !only.test(programme)) continue;
    await page.locator('.app-sider a[href]').first().waitFor();
    for (const path of await sidebarLinks(page)) {
      if (seen.has(pageKind(path))) continue;
      seen.add(pageKind(path));
      await check(page, path, problems, `${username}${programme ? ` (${programme})` : ''} ${path}`);
    }
  }
  await check(page, `/user-profile/${username}`, problems, `${username} /user-profile`);
  await page.context().close();
  return problems;
}

const report = (problems: string[]) => expect(problems, `Accessibility violations:\n${problems.join('\n')}`).toEqual([]);

describe('accessible pages (WCAG 2.1 A/AA, no critical or serious violation)', () => {
  it('the public pages and sign-in', async () => {
    const page = await newPage(browser);
    const problems: string[] = [];
    for (const path of ['/', '/terms', '/docs', '/verify', '/signin']) {
      await page.goto(path);
      await settled(page);
      problems.push(...(await accessibilityProblems(page, `public ${path}`)));
    }
    await page.context().close();
    report(problems);
  });

  // Ikeja's clinical laboratory; Yaba's public-health laboratory in each of its programmes (TB, EID, viral load,
  // Lassa, …); a facility's administrator; a federal health official; the super administrator. One after another:
  // side by side they starve the other browser journeys of the machine.
  for (const username of ['clin_supervisor', 'clin_admin', 'ph_supervisor', 'fed_tier', 'superadmin']) {
    it(`every page of ${username}`, async () => report(await everyPage(username)), 600000);
  }

  it('the dialogs used all day: a new client, a new request with its test picker, result entry', async () => {
    let page = await newPage(browser);
    const problems: string[] = [];
    await signIn(page, 'clin_receptionist');
    if ((await programmes(page)) > 0) await choose(page, 0);
    await page.goto('/clinical/lab-order');
    await settled(page);
    await page.getByRole('button', { name: 'Register client' }).first().click();
    const drawer = page.locator('.ant-drawer', { hasText: 'Register a client' });
    await drawer.locator('#first_name').waitFor();
    await settled(page);
    problems.push(...(await accessibilityProblems(page, 'new client drawer', { include: '.ant-drawer-open' })));
    const last = `Axe ${Date.now().toString(36)}`;
    await drawer.locator('#first_name').fill('Ada');
    await drawer.locator('#last_name').fill(last);
    await drawer.getByLabel('Female').check();
    const dob = drawer.locator('#date_of_birth');
    await dob.fill('12/04/1990');
    await dob.press('Tab');
    await drawer.getByRole('button', { name: 'Save client' }).click();
    await page.locator('.client-chosen', { hasText: last }).waitFor();
    await page.getByPlaceholder('Search tests and panels').fill('Random blood glucose');
    await page.locator('.test-picker__row', { hasText: 'Random blood glucose' }).click();
    await settled(page);
    problems.push(...(await accessibilityProblems(page, 'new request with tests chosen')));
    // to look at the colours by eye: A11Y_SCREENSHOTS=<folder>
    if (process.env.A11Y_SCREENSHOTS) await page.screenshot({ path: join(process.env.A11Y_SCREENSHOTS, 'lab-order.png'), fullPage: true });
    await page.context().close();
    page = await newPage(browser);
    await signIn(page, 'clin_analyst');
    if ((await programmes(page)) > 0) await choose(page, 0);
    await page.goto('/clinical/enter-results');
    await settled(page);
    // a sample with a test to enter (its count tag is blue); the demo always has some
    const sample = page.locator('.entry-samples .ant-collapse-header', { has: page.locator('.ant-tag-blue') }).first();
    await sample.click();
    await page.locator('form.entry').first().waitFor();
    await settled(page);
    problems.push(...(await accessibilityProblems(page, 'result entry, a sample open')));
    await page.context().close();
    report(problems);
  });

  it('in Arabic, right to left', async () => {
    const page = await newPage(browser, 'ar');
    const problems: string[] = [];
    await page.goto('/');
    await settled(page);
    problems.push(...(await accessibilityProblems(page, 'ar /')));
    await signIn(page, 'clin_receptionist');
    if ((await programmes(page)) > 0) await choose(page, 0);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    try {
      for (const path of ['/clinical/lab-order', '/clinical/manage-sample', '/clinical/dashboard']) await check(page, path, problems, `ar ${path}`);
    } finally {
      if (process.env.A11Y_SCREENSHOTS) await page.screenshot({ path: join(process.env.A11Y_SCREENSHOTS, 'ar-last.png') });
    }
    if (process.env.A11Y_SCREENSHOTS) await page.screenshot({ path: join(process.env.A11Y_SCREENSHOTS, 'dashboard-ar.png') });
    await page.context().close();
    report(problems);
  });
});
