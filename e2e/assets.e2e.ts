import type { AssetDetail, AssetItem } from '@nlims/contracts';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './browser.js';
import { apiAs, openEntry, programmeUser, serverURL, sharedBrowser } from './suite.js';

const baseURL = serverURL();
const browser = sharedBrowser();
const stamp = Date.now().toString(36).toUpperCase();
/** Yaba's GeneXpert IV: the asset on the machine setting whose instrument TB results name (demo). */
const GENEXPERT = 'YABA-0007';

/** A call whose refusal is the point: the status and the body. */
async function raw(username: string, method: string, url: string, body?: object) {
  const login = await fetch(`${baseURL}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${baseURL}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body && { 'content-type': 'application/json' }) },
    body: body && JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string[]> };
}

/** The GeneXpert in use again, whatever a failed run left (files of one worker share the database). */
async function genexpertInService(): Promise<void> {
  const admin = await apiAs(baseURL, 'ph_admin');
  const gx = await admin<AssetItem>('GET', `/api/asset/by_tag/?tag=${GENEXPERT}`);
  if (gx.status !== 'in_use') await admin('POST', `/api/asset/${gx.id}/back_in_service/`, { work_done: 'Restored after the browser test' });
}
afterAll(genexpertInService);

/** Choose an option of a form's select by its text. */
async function choose(page: Page, field: string, option: string) {
  await page.locator(field).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first().click();
}

/** A TB sputum for Xpert, ordered, collected and accepted at Yaba through the API: its lab number and its MTB test. */
async function acceptedXpert(): Promise<{ labNumber: string; mtb: number }> {
  const reception = await apiAs(baseURL, 'ph_receptionist');
  const tests = await reception<{ id: number; code: string }[]>('GET', '/api/test_configuration/?program__name=Tuberculosis');
  const sputum = (await reception<{ id: number; code: string }[]>('GET', '/api/sample_type/')).find((x) => x.code === 'SPU')!;
  const client = await reception<{ id: number }>('POST', '/api/clients/', {
    first_name: 'Tunde',
    last_name: `Assets-${stamp}`,
    sex: 'male',
    estimated_age_years: 38,
  });
  const order = await reception<{ samples: { id: number; barcode: string; tests: { id: number; test_type: number }[] }[] }>('POST', '/api/tb_sample/', {
    client: client.id,
    program: 'Tuberculosis',
    test_types: [tests.find((x) => x.code === 'TB-XPERT')!.id],
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
  const sample = order.samples[0]!;
  await reception('POST', `/api/tb_sample/${sample.id}/collect/`, { collected_at: new Date(Date.now() - 3_600_000).toISOString(), sample_type: sputum.id });
  await reception('POST', `/api/tb_sample/${sample.id}/accept/`, {});
  const mtb = tests.find((x) => x.code === 'TB-XPERT-MTB')!.id;
  return { labNumber: sample.barcode, mtb: sample.tests.find((x) => x.test_type === mtb)!.id };
}

describe('the equipment register', () => {
  const tags = [`E2E-${stamp}-1`, `E2E-${stamp}-2`, `E2E-${stamp}-3`];

  it('Yaba’s admin registers assets (a tag in use refused on its field) and checks three out by scanning their tags', async () => {
    const page = await programmeUser(browser, baseURL, 'ph_admin', 'Tuberculosis');
    // the register form: a tag already in use is refused, named on its field
    await page.goto('/commodities/createAsset');
    const form = page.getByTestId('asset-form');
    await form.locator('#tag').fill(GENEXPERT.toLowerCase());
    await form.locator('#name').fill('Vortex mixer');
    await page.getByTestId('asset-save').click();
    await expect.poll(() => form.locator('.ant-form-item-explain-error').first().textContent()).toContain('already GeneXpert IV');
    // with its own tag it is saved, and its page opens
    await form.locator('#tag').fill(tags[0]!);
    await choose(page, '#generic', 'Centrifuge');
    await form.locator('#serial_number').fill(`SN-${stamp}`);
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/asset/'),
      page.getByTestId('asset-save').click(),
    ]);
    expect(created.status(), await created.text()).toBe(201);
    await page.waitForURL((url) => url.pathname === '/commodities/asset' && url.searchParams.has('asset'));
    await expect.poll(() => page.getByTestId('asset-detail').textContent()).toContain('Not checked out');
    // two more, through the API
    const admin = await apiAs(baseURL, 'ph_admin');
    for (const tag of tags.slice(1)) await admin<AssetDetail>('POST', '/api/asset/', { tag, name: `Pipette set ${tag.slice(-1)}` });

    // the bulk check-out: the form once, then the tags scanned (typed and Enter) into an input that keeps the focus
    await page.goto('/commodities/bulkCheckOutAsset');
    await choose(page, '#target', 'GeneXpert Bench');
    const scan = page.getByPlaceholder('Scan or type a tag, then Enter');
    for (const tag of [tags[0]!.toLowerCase(), 'NO-SUCH-TAG', tags[1]!, tags[2]!]) {
      await scan.fill(tag);
      await scan.press('Enter');
    }
    const items = page.getByTestId('bulk-item');
    await expect.poll(() => items.count()).toBe(4);
    await expect.poll(() => page.locator('[data-testid="bulk-item"][data-state="ready"]').count()).toBe(3);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe('Scan or type a tag, then Enter');
    const unknown = page.locator('[data-testid="bulk-item"][data-state="unknown"]');
    expect(await unknown.textContent()).toContain('Unknown tag');
    // all or nothing: the unknown tag holds the check-out until it is removed
    expect(await page.getByTestId('bulk-submit').isDisabled()).toBe(true);
    await unknown.getByRole('button', { name: 'Remove NO-SUCH-TAG' }).click();
    await page.getByTestId('bulk-submit').click();
    const confirm = page.locator('.ant-modal-confirm:not([class*="-appear"])');
    await confirm.waitFor();
    const [bulk] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/asset/bulk_check_out/'),
      confirm.getByRole('button', { name: 'Check out 3 assets' }).click(),
    ]);
    expect(bulk.status(), await bulk.text()).toBe(200);
    expect(bulk.request().postDataJSON().tags).toEqual(tags);
    await expect.poll(() => page.getByTestId('bulk-done').textContent()).toContain('Checked out to GeneXpert Bench: 3');

    // the register shows them out, to the bench
    await page.getByRole('button', { name: 'Open the register' }).click();
    await page.waitForURL((url) => url.pathname === '/commodities/asset');
    const search = page.getByTestId('asset-list').getByPlaceholder('Tag, name or serial number');
    await search.fill(`E2E-${stamp}`);
    await search.press('Enter');
    const rows = page.locator('.asset-list tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(3);
    for (const text of await rows.allTextContents()) expect(text).toContain('Bench: GeneXpert Bench');
    // a scanned tag already out is named on the bulk page
    await page.goto('/commodities/bulkCheckOutAsset');
    await scan.fill(tags[2]!);
    await scan.press('Enter');
    await expect.poll(() => page.locator('[data-testid="bulk-item"][data-state="out"]').textContent()).toContain('Bench: GeneXpert Bench');
    await page.context().close();
  });

  it('the GeneXpert under repair: the TB analyst finds GeneXpert IV disabled on result entry with the reason, and a save is refused with it', async () => {
    await genexpertInService();
    const { labNumber, mtb: mtbTest } = await acceptedXpert();
    try {
      // Yaba's admin puts it under repair from its page
      const page = await programmeUser(browser, baseURL, 'ph_admin', 'Tuberculosis');
      await page.goto('/commodities/asset');
      const search = page.getByTestId('asset-list').getByPlaceholder('Tag, name or serial number');
      await search.fill(GENEXPERT);
      await search.press('Enter');
      await expect.poll(() => page.locator('.asset-list tr.ant-table-row').count()).toBe(1);
      await page.locator('.asset-list tr.ant-table-row').click();
      await page.getByTestId('asset-under_repair').click();
      const dialog = page.locator('.ant-modal:not([class*="-appear"])');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('will not be offered for results or worksheets');
      await dialog.locator('#fault').fill('Module A2 fails its self-test');
      const [moved] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/under_repair/')),
        dialog.getByRole('button', { name: 'Put under repair' }).click(),
      ]);
      expect(moved.status(), await moved.text()).toBe(200);
      await expect.poll(() => page.getByTestId('asset-unavailable').textContent()).toContain(`GeneXpert IV (tag ${GENEXPERT}) is under repair since`);
      await page.context().close();

      // the TB analyst: GeneXpert IV is offered disabled, with why
      const analyst = await programmeUser(browser, baseURL, 'ph_analyst', 'Tuberculosis');
      await openEntry(analyst, '/programs/tb-manual-result', labNumber);
      const mtb = analyst.locator('.entry-test', { hasText: 'MTB detection' });
      await mtb.locator('.ant-form-item', { hasText: 'Instrument' }).locator('.ant-select').click();
      const option = analyst.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'GeneXpert IV' }).first();
      await expect.poll(() => option.getAttribute('class')).toContain('ant-select-item-option-disabled');
      expect(await option.textContent()).toContain(`GeneXpert IV (tag ${GENEXPERT}) is under repair since`);
      await analyst.keyboard.press('Escape');
      await analyst.context().close();

      // a save that names it anyway is refused, the reason on the instrument
      const instruments = await (await apiAs(baseURL, 'ph_analyst'))<{ id: number; name: string }[]>('GET', '/api/instrument/');
      const refused = await raw('ph_analyst', 'POST', '/api/results/', {
        test_order: mtbTest,
        value: 'MTB DETECTED MEDIUM',
        instrument: instruments.find((i) => i.name === 'GeneXpert IV')!.id,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.instrument![0]).toMatch(/^GeneXpert IV \(tag YABA-0007\) is under repair since/);
    } finally {
      await genexpertInService();
    }
  });
});
