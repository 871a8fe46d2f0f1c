import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './browser.js';
import { apiAs, programmeUser, serverURL, sharedBrowser } from './suite.js';

const baseURL = serverURL();
const browser = sharedBrowser();

/** The glucose controls the first test makes, for the third. */
let glucoseTest: { id: number; name: string };
const controls: number[] = [];

describe('internal quality control (General)', () => {
  it('the analyst records a run of two levels, reads the Westgard verdict, and sees it on the Levey–Jennings charts', async () => {
    // the clinical laboratory's admin keeps the control materials of a chemistry test
    const admin = await apiAs(baseURL, 'clin_admin');
    const tests = await admin<{ id: number; code: string; name: string }[]>('GET', '/api/test_configuration/?program__name=General');
    const glucose = tests.find((x) => x.code === 'FBG')!;
    glucoseTest = glucose;
    const lot = `E2E-${Date.now().toString(36)}`;
    for (const [level, mean, sd] of [
      ['normal', 5.2, 0.2],
      ['high', 16.5, 0.5],
    ] as const)
      controls.push(
        (
          await admin<{ id: number }>('POST', '/api/qc_test_config/', {
            test_type: glucose.id,
            name: `Glucose control ${level}`,
            lot_number: lot,
            expiry_date: '2030-12-31',
            level,
            target_mean: mean,
            target_sd: sd,
            unit: 'mmol/L',
          })
        ).id,
      );

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
    // the rule is on the chart too: the point's tooltip names it beside a red diamond, the mark the legend explains
    await high.locator('canvas').hover();
    const tip = high.getByTestId('qc-tooltip');
    await expect.poll(() => tip.textContent()).toContain('1-3s (reject)');
    expect(await tip.textContent()).toContain('18.2 mmol/L');
    expect(await tip.locator('svg[data-mark="reject"]').count()).toBeGreaterThan(0);
    const legend = (await high.getByTestId('qc-legend').locator('li').allTextContents()).map((text) => text.trim());
    expect(legend).toEqual(['Result', 'Warning rule fired', 'Rejection rule fired']);
    // the target and SD lines with the test's decimals (one for glucose), without floating-point noise (5.2 + 3 × 0.2)
    const lines = await page.getByTestId('qc-chart-normal').locator('.chart ul li').allTextContents();
    expect(lines).toEqual(expect.arrayContaining(['Target: 5.2', '+3 SD: 5.8', '−3 SD: 4.6']));

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

  it('a held result’s approval says why and leads to the test’s QC; an accepted rerun releases it', async () => {
    // a glucose result entered and verified through the API, while the latest glucose QC (above) is rejected
    const reception = await apiAs(baseURL, 'clin_receptionist');
    const sampleTypes = await reception<{ id: number; code: string }[]>('GET', '/api/sample_type/');
    const client = await reception<{ id: number }>('POST', '/api/clients/', {
      first_name: 'Amina',
      last_name: `QC-${Date.now().toString(36)}`,
      sex: 'female',
      estimated_age_years: 40,
    });
    const order = await reception<{ lab_number: string; samples: { id: number; tests: { id: number }[] }[] }>('POST', '/api/general_order/', {
      client: client.id,
      program: 'General',
      test_types: [glucoseTest.id],
      form: {},
    });
    const sample = order.samples[0]!;
    await reception('POST', `/api/general_order/${sample.id}/collect/`, {
      collected_at: new Date().toISOString(),
      sample_type: sampleTypes.find((x) => x.code === 'SER')!.id,
    });
    await reception('POST', `/api/general_order/${sample.id}/accept/`, {});
    const analyst = await apiAs(baseURL, 'clin_analyst');
    const result = await analyst<{ id: number }>('POST', '/api/results/', { test_order: sample.tests[0]!.id, value: 5.4 });
    await (await apiAs(baseURL, 'clin_supervisor'))('POST', '/api/results/verify/', { ids: [result.id] });

    const page = await programmeUser(browser, baseURL, 'clin_supervisor', 'General');
    await page.goto('/clinical/approve-results');
    const row = page.locator('.clin-table tr.ant-table-row', { hasText: order.lab_number });
    await row.locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: /Approve selected \(1\)/ }).click();
    const signature = page.locator('.ant-modal');
    await signature.locator('input[type=password]').fill(DEMO_PASSWORD);
    await signature.getByRole('button', { name: 'Approve' }).click();
    const problem = page.getByTestId('signature-problem');
    await expect.poll(() => problem.textContent()).toContain('latest quality control of Fasting blood glucose on this instrument was rejected');
    await problem.getByRole('link', { name: 'Open quality control' }).click();
    await page.waitForURL((url) => url.pathname === '/clinical/quality-control' && url.searchParams.get('test') === String(glucoseTest.id));
    await expect.poll(() => page.locator('.qc-choice__test').textContent()).toContain(glucoseTest.name);

    // the controls run again and are accepted: the result may be approved
    await analyst('POST', '/api/qc_run/', {
      results: [
        { material: controls[0], value: 5.2 },
        { material: controls[1], value: 16.4 },
      ],
    });
    await page.goto('/clinical/approve-results');
    await row.locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: /Approve selected \(1\)/ }).click();
    await signature.locator('input[type=password]').fill(DEMO_PASSWORD);
    await signature.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => row.count()).toBe(0);
    await page.context().close();
  });

  it('the supervisor sets the Westgard rules of the test; the analyst reads them', async () => {
    const page = await programmeUser(browser, baseURL, 'clin_supervisor', 'General');
    await page.goto(`/clinical/quality-control?test=${glucoseTest.id}`);
    const rules = page.getByTestId('qc-rules');
    await expect.poll(() => rules.locator('.ant-tag').textContent()).toBe('Defaults');
    await rules.getByRole('switch', { name: '1-2s on' }).click();
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/qc_rules/'),
      rules.getByRole('button', { name: 'Save the rules' }).click(),
    ]);
    expect(saved.status()).toBe(200);
    expect(saved.request().postDataJSON().rules['1-2s']).toEqual({ enabled: false, severity: 'warning' });
    await expect.poll(() => rules.locator('.ant-tag').textContent()).toBe('Set by the laboratory');
    await page.context().close();

    const analyst = await programmeUser(browser, baseURL, 'clin_analyst', 'General');
    await analyst.goto(`/clinical/quality-control?test=${glucoseTest.id}`);
    const read = analyst.getByTestId('qc-rules');
    await expect.poll(() => read.getByRole('switch', { name: '1-2s on' }).getAttribute('aria-checked')).toBe('false');
    expect(await read.getByRole('switch', { name: '1-2s on' }).isDisabled()).toBe(true);
    expect(await read.getByRole('button', { name: 'Save the rules' }).count()).toBe(0);
    await analyst.context().close();
  });
});
