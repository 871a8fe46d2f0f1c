import type { ConsumableAlerts, ConsumableItem, ConsumableStockCard, ConsumableTestOption } from '@nlims/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiAs, openDialog, openEntry, programmeUser, serverURL, sharedBrowser } from './suite.js';

const baseURL = serverURL();
const browser = sharedBrowser();
const stamp = Date.now().toString(36);
const itemName = `Xpert cartridges ${stamp}`;
const lotNumber = `XP-${stamp}`.toUpperCase();
const oldLot = `OLD-${stamp}`.toUpperCase();
const DAY = 86_400_000;
/** A day in Lagos, `days` from today, as the API writes it and as the date fields take it. */
const iso = (days: number) => new Date(Date.now() + 3_600_000 + days * DAY).toISOString().slice(0, 10);
const typed = (days: number) => iso(days).split('-').reverse().join('/');

const state = { item: 0, bench: 0, benchName: '', xpert: 0 };

/** Choose an option of a select by its text (typed first, when given, to find it in a long list). */
async function choose(page: Page, field: Locator, option: string | RegExp, typed?: string) {
  await field.click();
  if (typed) await field.fill(typed);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first().click();
}

/** The TB Xpert panel the TB programme runs (TB-XPERT), and the bench that runs it at Yaba (facility_test_services.bench). */
async function xpertAtYaba() {
  const admin = await apiAs(baseURL, 'ph_admin');
  const tests = await admin<ConsumableTestOption[]>('GET', '/api/consumable_config/tests/');
  const xpert = tests.find((x) => x.code === 'TB-XPERT')!;
  state.xpert = xpert.id;
  state.bench = xpert.bench!;
  state.benchName = xpert.bench_name!;
}

/** A TB sample at Yaba with Xpert requested, collected and accepted (the reception's pages have their own test): its lab number. */
async function xpertSample(): Promise<string> {
  const reception = await apiAs(baseURL, 'ph_receptionist');
  const client = await reception<{ id: number }>('POST', '/api/clients/', {
    first_name: 'Kemi',
    last_name: `Stock-${stamp}-${Math.random().toString(36).slice(2, 6)}`,
    sex: 'female',
    estimated_age_years: 41,
  });
  const placed = await reception<{ samples: { id: number; barcode: string }[] }>('POST', '/api/tb_sample/', {
    client: client.id,
    program: 'Tuberculosis',
    test_types: [state.xpert],
    form: {
      patient_category: 'new',
      reason_for_examination: 'diagnosis',
      presumptive_drtb: false,
      hiv_status: 'negative',
      test_status: 'initial',
      specimen: 'sputum_spot',
      visual_appearance: 'muco_purulent',
    },
  });
  const sample = placed.samples[0]!;
  const types = await reception<{ id: number; code: string }[]>('GET', '/api/sample_type/');
  await reception('POST', `/api/tb_sample/${sample.id}/collect/`, {
    collected_at: new Date().toISOString(),
    sample_type: types.find((t) => t.code === 'SPU')!.id,
  });
  await reception('POST', `/api/tb_sample/${sample.id}/accept/`, {});
  return sample.barcode;
}

const item = async () => (await apiAs(baseURL, 'ph_admin'))<ConsumableItem>('GET', `/api/consumable_generic/${state.item}/`);

afterAll(async () => {
  // The item leaves the facility's alerts: another file's badge counts are its own business.
  if (state.item) await (await apiAs(baseURL, 'ph_admin'))('PATCH', `/api/consumable_generic/${state.item}/`, { is_active: false });
});

