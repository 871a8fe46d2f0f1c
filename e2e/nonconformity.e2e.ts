import type { NcrDetail, NcrSummary } from '@nlims/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './browser.js';
import { apiAs, openDialog, programmeUser, scanAtReception, serverURL, sharedBrowser } from './suite.js';

const baseURL = serverURL();
const browser = sharedBrowser();
const stamp = Date.now().toString(36);
const month = new Date(Date.now() + 3_600_000).toISOString().slice(0, 7);

/** A random blood glucose ordered and collected at Ikeja through the API (the reception page has its own tests): its sample's lab number. */
async function collectedGlucose(): Promise<string> {
  const reception = await apiAs(baseURL, 'clin_receptionist');
  const tests = await reception<{ id: number; code: string }[]>('GET', '/api/test_configuration/?program__name=General');
  const client = await reception<{ id: number }>('POST', '/api/clients/', {
    first_name: 'Bisi',
    last_name: `Ncr-${stamp}`,
    sex: 'female',
    estimated_age_years: 52,
  });
  const placed = await reception<{ samples: { id: number; sample_type: number | null }[] }>('POST', '/api/general_order/', {
    client: client.id,
    test_types: [tests.find((x) => x.code === 'RBG')!.id],
  });
  const sample = placed.samples[0]!;
  await reception('POST', `/api/general_order/${sample.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: sample.sample_type ?? 1 });
  return (await reception<{ barcode: string }>('GET', `/api/general_order/${sample.id}/`)).barcode;
}

/** Choose an option of an open select by its text. */
async function choose(page: Page, field: string, option: string) {
  await page.locator(field).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first().click();
}

/** Press a dialog's button that writes to a report, and wait for the reply (which must succeed) and the dialog to close. */
async function save(page: Page, dialog: ReturnType<Page['locator']>, button: string | RegExp) {
  const [reply] = await Promise.all([
    page.waitForResponse((r) => r.request().method() !== 'GET' && new URL(r.url()).pathname.startsWith('/api/non_conformity_report/')),
    dialog.getByRole('button', { name: button }).click(),
  ]);
  expect(reply.status(), await reply.text()).toBeLessThan(300);
  await dialog.waitFor({ state: 'detached' });
}

describe('a non-conformity from a rejected sample to its closing', () => {
  it('reported pre-filled after a rejection at reception, classified, acted on, closed with a signature, and counted in the month', async () => {
    const labNumber = await collectedGlucose();
    const supervisorApi = await apiAs(baseURL, 'clin_supervisor');
    const before = await supervisorApi<NcrSummary>('GET', `/api/non_conformity_report/summary/?month=${month}`);

    // Ikeja's receptionist rejects the haemolysed sample at reception
    const reception = await programmeUser(browser, baseURL, 'clin_receptionist', 'General');
    const row = await scanAtReception(reception, '/clinical/sample-reception', labNumber);
    const dialog = await openDialog(reception, row.getByRole('button', { name: 'Reject', exact: true }));
    await dialog.locator('#rejection_reason').click();
    await reception.locator('.ant-select-item-option', { hasText: 'Haemolysed sample' }).click();
    await Promise.all([
      reception.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/reject/') && r.ok()),
      dialog.getByRole('button', { name: 'Reject', exact: true }).click(),
    ]);
    await dialog.waitFor({ state: 'detached' });

    // the notice offers to report it: the form opens pre-filled, nothing saved yet
    const notice = reception.locator('.ant-notification-notice', { hasText: `Sample ${labNumber} rejected` });
    await notice.waitFor();
    await notice.getByTestId('ncr-report-link').click();
    await reception.waitForURL((url) => url.pathname === '/non-conformity/new' && url.searchParams.get('source') === 'sample_rejected');
    const form = reception.getByTestId('ncr-form');
    await reception.getByTestId('ncr-draft-notice').waitFor();
    await expect.poll(() => form.locator('#title').inputValue()).toContain(labNumber);
    expect(await form.locator('#title').inputValue()).toContain('Haemolysed');
    expect(await reception.getByTestId('ncr-samples-chosen').textContent()).toContain(labNumber);
    expect(await form.locator('#event_date').inputValue()).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    // the event happened: the picker offers no day after today in Lagos
    const lagosToday = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.parse(`${lagosToday}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await form.locator('#event_date').click();
    const calendar = reception.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
    await calendar.locator(`td[title="${lagosToday}"]`).waitFor();
    expect(await calendar.locator(`td[title="${lagosToday}"]`).getAttribute('class')).not.toContain('ant-picker-cell-disabled');
    expect(await calendar.locator(`td[title="${tomorrow}"]`).first().getAttribute('class')).toContain('ant-picker-cell-disabled');
    await form.locator('#event_date').press('Escape');
    expect(await form.getByRole('radio', { name: /^Minor/ }).isChecked()).toBe(true);
    // she adds what she saw and sends it
    await form.locator('#suspected_cause').fill('Tube shaken hard after collection; small needle.');
    const [created] = await Promise.all([
      reception.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/non_conformity_report/'),
      reception.getByTestId('ncr-submit').click(),
    ]);
    expect(created.status(), await created.text()).toBe(201);
    const report = (await created.json()) as NcrDetail;
    expect(created.request().postDataJSON()).toMatchObject({ source: 'sample_rejected', severity: 'minor', type: 'sample_quality' });
    expect(report.number).toMatch(/^NCR-\d{4}-\d{5}$/);
    await reception.waitForURL(`**/non-conformity/${report.id}`);
    await expect.poll(() => reception.getByTestId('ncr-detail').textContent()).toContain(report.number);
    expect(await reception.getByTestId('ncr-reported').textContent()).toContain('Reported');
    // a receptionist neither classifies nor closes
    expect(await reception.getByTestId('ncr-classify').count()).toBe(0);
    expect(await reception.getByTestId('ncr-close').count()).toBe(0);
    await reception.context().close();

    // the supervisor finds it by lab number and classifies it: the risk is worked out as she chooses
    const supervisor = await programmeUser(browser, baseURL, 'clin_supervisor', 'General');
    await supervisor.goto('/non-conformity');
    const search = supervisor.getByTestId('ncr-filters').getByPlaceholder('Lab number or title');
    await search.fill(labNumber);
    await search.press('Enter');
    await supervisor.locator('.ncr-list tr.ant-table-row', { hasText: report.number }).getByRole('link').click();
    await supervisor.waitForURL(`**/non-conformity/${report.id}`);
    const classify = supervisor.getByTestId('ncr-classify');
    await classify.waitFor();
    // the event's type came with the draft, under its category
    await expect
      .poll(() => classify.locator('.ant-select-selection-item, .ant-select-content').allTextContents())
      .toEqual(expect.arrayContaining(['Sample', 'Sample quality']));
    await choose(supervisor, '#qse', 'Process control');
    await supervisor.getByTestId('ncr-consequence').getByText('2 · Moderate').click();
    await supervisor.getByTestId('ncr-likelihood').getByText('2 · Possible').click();
    await expect.poll(() => supervisor.getByTestId('ncr-risk-live').textContent()).toContain('4 · Medium');
    await classify.locator('#root_cause').fill('Phlebotomy training out of date on the night shift.');
    await Promise.all([
      supervisor.waitForResponse((r) => new URL(r.url()).pathname.endsWith(`/${report.id}/classify/`) && r.ok()),
      supervisor.getByTestId('ncr-classify-save').click(),
    ]);
    await expect.poll(() => supervisor.locator('.ncr-headline').textContent()).toContain('Investigating');
    expect(await supervisor.getByTestId('ncr-classification').textContent()).toContain('Process control');

    // a corrective action with its owner and due date
    const add = await openDialog(supervisor, supervisor.getByTestId('ncr-action-add'));
    await add.getByLabel('Corrective').check();
    await add.locator('#description').fill('Refresher on sample handling for the night-shift phlebotomists.');
    await choose(supervisor, '.ant-modal #responsible', 'Clin Supervisor');
    const due = new Date(Date.now() + 7 * 86_400_000 + 3_600_000);
    const dueText = `${String(due.getUTCDate()).padStart(2, '0')}/${String(due.getUTCMonth() + 1).padStart(2, '0')}/${due.getUTCFullYear()}`;
    await add.locator('#due_date').fill(dueText);
    await add.locator('#due_date').press('Tab');
    await save(supervisor, add, 'Add');
    await expect.poll(() => supervisor.locator('.ncr-headline').textContent()).toContain('Action planned');
    const actions = supervisor.getByTestId('ncr-actions');
    await expect.poll(() => actions.textContent()).toContain(dueText);

    // done today, then reviewed effective
    const done = await openDialog(supervisor, actions.getByRole('button', { name: 'Mark done' }));
    await save(supervisor, done, 'Mark done');
    const review = await openDialog(supervisor, actions.getByRole('button', { name: 'Review' }));
    await review.getByLabel('Effective', { exact: true }).check();
    await review.locator('#review_note').fill('No haemolysed sample from the night shift for a week.');
    await save(supervisor, review, 'Save the review');
    await expect.poll(() => actions.textContent()).toContain('Clin Supervisor');
    expect(await actions.locator('.ant-tag', { hasText: 'Effective' }).count()).toBe(1);

    // evidence is attached while the report is open
    const evidence = supervisor.getByTestId(`attachments-ncr-${report.id}`);
    await evidence
      .locator('input[type=file]')
      .setInputFiles({ name: `training-${stamp}.txt`, mimeType: 'text/plain', buffer: Buffer.from('Night-shift refresher: 12 attended.\n') });
    await Promise.all([
      supervisor.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/attachments/' && r.status() === 201),
      evidence.getByRole('button', { name: 'Attach (1)' }).click(),
    ]);
    await expect.poll(() => evidence.locator('.files-attached__item').count()).toBe(1);
    expect(await evidence.getByRole('button', { name: `Delete training-${stamp}.txt` }).count()).toBe(1);

    // closed with the effectiveness check, signed with her password, confirmed
    const close = await openDialog(supervisor, supervisor.getByTestId('ncr-close'));
    await close.locator('#effectiveness_check').fill('Rejections for haemolysis checked for two weeks: none from the night shift.');
    await close.locator('#password').fill(DEMO_PASSWORD);
    await close.getByTestId('ncr-close-next').click();
    await close.getByTestId('ncr-close-warning').waitFor();
    await Promise.all([
      supervisor.waitForResponse((r) => new URL(r.url()).pathname.endsWith(`/${report.id}/close/`) && r.status() === 200),
      close.getByTestId('ncr-close-confirm').click(),
    ]);
    await expect.poll(() => supervisor.locator('.ncr-headline').textContent()).toContain('Closed');
    expect(await supervisor.getByTestId('ncr-closure').textContent()).toContain('none from the night shift');
    await expect.poll(() => supervisor.getByTestId('ncr-history').textContent()).toContain('Closed');
    // the history in words, with the form's labels: never a field's code or a username
    const history = (await supervisor.getByTestId('ncr-history').textContent()) ?? '';
    expect(history).toContain('Quality-system essential: ');
    expect(history).toContain('Signed with the closer’s password');
    expect(history).not.toMatch(/\b(qse|signed|source): /);
    // closed means closed: the evidence stays, and nothing is added or removed any more
    await supervisor.getByTestId('ncr-attachments-closed').waitFor();
    expect(await supervisor.getByTestId('ncr-attachments-closed').textContent()).toBe('The report is closed: its evidence can no longer change.');
    expect(await evidence.locator('.files-attached__item').textContent()).toContain(`training-${stamp}.txt`);
    expect(await evidence.getByRole('button', { name: 'Choose files' }).count()).toBe(0);
    expect(await evidence.locator('input[type=file]').count()).toBe(0);
    expect(await evidence.getByRole('button', { name: /^Delete / }).count()).toBe(0);

    // the month's summary counts it
    const after = await supervisorApi<NcrSummary>('GET', `/api/non_conformity_report/summary/?month=${month}`);
    expect(after.reported).toBe(before.reported + 1);
    expect(after.closed).toBe(before.closed + 1);
    await supervisor.goto('/non-conformity?tab=summary');
    const figures = supervisor.getByTestId('ncr-figures');
    await expect.poll(() => figures.locator('[data-figure="reported"] strong').textContent()).toBe(String(after.reported));
    expect(await figures.locator('[data-figure="closed"] strong').textContent()).toBe(String(after.closed));
    const quality = after.by_type.find((x) => x.type === 'sample_quality')!;
    expect(await supervisor.getByTestId('ncr-by-type').locator('tr', { hasText: 'Sample quality' }).textContent()).toContain(String(quality.count));
    await supervisor.context().close();
  });
});

