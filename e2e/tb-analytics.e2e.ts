import { readFile } from 'node:fs/promises';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { programmeUser, serverURL, sharedBrowser } from './suite.js';

const baseURL = serverURL();
const browser = sharedBrowser();

const tbUser = (username: string): Promise<Page> => programmeUser(browser, baseURL, username, 'Tuberculosis');

const isApi = (path: string) => (r: Response) => new URL(r.url()).pathname === path && r.request().method() === 'GET';

/** A headline card's figure, as shown. */
async function stat(page: Page, key: string): Promise<string> {
  return ((await page.getByTestId(`tb-stat-${key}`).locator('.ant-statistic-content').textContent()) ?? '').trim();
}

/** Type a day (DD/MM/YYYY) into one of the filter bar's date inputs. */
async function typeDate(page: Page, label: 'From' | 'To', day: string) {
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.fill(day);
  await input.press('Enter');
}

describe('the Tuberculosis dashboard and report', () => {
  it('the supervisor sees the demo laboratory’s TB figures, RR-TB in red, and narrows the period', async () => {
    const page = await tbUser('ph_supervisor');
    const [reply] = await Promise.all([page.waitForResponse(isApi('/api/facility_tb_dashboard/')), page.goto('/programs/tb-dashboard')]);
    expect(reply.status()).toBe(200);
    const body = (await reply.json()) as { totals: { samples: number; tests: number }; rr_tb: { count: number; mdr_tb: number } };
    // the last 30 days by default, both dates shown day first
    const query = new URL(reply.url()).searchParams;
    expect(query.get('start_date')).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(await page.getByRole('textbox', { name: 'From', exact: true }).inputValue()).toMatch(/^\d\d\/\d\d\/\d{4}$/);

    // the demo's figures: its TB samples, one of them RR-TB (in red, with MDR-TB beside it)
    await page.getByTestId('tb-stat-rrTb').waitFor();
    expect(body.totals.samples).toBeGreaterThan(0);
    expect(await stat(page, 'samples')).toBe(String(body.totals.samples));
    expect(await stat(page, 'tests')).toBe(String(body.totals.tests));
    expect(Number(await stat(page, 'rrTb'))).toBeGreaterThanOrEqual(1);
    const rr = page.getByTestId('tb-stat-rrTb');
    expect(await rr.locator('.ant-statistic-content').evaluate((e) => getComputedStyle(e).color)).toBe('rgb(207, 19, 34)');
    expect(await rr.textContent()).toContain(`MDR-TB: ${body.rr_tb.mdr_tb}`);
    expect(await stat(page, 'positivity')).toMatch(/^\d+(\.\d)?\s*%$/);

    // results by test type and value, the backlog by status, the series
    const xpert = page.locator('.tb-type', { hasText: 'Xpert MTB/RIF' });
    await expect.poll(() => xpert.textContent()).toContain('MTB DETECTED MEDIUM');
    const backlog = page.locator('.tb-dash__backlog');
    expect(await backlog.textContent()).toMatch(/Ordered|Accepted|Entered|Verified/);
    expect(await page.locator('.tb-dash__series .dash__row').count()).toBe(30);

    // a period without TB samples: the figures give way to the empty notice
    const [narrowed] = await Promise.all([
      page.waitForResponse((r) => isApi('/api/facility_tb_dashboard/')(r) && new URL(r.url()).searchParams.get('start_date') === '2020-01-01'),
      typeDate(page, 'From', '01/01/2020'),
    ]);
    expect(narrowed.status()).toBe(200);
    // the page has taken the first day (its period line says so) before the last day is typed: typed into a picker
    // still redrawing from the first reply, the second day can be lost
    await expect.poll(() => page.getByTestId('tb-period').textContent()).toContain('from 01/01/2020');
    const [january] = await Promise.all([
      page.waitForResponse((r) => isApi('/api/facility_tb_dashboard/')(r) && new URL(r.url()).searchParams.get('end_date') === '2020-01-31'),
      typeDate(page, 'To', '31/01/2020'),
    ]);
    expect(((await january.json()) as { totals: { samples: number } }).totals.samples).toBe(0);
    await expect.poll(() => page.getByTestId('tb-period').textContent()).toBe('TB samples registered from 01/01/2020 to 31/01/2020');
    await page.getByText('No TB samples were registered in this period.').waitFor();
    // the backlog is a state, not a flow: still there
    expect(await page.locator('.tb-dash__backlog .dash__row').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('the supervisor reads the TB report’s rows and downloads them as CSV', async () => {
    const page = await tbUser('ph_supervisor');
    const [reply] = await Promise.all([page.waitForResponse(isApi('/api/tb_report/')), page.goto('/programs/tb-report')]);
    expect(reply.status()).toBe(200);
    const body = (await reply.json()) as { count: number };
    expect(body.count).toBeGreaterThan(0);
    const rows = page.locator('.report-page tr.ant-table-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(Math.min(body.count, 20));
    // the last seven days: the demo's own samples (its history is older than a week)
    const [y, m, d] = new Date(Date.now() + 3_600_000 - 6 * 86_400_000).toISOString().slice(0, 10).split('-');
    await Promise.all([
      page.waitForResponse((r) => isApi('/api/tb_report/')(r) && new URL(r.url()).searchParams.get('start_date') === `${y}-${m}-${d}`),
      typeDate(page, 'From', `${d}/${m}/${y}`),
    ]);
    await rows.first().waitFor();

    // the RR-TB request: its result, flag, and request form in words (relapse, presumptive DR-TB)
    const rrTb = rows.filter({ hasText: 'RR-TB' }).first();
    const text = (await rrTb.textContent()) ?? '';
    expect(text).toContain('MTB DETECTED MEDIUM');
    expect(text).toContain('Approved');
    expect(text).toContain('Relapse');
    expect(text).toContain('Sputum (spot)');
    expect(text).toContain('Presumptive DR-TB');
    // a test without a result awaits it
    expect(await page.locator('.report-page').textContent()).toContain('Awaiting result');

    // the status filter asks the server again
    const [approved] = await Promise.all([
      page.waitForResponse((r) => isApi('/api/tb_report/')(r) && new URL(r.url()).searchParams.get('test_order_status') === '7'),
      (async () => {
        await page.getByRole('combobox', { name: 'Status' }).click();
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Approved' }).click();
      })(),
    ]);
    expect(approved.status()).toBe(200);

    // the CSV of the same filters, fetched with the token and saved under the day's name
    const [download, csv] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForResponse((r) => isApi('/api/tb_report/')(r) && new URL(r.url()).searchParams.get('format') === 'csv'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
    expect(new URL(csv.url()).searchParams.get('test_order_status')).toBe('7');
    expect(download.suggestedFilename()).toMatch(/^tb-report-\d{4}-\d\d-\d\d\.csv$/);
    const saved = await readFile((await download.path())!, 'utf8');
    const [header, ...lines] = saved.trim().split(/\r?\n/);
    expect(header).toContain('lab_number');
    expect(header).toContain('rr_tb_flag');
    expect(lines.length).toBeGreaterThan(0);
    expect(saved).toContain('RR-TB');
    await page.close();
  });
});
