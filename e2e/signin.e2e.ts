import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, launchPersistent, signIn } from './browser.js';
import { serverURL, sharedBrowser } from './suite.js';
import { removeDir } from './server.js';

const baseURL = serverURL();
const browser = sharedBrowser();
let page: Page;
beforeEach(async () => {
  page = await (await browser().newContext({ baseURL })).newPage();
});

describe('sign-in form', () => {
  it('names both fields on an empty submit', async () => {
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.getByText('The input is not valid username!').count()).toBe(1);
    expect(await page.getByText('Please input your Password!').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/signin');
  });

  it('says what is missing beside the field, moves to it, and clears it as the user types', async () => {
    await page.goto('/signin');
    await page.getByLabel('Username').fill('clin_analyst');
    await page.getByRole('button', { name: 'Login' }).click();
    const password = page.getByLabel('Password', { exact: true });
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('password');
    expect(await page.locator('#password-error').textContent()).toBe('Please input your Password!');
    expect(await page.getByText('The input is not valid username!').count()).toBe(0);
    await password.fill('x');
    expect(await page.locator('#password-error').count()).toBe(0);
    // the eye shows what was typed, and hides it again
    const reveal = page.getByRole('button', { name: 'Show password' });
    await reveal.click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
  });

  it('loads no component library: the first visit fetches a handful of scripts', async () => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/signin', { waitUntil: 'networkidle' });
    await page.locator('#username').waitFor();
    expect(await page.locator('[class*="ant-"]').count()).toBe(0);
    expect(scripts.length).toBeLessThanOrEqual(8);
  });

  it("shows the server's detail on a wrong password and stays", async () => {
    await page.goto('/signin');
    await page.getByLabel('Username').fill('clin_analyst');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.getByText('No active account found with the given credentials').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/signin');
  });

  it('shows "Logging in / Please wait..." while the server answers', async () => {
    await page.route('**/api/login/', async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await page.goto('/signin');
    await page.getByLabel('Username').fill('clin_analyst');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toMatch(/Logging in[\s\S]*Please wait\.\.\./);
    await page.waitForURL('**/select-program');
  });
});

describe('remember me', () => {
  async function restartKeepsSession(remember: boolean): Promise<string> {
    const profile = mkdtempSync(path.join(tmpdir(), 'nlims-profile-'));
    try {
      let context = await launchPersistent(profile, baseURL);
      await signIn(context.pages()[0] ?? (await context.newPage()), 'clin_manager', { remember });
      await context.close();
      context = await launchPersistent(profile, baseURL);
      const again = context.pages()[0] ?? (await context.newPage());
      await again.goto('/select-program');
      await again.waitForLoadState('networkidle');
      await again.waitForTimeout(500);
      const where = new URL(again.url()).pathname;
      await context.close();
      return where;
    } finally {
      removeDir(profile);
    }
  }

  it('keeps the session across a browser restart when ticked', async () => {
    expect(await restartKeepsSession(true)).toBe('/select-program');
  });

  it('ends the session with the browser when not ticked', async () => {
    expect(await restartKeepsSession(false)).toBe('/signin');
  });
});
