import { readFile } from 'node:fs/promises';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from './browser.js';
import { programmeUser, serverURL, sharedBrowser } from './suite.js';

const baseURL = serverURL();
const browser = sharedBrowser();

const isApi = (path: string) => (r: Response) => new URL(r.url()).pathname === path && r.request().method() === 'GET';
const AGGREGATE_KEYS = ['backlog', 'facility', 'facility_code', 'lga', 'positives', 'program', 'rejected', 'released', 'requested', 'state', 'test_type'];

interface TierRow {
  state: string;
  lga: string;
  facility: string;
  positives: number | null;
}

/** A day some weeks back, as the date inputs take it (DD/MM/YYYY), and as the API does (YYYY-MM-DD). */
function daysAgo(days: number): { typed: string; iso: string } {
  const iso = new Date(Date.now() + 3_600_000 - days * 86_400_000).toISOString().slice(0, 10);
  const [y, m, d] = iso.split('-');
  return { typed: `${d}/${m}/${y}`, iso };
}

async function official(username: string): Promise<Page> {
  const context = await browser().newContext({ baseURL, viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' });
  await context.addInitScript(() => localStorage.setItem('lang', 'en'));
  context.setDefaultTimeout(15000);
  const page = await context.newPage();
  await signIn(page, username);
  await page.waitForURL('**/dashboards/public/priority_diseases');
  return page;
}

describe('/reports', () => {
  it('a state official opens the report from the sidebar, chooses TB and a period, reads Lagos aggregates only and exports them as CSV and Excel', async () => {
    const page = await official('lagos_tier');

    // among the dashboards, after them
    const link = page.locator('.app-sider .ant-menu-submenu', { hasText: 'Dashboards' }).locator('a[href="/reports"]');
    const [general] = await Promise.all([page.waitForResponse(isApi('/api/general_order_report/')), link.click()]);
    expect(general.status()).toBe(200);
    expect(((await general.json()) as { aggregate: boolean }).aggregate).toBe(true);
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await page.getByText('means 1 to 4 positives').waitFor();

    // Tuberculosis: tb_report/, and the address says so
    const [tb] = await Promise.all([page.waitForResponse(isApi('/api/tb_report/')), page.locator('.ant-segmented-item', { hasText: 'Tuberculosis' }).click()]);
    expect(tb.status()).toBe(200);
    expect(new URL(page.url()).searchParams.get('family')).toBe('tb');

    // a longer period: from 60 days back
    const from = daysAgo(60);
    const [period] = await Promise.all([
      page.waitForResponse((r) => isApi('/api/tb_report/')(r) && new URL(r.url()).searchParams.get('start_date') === from.iso),
      (async () => {
        const input = page.getByRole('textbox', { name: 'From', exact: true });
        await input.fill(from.typed);
        await input.press('Enter');
      })(),
    ]);
    expect(period.status()).toBe(200);
    const body = (await period.json()) as { count: number; aggregate: boolean; results: TierRow[] };
    expect(body.aggregate).toBe(true);
    expect(body.count).toBeGreaterThan(0);
    // aggregates of Lagos facilities only: no patient, no other state
    for (const row of body.results) {
      expect(Object.keys(row).sort()).toEqual(AGGREGATE_KEYS);
      expect(row.state).toBe('Lagos');
    }
    const rows = page.locator('.reports-table tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(Math.min(body.count, 20));
    const table = (await page.locator('.reports-table').textContent()) ?? '';
    expect(table).toContain(body.results[0]!.facility);
    expect(table).not.toContain('Kano');
    // a suppressed count reads "< 5"
    const positives = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td.reports-figure')[2]?.textContent?.trim()));
    expect(positives.every((p) => p === '< 5' || /^\d+$/.test(p ?? ''))).toBe(true);
    expect(positives.filter((p) => p === '< 5').length).toBe(body.results.filter((r) => r.positives == null).length);

    // the filters live in the address: a reload asks for the same report
    const [again] = await Promise.all([page.waitForResponse(isApi('/api/tb_report/')), page.reload()]);
    expect(new URL(again.url()).searchParams.get('start_date')).toBe(from.iso);

    // the CSV of the same filters, fetched with the token
    const [download, csv] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForResponse((r) => isApi('/api/tb_report/')(r) && new URL(r.url()).searchParams.get('format') === 'csv'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
    expect(new URL(csv.url()).searchParams.get('start_date')).toBe(from.iso);
    expect(download.suggestedFilename()).toBe(`report-tb-${from.iso}-${daysAgo(0).iso}.csv`);
    const saved = await readFile((await download.path())!, 'utf8');
    const [header, ...lines] = saved.trim().split(/\r?\n/);
    expect(header).toContain('facility');
    expect(lines.length).toBe(body.count);
    expect(saved).not.toContain('Kano');
    const [workbook, xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForResponse((r) => isApi('/api/tb_report/')(r) && new URL(r.url()).searchParams.get('format') === 'xlsx'),
      page.getByRole('button', { name: 'Export XLSX' }).click(),
    ]);
    expect(xlsx.status()).toBe(200);
    expect(xlsx.headers()['content-type']).toContain('spreadsheetml');
    expect(workbook.suggestedFilename()).toMatch(/^report-tb-.*\.xlsx$/);

    // narrowed to one LGA of the state
    const [mainland] = await Promise.all([
      page.waitForResponse((r) => isApi('/api/tb_report/')(r) && new URL(r.url()).searchParams.has('reporting_lga')),
      (async () => {
        await page.getByRole('combobox', { name: 'LGA', exact: true }).click();
        // Lagos has twenty LGAs: the list scrolls, so search
        await page.keyboard.type('Mainland');
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Lagos Mainland' }).click();
      })(),
    ]);
    expect(mainland.status()).toBe(200);
    const narrowed = (await mainland.json()) as { results: TierRow[] };
    expect(narrowed.results.length).toBeGreaterThan(0);
    expect(narrowed.results.every((r) => r.lga === 'Lagos Mainland')).toBe(true);
    expect(new URL(page.url()).searchParams.get('reporting_lga')).toBe(new URL(mainland.url()).searchParams.get('reporting_lga'));
    await page.context().close();
  });

  it('a federal official’s report spans the states', async () => {
    const page = await official('fed_tier');
    const from = daysAgo(60);
    const [tb] = await Promise.all([
      page.waitForResponse(isApi('/api/tb_report/')),
      page.goto(`/reports?family=tb&start_date=${from.iso}&end_date=${daysAgo(0).iso}`),
    ]);
    expect(tb.status()).toBe(200);
    const states = new Set(((await tb.json()) as { results: TierRow[] }).results.map((r) => r.state));
    expect(states.has('Lagos')).toBe(true);
    expect(states.size).toBeGreaterThan(1);
    // a federal official chooses among the states
    expect(await page.getByRole('combobox', { name: 'State', exact: true }).isDisabled()).toBe(false);
    await page.context().close();
  });

  it('a facility supervisor finds the reports of their programme there', async () => {
    const page = await programmeUser(browser, baseURL, 'clin_supervisor', 'General');
    await page.locator('.app-sider .ant-menu-submenu', { hasText: 'Analytics' }).locator('a[href="/reports"]').click();
    await page.waitForURL('**/reports');
    const card = page.locator('.reports-hub__card', { hasText: 'Report' });
    await card.waitFor();
    expect(await card.textContent()).toContain('Every test of the General programme');
    expect(await page.locator('.reports-tier__family').count()).toBe(0);
    await card.locator('a[href="/clinical/report"]').click();
    await page.waitForURL('**/clinical/report');
    await page.context().close();
  });
});
