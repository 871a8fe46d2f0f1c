import { readFile } from 'node:fs/promises';
import type { GlobalDashboard, TierDashboard } from '@nlims/contracts';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from './browser.js';
import { programmeUser, serverURL, sharedBrowser } from './suite.js';

const baseURL = serverURL();
const browser = sharedBrowser();

const LANDING = '/dashboards/public/priority_diseases';
const isApi = (path: string) => (r: Response) => new URL(r.url()).pathname === path && r.request().method() === 'GET';
const param = (r: Response, name: string) => new URL(r.url()).searchParams.get(name);

interface Place {
  id: number;
  name: string;
  state?: number;
}
interface Filter {
  states: Place[];
  lgas: Place[];
  facilities: Place[];
}

/** Sign in as a tier user (English, desktop width); returns the page on the landing with the first replies of its dashboard and filter look-up. */
async function tierUser(username: string): Promise<{ page: Page; global: GlobalDashboard; filter: Filter }> {
  const context = await browser().newContext({ baseURL, viewport: { width: 1366, height: 900 }, serviceWorkers: 'block', acceptDownloads: true });
  await context.addInitScript(() => localStorage.setItem('lang', 'en'));
  context.setDefaultTimeout(15000);
  const page = await context.newPage();
  const globalReply = page.waitForResponse(isApi('/api/global_dashboard/'));
  const filterReply = page.waitForResponse(isApi('/api/dashboard_filter/'));
  await signIn(page, username);
  expect(new URL(page.url()).pathname).toBe(LANDING);
  const [g, f] = await Promise.all([globalReply, filterReply]);
  expect(g.status()).toBe(200);
  expect(f.status()).toBe(200);
  return { page, global: (await g.json()) as GlobalDashboard, filter: (await f.json()) as Filter };
}

/** The landing's figures: some disease was tested (the demo's history), and the thirteen tiles show the server's counts. */
async function seesRealFigures(page: Page, global: GlobalDashboard) {
  await page.locator('[data-testid^="tier-tile-"]').first().waitFor();
  expect(await page.locator('[data-testid^="tier-tile-"]').count()).toBe(13);
  const tested = global.tiles.filter((t) => t.tests > 0);
  expect(tested.length).toBeGreaterThan(0);
  const shown = tested[0]!;
  const tile = page.getByTestId(`tier-tile-${shown.disease}`);
  await expect.poll(() => tile.getByTestId('tile-tests').textContent()).toBe(shown.tests.toLocaleString('en'));
  // a suppressed count is shown "< 5", never a number
  for (const t of global.tiles.filter((x) => x.positives === null)) expect(await page.getByTestId(`tier-tile-${t.disease}`).textContent()).toContain('< 5');
}

/** The states the map colours. */
const colouredStates = (page: Page) =>
  page.locator('[data-testid="tier-map"] path[data-coloured="true"]').evaluateAll((ps) => ps.map((p) => p.getAttribute('data-state')));

/**
 * Open a disease dashboard from the sidebar, change the series periodicity (it lands in the address and survives a
 * reload) and export the by-area table as CSV; returns the dashboard's reply after the reload.
 */
async function diseaseDashboard(page: Page, linkName: string, path: string): Promise<TierDashboard> {
  const [opened] = await Promise.all([
    page.waitForResponse(isApi('/api/tier_general_program_dashboard/')),
    page.locator('.app-sider').getByRole('link', { name: linkName, exact: true }).click(),
  ]);
  expect(new URL(page.url()).pathname).toBe(path);
  expect(opened.status()).toBe(200);
  expect(param(opened, 'disease')).toBe('tb');
  await page.getByTestId('tier-stat-tests').waitFor();

  const [monthly] = await Promise.all([
    page.waitForResponse((r) => isApi('/api/tier_general_program_dashboard/')(r) && param(r, 'periodicity') === 'monthly'),
    (async () => {
      await page.getByRole('combobox', { name: 'Series' }).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Monthly' }).click();
    })(),
  ]);
  expect(monthly.status()).toBe(200);
  await expect.poll(() => new URL(page.url()).searchParams.get('periodicity')).toBe('monthly');
  await page.getByTestId('tier-series').getByText('Series by month').waitFor();

  const [reloaded] = await Promise.all([page.waitForResponse(isApi('/api/tier_general_program_dashboard/')), page.reload()]);
  expect(param(reloaded, 'periodicity')).toBe('monthly');
  expect(param(reloaded, 'disease')).toBe('tb');
  await page.getByTestId('tier-series').getByText('Series by month').waitFor();

  const [download, csv] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForResponse((r) => isApi('/api/tier_general_program_dashboard/')(r) && param(r, 'format') === 'csv'),
    page.getByTestId('tier-export-by_area-csv').click(),
  ]);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
  expect(param(csv, 'table')).toBe('by_area');
  expect(param(csv, 'periodicity')).toBe('monthly');
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const saved = await readFile((await download.path())!, 'utf8');
  expect(saved.trim().split(/\r?\n/).length).toBeGreaterThan(0);
  return (await reloaded.json()) as TierDashboard;
}