describe('a non-conformity from a rejected QC run', () => {
  it('the verdict offers to report it, and the form opens with the run (nothing saved until sent)', async () => {
    const analyst = await apiAs(baseURL, 'clin_analyst');
    const tests = await analyst<{ id: number; code: string; name: string }[]>('GET', '/api/test_configuration/?program__name=General');
    const urea = tests.find((x) => x.code === 'EUCR-UREA')!;
    const before = await analyst<{ count: number }>('GET', '/api/non_conformity_report/?page_size=5');

    // the demo's urea controls: the high level 3.4 SD above its target rejects the run (1-3s)
    const page = await programmeUser(browser, baseURL, 'clin_analyst', 'General');
    await page.goto('/clinical/quality-control');
    await page.getByRole('combobox', { name: 'Test' }).click();
    await page.locator('.ant-select-item-option', { hasText: urea.name }).click();
    await page.getByTestId('qc-chart-high').waitFor();
    const value = (level: string) => page.locator(`input[data-testid="qc-value-${level}"], [data-testid="qc-value-${level}"] input`);
    await value('normal').fill('5.1');
    await value('high').fill('20.5');
    const [recorded] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/qc_run/' && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Record run' }).click(),
    ]);
    const run = (await recorded.json()) as { id: number; verdict: string; results: { material: number }[] };
    expect(run.verdict).toBe('rejected');
    await page.getByTestId('qc-verdict').getByTestId('ncr-report-link').click();
    await page.waitForURL((url) => url.pathname === '/non-conformity/new' && url.searchParams.get('ref') === String(run.id));
    const form = page.getByTestId('ncr-form');
    await expect.poll(() => form.locator('#title').inputValue()).toContain('QC run rejected');
    expect(await form.locator('#title').inputValue()).toContain(urea.name);
    expect(await form.getByRole('radio', { name: /^Major/ }).isChecked()).toBe(true);
    expect(await page.getByTestId('ncr-draft-notice').textContent()).toContain('From a rejected QC run');
    // leaving the form saves nothing
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/non-conformity');
    expect((await analyst<{ count: number }>('GET', '/api/non_conformity_report/?page_size=5')).count).toBe(before.count);
    await page.context().close();

    // an accepted run after it, so urea's patients' results are not held for the tests that follow
    const configs = await analyst<{ results: { id: number; target_mean: number }[] }>('GET', '/api/qc_test_config/?page=1&page_size=100');
    const mean = new Map(configs.results.map((m) => [m.id, m.target_mean]));
    const accepted = await analyst<{ verdict: string }>('POST', '/api/qc_run/', {
      machine: null,
      results: run.results.map((r) => ({ material: r.material, value: mean.get(r.material)! })),
    });
    expect(accepted.verdict).toBe('accepted');
  });
});
