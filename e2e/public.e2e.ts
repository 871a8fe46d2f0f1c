import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { serverURL, sharedBrowser } from './suite.js';

const baseURL = serverURL();
const browser = sharedBrowser();
let page: Page;
beforeEach(async () => {
  page = await (await browser().newContext({ baseURL })).newPage();
});

describe('landing and terms', () => {
  it('shows the hero, the three cards, the FAQ answers and the footer links', async () => {
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/National Laboratory Information System/);
    for (const card of ['Real-time Results', 'Secure & Compliant', 'Customizable Workflows']) {
      expect(await page.getByRole('heading', { name: card }).count(), card).toBe(1);
    }
    // FAQ: each question opens its answer
    const answers: [string, RegExp][] = [
      ['How do I reset my password?', /Facility Admin/],
      ['Where can I get support?', /support team at/],
      ['Can I use NLIMS on my phone?', /mobile phones/],
      ['How do I print results or reports?', /print button/],
    ];
    for (const [question, answer] of answers) {
      await page.locator('summary', { hasText: question }).click();
      await expect.poll(() => page.getByText(answer).first().isVisible(), { timeout: 5000 }).toBe(true);
    }
    const hrefs = await page.locator('footer a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(expect.arrayContaining(['/signin', '/docs', '/terms']));
    expect(hrefs.some((h) => h?.startsWith('mailto:'))).toBe(true);
    expect(hrefs.filter((h) => h?.startsWith('https://')).length).toBeGreaterThanOrEqual(3);
    // no Ant Design on the public pages: they must stay light
    expect(await page.locator('[class*="ant-"]').count()).toBe(0);
    // the worker's notices are written into the prerendered page, but shown only when there is something to say
    expect(await page.locator('[data-notice="update"]').isVisible()).toBe(false);
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await page.waitForURL('**/signin');
  });

  it('says on every page that a demo install holds demonstration data', async () => {
    for (const path of ['/', '/signin', '/terms']) {
      await page.goto(path);
      await expect.poll(() => page.locator('.demo-banner').textContent(), { timeout: 10_000 }).toContain('Demonstration data — not for patients');
    }
  });

  it('has a terms page with a Home link', async () => {
    await page.goto('/terms');
    await expect.poll(() => page.getByRole('heading', { name: 'Terms and Condition' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe('languages', () => {
  it('offers the language menu on every public page, labelled for assistive technology', async () => {
    for (const path of ['/', '/terms', '/signin']) {
      await page.goto(path);
      const menu = page.getByLabel('Language', { exact: true });
      await expect.poll(() => menu.count(), { message: path }).toBe(1);
      const options = await menu.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      expect(options.sort()).toEqual(['ar', 'en', 'es', 'fr', 'it', 'zh']);
    }
  });

  it('switches to Arabic right-to-left and keeps the choice', async () => {
    await page.goto('/signin');
    await page.getByLabel('Language', { exact: true }).selectOption('ar');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => page.locator('button[type="submit"]').textContent()).not.toBe('Login');
    // and back
    await page.locator('select').first().selectOption('fr');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await expect.poll(() => page.locator('button[type="submit"]').textContent()).toMatch(/connexion/i);
  });
});

describe('guards', () => {
  it('sends a visitor who is not signed in to /signin from any app page', async () => {
    for (const path of ['/select-program', '/clinical/dashboard', '/administrations/global/dashboard', '/no/such/page']) {
      await page.goto(path);
      await page.waitForURL('**/signin', { timeout: 10000 });
    }
  });
});