describe('the tier dashboards', () => {
  it('the federal user lands on the priority diseases of the nation, drills into a state on the map, and opens Federal TB', async () => {
    const { page, global } = await tierUser('fed_tier');
    expect(global.area.level).toBe('nation');
    await seesRealFigures(page, global);

    // the map colours the states with figures of the disease it shows; a click narrows the dashboard to one
    await expect.poll(async () => (await colouredStates(page)).length).toBeGreaterThan(0);
    const [state] = await colouredStates(page);
    const [narrowed] = await Promise.all([
      page.waitForResponse((r) => isApi('/api/global_dashboard/')(r) && param(r, 'states') != null),
      page.locator(`[data-testid="tier-map"] path[data-state="${state}"]`).click(),
    ]);
    expect(narrowed.status()).toBe(200);
    expect(((await narrowed.json()) as GlobalDashboard).area).toMatchObject({ level: 'state', name: state });
    await expect.poll(() => new URL(page.url()).searchParams.get('states')).toBe(param(narrowed, 'states'));
    await page.getByTestId('tier-period').getByText(`${state}:`).waitFor();
    // the latest positives export as XLSX with the same filters
    const [xlsx] = await Promise.all([
      page.waitForResponse((r) => isApi('/api/global_dashboard/')(r) && param(r, 'format') === 'xlsx'),
      page.getByTestId('tier-export-latest_positives-xlsx').click(),
    ]);
    expect(xlsx.headers()['content-type']).toContain('spreadsheetml');
    expect(param(xlsx, 'states')).toBe(param(narrowed, 'states'));

    const tb = await diseaseDashboard(page, 'Federal TB', '/dashboards/federal_tb');
    expect(tb.area.level).toBe('nation');
    expect(tb.by_area_level).toBe('state');
    expect(tb.tb).not.toBeNull();
    await page.getByTestId('tier-tb').waitFor();
    await page.getByTestId('tier-by-area').locator('[data-testid="tier-map"]').waitFor();
    await page.close();
  });

  it('the Lagos state user sees Lagos only: its LGAs, its state alone on the map, another state refused', async () => {
    const { page, global, filter } = await tierUser('lagos_tier');
    expect(global.area).toMatchObject({ level: 'state', name: 'Lagos' });
    await seesRealFigures(page, global);
    expect(filter.states.map((s) => s.name)).toEqual(['Lagos']);
    expect(new Set(global.by_state.map((r) => r.state_name))).toEqual(new Set(['Lagos']));
    await expect.poll(() => colouredStates(page)).toEqual(['Lagos']);
    for (const row of global.latest_positives) expect(row.state_name).toBe('Lagos');

    const tb = await diseaseDashboard(page, 'State TB', '/dashboards/state_tb');
    expect(tb.area).toMatchObject({ level: 'state', name: 'Lagos' });
    expect(tb.by_area_level).toBe('lga');
    const lagosLgas = new Set(filter.lgas.map((l) => l.name));
    expect(tb.by_area.length).toBeGreaterThan(0);
    for (const row of tb.by_area) expect(lagosLgas.has(row.name)).toBe(true);
    // no map of the nation for a state
    expect(await page.getByTestId('tier-by-area').locator('[data-testid="tier-map"]').count()).toBe(0);

    // another state in the address: the server refuses it and the page says so, showing no figures of it
    const lagos = filter.states[0]!.id;
    const other = lagos === 1 ? 2 : lagos - 1;
    const [refused] = await Promise.all([
      page.waitForResponse((r) => isApi('/api/tier_general_program_dashboard/')(r) && param(r, 'states') === String(other)),
      page.goto(`/dashboards/state_tb?states=${other}`),
    ]);
    expect(refused.status()).toBe(403);
    await page.getByText('This place is outside your area', { exact: false }).waitFor();
    expect(await page.getByTestId('tier-stat-tests').count()).toBe(0);
    await page.close();
  });

  it('the Ikeja LGA user sees Ikeja only: its facilities by area, Lagos alone on the map', async () => {
    const { page, global, filter } = await tierUser('ikeja_tier');
    expect(global.area).toMatchObject({ level: 'lga', name: 'Ikeja' });
    await seesRealFigures(page, global);
    expect(filter.lgas.map((l) => l.name)).toEqual(['Ikeja']);
    await expect.poll(async () => (await colouredStates(page)).filter((s) => s !== 'Lagos')).toEqual([]);
    for (const row of global.latest_positives) expect(row.lga_name).toBe('Ikeja');

    const tb = await diseaseDashboard(page, 'LGA TB', '/dashboards/lga_tb');
    expect(tb.area).toMatchObject({ level: 'lga', name: 'Ikeja' });
    expect(tb.by_area_level).toBe('facility');
    const ikejaFacilities = new Set(filter.facilities.map((f) => f.name));
    for (const row of tb.by_area) expect(ikejaFacilities.has(row.name)).toBe(true);
    await page.close();
  });

  it("General staff read their facility's dashboard, without a map or a table by area", async () => {
    const page = await programmeUser(browser, baseURL, 'clin_supervisor', 'General');
    const [reply] = await Promise.all([page.waitForResponse(isApi('/api/tier_general_order_dashboard/')), page.goto('/dashboards/general_program')]);
    expect(reply.status()).toBe(200);
    const body = (await reply.json()) as TierDashboard;
    expect(body.area.level).toBe('facility');
    expect(body.totals.tests).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('tier-stat-tests').locator('.ant-statistic-content').textContent()).toBe(body.totals.tests.toLocaleString('en'));
    expect(await page.getByTestId('tier-filters').getByRole('combobox', { name: 'State' }).count()).toBe(0);
    expect(await page.locator('[data-testid="tier-map"]').count()).toBe(0);
    expect(await page.getByTestId('tier-by-area').count()).toBe(0);
    await page.getByTestId('tier-by-test').waitFor();
    await page.close();
  });
});
