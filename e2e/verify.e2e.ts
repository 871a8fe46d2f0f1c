import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './browser.js';
import { apiAs, serverURL, sharedBrowser } from './suite.js';

const baseURL = serverURL();
const browser = sharedBrowser();
const stamp = Date.now().toString(36);
const shots = process.env.VERIFY_SHOTS;

/** A report PDF as one user sees it, as text. */
async function reportText(username: string, sampleId: number): Promise<string> {
  const login = await fetch(`${baseURL}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${baseURL}/api/general_order/${sampleId}/report/`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return spawnSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(await res.arrayBuffer()) }).stdout.toString();
}

/** A visitor who never signed in: a fresh context, no service worker, in a language and at a width. */
async function visitor(lang = 'en', width = 1280): Promise<Page> {
  const context = await browser().newContext({ baseURL, viewport: { width, height: 900 }, serviceWorkers: 'block' });
  await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  context.setDefaultTimeout(15000);
  const page = await context.newPage();
  page.on('close', () => {
    context.close().catch(() => undefined);
  });
  return page;
}

describe('a printed report checked by someone who holds the paper', () => {
  let code = '';
  let digest = '';

  it('the supervisor’s report carries a verification code and a digest', async () => {
    const reception = await apiAs(baseURL, 'clin_receptionist');
    const analyst = await apiAs(baseURL, 'clin_analyst');
    const supervisor = await apiAs(baseURL, 'clin_supervisor');
    const catalogue = await supervisor<{ id: number; result_type: string; panel: number | null; is_panel: boolean }[]>(
      'GET',
      '/api/test_configuration/?program__name=General',
    );
    const test = catalogue.find((c) => c.result_type === 'numeric' && !c.panel && !c.is_panel)!;
    const client = await reception<{ id: number }>('POST', '/api/clients/', {
      first_name: 'Verify',
      last_name: `E2e${stamp}`,
      sex: 'male',
      estimated_age_years: 33,
    });
    const order = (
      await reception<{ samples: { id: number; tests: { id: number }[] }[] }>('POST', '/api/general_order/', { client: client.id, test_types: [test.id] })
    ).samples[0]!;
    await reception('POST', `/api/general_order/${order.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: 1 });
    await reception('POST', `/api/general_order/${order.id}/accept/`, {});
    const result = await analyst<{ id: number }>('POST', '/api/results/', { test_order: order.tests[0]!.id, value: 10 });
    await supervisor('POST', `/api/results/${result.id}/verify/`);
    await supervisor('POST', `/api/results/${result.id}/approve/`, { password: DEMO_PASSWORD });
    const text = await reportText('clin_supervisor', order.id);
    code = /Verification code:\s*(NL(?:-[0-9A-Z]{4}){4})/.exec(text)?.[1] ?? '';
    digest = /Result digest:\s*([0-9A-F]{4}-[0-9A-F]{4})/.exec(text)?.[1] ?? '';
    expect(code, text).not.toBe('');
    expect(digest).not.toBe('');
  });

  it('a signed-out browser opening /verify/<code> sees a genuine report with the same digest', async () => {
    const page = await visitor();
    await page.goto(`/verify/${code}`);
    await page.getByRole('heading', { name: 'Genuine report' }).waitFor();
    await expect(page.getByText(digest, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Compare this digest with the one printed on the paper', { exact: false }).isVisible()).resolves.toBe(true);
    expect(await page.content()).not.toMatch(new RegExp(`E2e${stamp}`));
    if (shots) await page.screenshot({ path: `${shots}/verify-en-desktop.png`, fullPage: true });
    await page.close();
  });

  it('an unknown code, typed in the box, shows "Not found"', async () => {
    const page = await visitor('en', 375);
    await page.goto('/verify');
    await page.getByLabel('Verification code').fill('NL-0000-0000-0000-0000');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByRole('heading', { name: 'Not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/verify/NL-0000-0000-0000-0000');
    if (shots) await page.screenshot({ path: `${shots}/verify-en-375-notfound.png`, fullPage: true });
    await page.close();
  });

  it('reads right to left in Arabic on a phone', async () => {
    const page = await visitor('ar', 375);
    await page.goto(`/verify/${code}`);
    await page.getByRole('heading', { name: 'تقرير أصلي' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    if (shots) await page.screenshot({ path: `${shots}/verify-ar-375.png`, fullPage: true });
    await page.close();
  });
});