describe('Xpert cartridges from receipt to use', () => {
  it('the administrator adds the cartridges for the TB Xpert test and receives ten packs', async () => {
    await xpertAtYaba();
    const page = await programmeUser(browser, baseURL, 'ph_admin', 'Tuberculosis');
    await page.goto('/commodities/createConsumable');
    const form = page.getByTestId('cons-receive-form');
    await form.waitFor();

    // the item, added from the receipt form: a pack of ten, used automatically by the Xpert test
    await page.getByTestId('cons-receive-new-item').click();
    const drawer = page.locator('.ant-drawer', { has: page.getByTestId('cons-item-form') });
    await drawer.locator('#name').fill(itemName);
    await choose(page, drawer.locator('#category'), 'Cartridge');
    await drawer.locator('#pack_size').fill('10');
    // 100 received, 20 at the bench, four runs: 96 left, at the reorder level
    await drawer.locator('#reorder_level').fill('96');
    await drawer.getByTestId('cons-test-add').click();
    await choose(page, drawer.locator('#tests_0_test_type'), '(TB-XPERT)', 'TB-XPERT');
    const [made] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/consumable_generic/'),
      drawer.getByTestId('cons-item-save').click(),
    ]);
    expect(made.status(), await made.text()).toBe(201);
    const created = (await made.json()) as ConsumableItem;
    state.item = created.id;
    expect(created).toMatchObject({ pack_size: 10, reorder_level: 96, tests: [{ test_type: state.xpert, automatic: true, quantity_per_test: 1 }] });
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => form.locator('.cons-item-pick').textContent()).toContain(itemName);

    // the lot: ten packs at ₦160,000 a pack
    await form.locator('#lot_number').fill(lotNumber);
    await form.locator('#expiry_date').fill(typed(365));
    await form.locator('#expiry_date').press('Tab');
    await form.locator('#quantity').fill('10');
    await form.locator('#cost').fill('160000');
    await expect.poll(() => page.getByTestId('cons-receive-summary').textContent()).toContain('100 (10 × 10)');
    const [received] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/received_consumable/'),
      page.getByTestId('cons-receive-submit').click(),
    ]);
    expect(received.status(), await received.text()).toBe(201);
    expect(received.request().headers()['idempotency-key']).toBeTruthy();
    expect((await received.json()).lot).toMatchObject({ lot_number: lotNumber, store_balance: 100, unit_cost_kobo: 16_000_00, expiry_date: iso(365) });
    await page.getByTestId('cons-receive-done').waitFor();
    await page.context().close();
  });

  it('issues two packs to the TB bench, first expiry first, never offering an expired lot', async () => {
    // an older lot of the same item, already expired: still on the shelf, not usable
    const admin = await apiAs(baseURL, 'ph_admin');
    await admin('POST', '/api/received_consumable/', {
      item: state.item,
      lot_number: oldLot,
      expiry_date: iso(-1),
      received_date: iso(-60),
      quantity: 5,
      quantity_in: 'units',
    });
    const page = await programmeUser(browser, baseURL, 'ph_admin', 'Tuberculosis');
    await page.goto('/commodities/consumable');
    const dialog = await openDialog(page, page.getByTestId('cons-issue-open'));
    await dialog.locator('#item').click();
    await dialog.locator('#item').fill(stamp);
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: itemName }).click();
    // the bench that runs the item's test is proposed
    await expect.poll(() => dialog.locator('.ant-form-item', { has: page.locator('#bench') }).textContent()).toContain(state.benchName);
    await dialog.locator('#quantity').fill('2');
    // the lots it may take: the usable one only
    await dialog.locator('#lot').click();
    const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await expect.poll(() => options.allTextContents()).toEqual([expect.stringContaining('First expiry'), expect.stringContaining(lotNumber)]);
    expect((await options.allTextContents()).join(' ')).not.toContain(oldLot);
    await page.keyboard.press('Escape');
    // what it will take: twenty from the new lot
    const plan = dialog.getByTestId('cons-issue-plan');
    await expect.poll(() => plan.textContent()).toContain(lotNumber);
    expect(await plan.textContent()).not.toContain(oldLot);
    expect(await plan.textContent()).toContain('20 (2 × 10)');
    const [issued] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/consumable/issue/'),
      dialog.getByRole('button', { name: 'Issue', exact: true }).click(),
    ]);
    expect(issued.status(), await issued.text()).toBe(200);
    expect(issued.request().postDataJSON()).toMatchObject({ item: state.item, bench: state.bench, quantity: 2, quantity_in: 'packs', lot: null });
    expect((await issued.json()).lines).toEqual([expect.objectContaining({ lot_number: lotNumber, quantity: 20 })]);
    await dialog.waitFor({ state: 'detached' });
    expect(await item()).toMatchObject({
      usable_store: 80,
      usable_total: 100,
      usable_benches: [expect.objectContaining({ bench: state.bench, quantity: 20 })],
      expired_units: 5,
      low_stock: false,
    });
    await page.context().close();
  });

  it('the TB analyst enters four Xpert results', async () => {
    const samples = await Promise.all([xpertSample(), xpertSample(), xpertSample(), xpertSample()]);
    const page = await programmeUser(browser, baseURL, 'ph_analyst', 'Tuberculosis');
    for (const labNumber of samples) {
      await openEntry(page, '/programs/tb-manual-result', labNumber);
      const mtb = page.locator('.entry-test', { hasText: 'MTB detection' });
      await mtb.locator('.ant-select').first().click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'MTB NOT DETECTED' }).first().click();
      const [saved] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/results/'),
        mtb.getByRole('button', { name: 'Save result' }).click(),
      ]);
      expect(saved.status(), await saved.text()).toBe(201);
      // no instrument chosen: the result stands on the value alone
      expect(saved.request().postDataJSON().instrument ?? null).toBeNull();
      await expect.poll(() => mtb.locator('.clin-status').textContent()).toBe('Entered');
    }
    await page.context().close();
  });

  it('the administrator sees four cartridges used at the TB bench, the expired lot not counted, and the low-stock badge', async () => {
    // the item's own stock card: four uses at the bench, one cartridge each, against the new lot
    const admin = await apiAs(baseURL, 'ph_admin');
    const card = await admin<ConsumableStockCard>('GET', `/api/stock_card/?item=${state.item}&page_size=100`);
    const uses = card.results.filter((l) => l.kind === 'use');
    expect(uses.map((u) => [u.bench, u.lot_number, u.quantity])).toEqual(Array.from({ length: 4 }, () => [state.bench, lotNumber, -1]));
    expect(await item()).toMatchObject({
      usable_store: 80,
      usable_benches: [expect.objectContaining({ bench: state.bench, quantity: 16 })],
      usable_total: 96,
      low_stock: true,
    });

    const page = await programmeUser(browser, baseURL, 'ph_admin', 'Tuberculosis');
    await page.goto('/commodities/consumable');
    const items = page.getByTestId('cons-items');
    await items.getByPlaceholder('Item or manufacturer').fill(stamp);
    await items.getByPlaceholder('Item or manufacturer').press('Enter');
    const row = items.locator('tr.ant-table-row', { hasText: itemName });
    await expect.poll(() => row.textContent()).toContain('96 (9 × 10 + 6)');
    expect(await row.textContent()).toContain(`${state.benchName}: 16`);
    expect(await row.textContent()).toContain('Store: 80');
    expect(await row.locator('[data-flag="low"]').count()).toBe(1);

    // the stock card on the page, oldest first: the expired lot's receipt of 60 days ago, this one's, the issue from
    // the store to the bench as one movement (the total unchanged), then the running balance falls by one with each use
    await page.goto(`/commodities/consumable?tab=card&item=${state.item}`);
    const running = page.getByTestId('cons-running');
    await expect.poll(() => running.allTextContents()).toEqual(['5', '105', '105', '104', '103', '102', '101']);
    expect(await page.locator('[data-kind="use"]').count()).toBe(4);

    // the sidebar: Manage Consumables carries the facility's alerts, the figure of the page's alerts tab, this item among them
    const alerts = await admin<ConsumableAlerts>('GET', '/api/consumable_alerts/');
    expect(alerts.low_stock_items.some((a) => a.item === state.item)).toBe(true);
    const entry = page.locator('.ant-menu-item', { has: page.locator('a[href="/commodities/consumable"]') });
    await expect.poll(() => entry.locator('.ant-badge sup').getAttribute('title')).toBe(String(alerts.alerts));
    expect(await page.getByTestId('cons-alerts-tab').locator('.ant-badge sup').getAttribute('title')).toBe(String(alerts.alerts));
    await page.context().close();
  });
});
