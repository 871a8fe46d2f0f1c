import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signIn } from './browser.js';
import { serverURL, sharedBrowser } from './suite.js';
import { freePort, removeDir, startServer } from './server.js';

const baseURL = serverURL();
const browser = sharedBrowser();

async function signedIn(username: string, url = baseURL): Promise<Page> {
  const page = await (await browser().newContext({ baseURL: url, viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(page, username);
  return page;
}

describe('error pages', () => {
  it('shows 404 for an unknown path, 500 page, and 403 for a page the role may not open', async () => {
    const page = await signedIn('clin_receptionist');
    await page.locator('.prog-tile').first().click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/clinical/lab-order');
    await page.goto('/clinical/no-such-page');
    await expect.poll(() => page.getByText('Oops, an error occurred. Page not found!').count()).toBe(1);
    await page.getByRole('link', { name: 'Go home' }).click();
    await page.waitForURL('**/clinical/lab-order');
    await page.goto('/500');
    await expect.poll(() => page.getByText('Sorry, the server is in trouble').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Go home' }).count()).toBe(1);
    await page.goto('/clinical/approve-results');
    await expect.poll(() => page.getByText('Sorry, you are not authorized to access this page.').count()).toBe(1);
    await page.context().close();
  });

  it('shows "Error: " and the message when a section fails to load', async () => {
    // no service worker here: its cache would serve the chunk this test makes fail
    const page = await (await browser().newContext({ baseURL, viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' })).newPage();
    await signIn(page, 'clin_manager');
    await page.locator('.prog-tile').first().click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/clinical/dashboard');
    // the signed-in app carries the demonstration banner too
    await expect.poll(() => page.locator('.demo-banner').isVisible()).toBe(true);
    await page.route(/\/assets\/(PagePlaceholder|ReportPage)-[^/]+\.js$/, (route) => route.abort());
    // a fresh load, so the page chunk has to be fetched (and fails)
    await page.goto('/clinical/report');
    await expect.poll(() => page.locator('.app-content').textContent(), { timeout: 15000 }).toMatch(/^Error: /m);
    await page.context().close();
  });
});

describe('layout actions', () => {
  it('opens Help and Support: whom to ask at the facility, a guide for the role, how to report a problem, the version', async () => {
    // a receptionist at Ikeja: the facility's administrator to ask, the receptionist's day
    const page = await signedIn('clin_receptionist');
    await page.locator('.prog-tile').first().click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/clinical/lab-order');
    await page.getByRole('link', { name: 'Help and Support' }).click();
    await page.waitForURL('**/help');
    const contacts = page.getByTestId('help-contacts');
    await expect.poll(() => contacts.textContent()).toContain('Ikeja Demo Clinical Laboratory');
    expect(await contacts.textContent()).toContain('Username: clin_admin');
    // another facility's administrator is never named
    expect(await contacts.textContent()).not.toContain('ph_admin');
    expect(await page.getByTestId('help-guide').textContent()).toContain('Your role: Receptionist');
    expect(await page.getByTestId('help-guide').getByRole('link', { name: 'Sample Reception' }).count()).toBe(1);
    expect(await page.getByTestId('help-report').textContent()).toContain("Tell one of your facility's administrators above");
    await expect.poll(() => page.getByTestId('help-version').textContent()).toMatch(/NLIMS version \d+\.\d+\.\d+/);
    expect(await page.getByText('Coming Soon!').count()).toBe(0);
    await page.context().close();

    // an official, whom no facility administers: the system administrators
    const official = await signedIn('fed_tier');
    await official.waitForURL('**/dashboards/public/priority_diseases');
    await official.goto('/help');
    await expect.poll(() => official.getByTestId('help-contacts').textContent()).toContain('Username: superadmin');
    expect(await official.getByTestId('help-report').textContent()).toContain('Write to one of the system administrators above.');
    await official.context().close();
  });

  it('signs out to /signin and guards the app afterwards', async () => {
    const page = await signedIn('fed_tier');
    await page.waitForURL('**/dashboards/public/priority_diseases');
    // the federal dashboard's figures first, so signing out does not race their loading
    await expect.poll(() => page.locator('.app-content').textContent(), { timeout: 20000 }).not.toBe('');
    await page.getByRole('button', { name: 'User menu' }).click();
    const signOut = page.getByRole('menuitem', { name: 'Sign out' });
    await signOut.waitFor({ state: 'visible' });
    await Promise.all([page.waitForURL('**/signin', { timeout: 20000 }), signOut.click()]);
    expect(await page.evaluate(() => [localStorage.getItem('token'), sessionStorage.getItem('token')])).toEqual([null, null]);
    await page.goto('/dashboards/public/priority_diseases');
    await page.waitForURL('**/signin');
    await page.context().close();
  });

  it('collapses the sidebar and fits a 375 px phone with a drawer menu', async () => {
    const page = await (await browser().newContext({ baseURL, viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })).newPage();
    await signIn(page, 'clin_supervisor');
    await page.locator('.prog-tile').first().click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/clinical/manage-sample');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => page.locator('.app-drawer a[href="/clinical/workplan"]').isVisible()).toBe(true);
    await page.context().close();
  });
});

describe('service worker', () => {
  it('caches the app shell and offers the update of a new deployment', async () => {
    const port = await freePort();
    const first = await startServer({ port, template: inject('dataTemplate'), env: { APP_BUILD_ID: 'release-1' } });
    const context = await browser().newContext({ baseURL: first.url });
    const page = await context.newPage();
    try {
      await page.goto('/signin');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      // the worker controls pages from their next load; let that load finish before the server goes away
      await page.reload();
      await page.getByRole('button', { name: 'Login' }).waitFor();
      await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 15000 }).toBe(true);
      const cached = await page.evaluate(async () => {
        const keys = await caches.keys();
        const cache = await caches.open(keys.find((k) => k.startsWith('nlims-shell-'))!);
        return (await cache.keys()).map((r) => new URL(r.url).pathname);
      });
      expect(cached).toContain('/');
      expect(cached.some((p) => p.startsWith('/assets/'))).toBe(true);

      // a new deployment on the same address
      await first.stop();
      const second = await startServer({ port, dataDir: first.dataDir, env: { APP_BUILD_ID: 'release-2' } });
      try {
        await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
        await expect.poll(() => page.getByText('Update Available').count(), { timeout: 20000 }).toBeGreaterThan(0);
        await page.waitForTimeout(5000); // it does not close by itself (a notice closes after 4.5 s)
        expect(await page.getByText('Update Available').count()).toBeGreaterThan(0);
        await Promise.all([page.waitForEvent('load', { timeout: 20000 }), page.getByRole('button', { name: 'Refresh' }).click()]);
        await expect.poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !r?.waiting))).toBe(true);
      } finally {
        await second.stop();
      }
    } finally {
      await context.close();
      removeDir(first.dataDir);
    }
    // two servers started one after the other on a busy machine
  }, 150000);
});
