import { describe, expect, inject, it } from 'vitest';
import { apiAs, programmeUser, sharedBrowser } from './suite.js';

const baseURL = inject('baseURL');
const browser = sharedBrowser();

describe('internal quality control (General)', () => {
  it('the analyst records a run of two levels, reads the Westgard verdict, and sees it on the Levey–Jennings charts', async () => {
    // the clinical laboratory's admin keeps the control materials of a chemistry test
    const admin = await apiAs(baseURL, 'clin_admin');
    const tests = await admin<{ id: number; code: string; name: string }[]>('GET', '/api/test_configuration/?program__name=General');
    const glucose = tests.find((x) => x.code === 'FBG')!;
    const lot = `E2E-${Date.now().toString(36)}`;
    for (const [level, mean, sd] of [
      ['normal', 5.2, 0.2],
      ['high', 16.5, 0.5],
    ] as const)
      await admin('POST', '/api/qc_test_config/', {
        test_type: glucose.id,
        name: `Glucose control ${level}`,
        lot_number: lot,
        expiry_date: '2030-12-31',
        level,
        target_mean: mean,
        target_sd: sd,
        unit: 'mmol/L',
      });

    const page = await programmeUser(browser, baseURL, 'clin_analyst', 'General');
    await page.goto('/clinical/quality-control');
    await page.getByRole('combobox', { name: 'Test' }).click();
    await page.locator('.ant-select-item-option', { hasText: glucose.name }).click();
    await page.getByTestId('qc-chart-high').waitFor();

    // the normal level within 1 SD, the high one 3.4 SD above its target: 1-3s rejects the run
    // (Ant Design puts the test id on the input itself)
    const value = (level: string) => page.locator(`input[data-testid="qc-value-${level}"], [data-testid="qc-value-${level}"] input`);
    await value('normal').fill('5.3');
    await value('high').fill('18.2');
    const [reply] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/qc_run/'),
      page.getByRole('button', { name: 'Record run' }).click(),
    ]);
    expect(reply.status()).toBe(201);
    const verdict = page.getByTestId('qc-verdict');
    await expect.poll(() => verdict.textContent()).toContain('Run rejected: 1-3s (reject)');
    expect(await verdict.textContent()).toContain('wait until a run is accepted');

    // each level's chart: a canvas with its figures in a table, and the rule on the high level's result
    const high = page.getByTestId('qc-chart-high');
    await expect.poll(() => high.locator('.qc-chart__fired tr.ant-table-row').count()).toBe(1);
    expect(await high.locator('.qc-chart__fired tr.ant-table-row').textContent()).toContain('+3.40');
    expect(await high.locator('canvas').count()).toBe(1);
    expect(await page.getByTestId('qc-chart-normal').locator('.qc-chart__fired').textContent()).toContain('No rule fired');

    // the month's summary counts the run: the high level's one result, its rejection and its rejected run
    const summary = page.locator('[data-testid="qc-summary"] tr.ant-table-row', { hasText: lot }).filter({ hasText: 'High' });
    await expect
      .poll(() => summary.locator('td').allTextContents())
      .toEqual([glucose.name, 'High', lot, '16.5 ± 0.5 mmol/L', '1', '18.20', '—', '—', '0', '1', '1']);
    await page.context().close();
  });

  it('is not offered to the receptionist', async () => {
    const page = await programmeUser(browser, baseURL, 'clin_receptionist', 'General');
    await page.goto('/clinical/quality-control');
    await expect.poll(() => page.getByText('403').count()).toBeGreaterThan(0);
    await page.context().close();
  });
});
