/**
 * Screenshots of non-conformity reports at Ikeja, as its supervisor sees them: the list, the month's summary, a new
 * report pre-filled from a sample rejected at reception, a report waiting for its classification (the form, the risk
 * worked out), one with an overdue action, and a closed one (also as printed) — desktop and phone, English and Arabic:
 *   npm run build && npx tsx scripts/screenshots-nonconformity.ts [out-dir]
 * The demo's reports are used; one glucose sample is ordered, collected and rejected through the API first. With
 * BASE_URL set, a server already running with demo data is used instead of a fresh one.
 */
import type { NcrItem, Paginated } from '@nlims/contracts';
import type { Browser, Page } from 'playwright-core';
import { launch, signIn } from '../e2e/browser.js';
import { apiAs, type Device, deviceContext, fullPage, outDir, shootEverywhere } from './shots.js';

const out = outDir();
let rejected = 0;
const reports: Record<'reported' | 'overdue' | 'closed', number> = { reported: 0, overdue: 0, closed: 0 };

/** A glucose sample rejected at Ikeja's reception (haemolysed), and the demo's reports to show. */
async function prepare(base: string) {
  const reception = await apiAs(base, 'clin_receptionist');
  const tests = await reception<{ id: number; code: string }[]>('GET', '/api/test_configuration/?program__name=General');
  const client = await reception<{ id: number }>('POST', '/api/clients/', {
    first_name: 'Yetunde',
    last_name: 'Alabi',
    sex: 'female',
    estimated_age_years: 47,
  });
  const placed = await reception<{ samples: { id: number; sample_type: number | null }[] }>('POST', '/api/general_order/', {
    client: client.id,
    test_types: [tests.find((x) => x.code === 'RBG')!.id],
  });
  const sample = placed.samples[0]!;
  await reception('POST', `/api/general_order/${sample.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: sample.sample_type ?? 1 });
  const reasons = await reception<{ id: number; code: string }[]>('GET', '/api/rejection_reason/');
  await reception('POST', `/api/general_order/${sample.id}/reject/`, { rejection_reason: reasons.find((r) => r.code === 'HAEM')!.id, comment: '' });
  rejected = sample.id;
  const supervisor = await apiAs(base, 'clin_supervisor');
  const list = await supervisor<Paginated<NcrItem>>('GET', '/api/non_conformity_report/?page_size=50');
  reports.reported = list.results.find((r) => r.state === 'reported')!.id;
  reports.overdue = (list.results.find((r) => r.overdue_actions > 0) ?? list.results.find((r) => r.state === 'action_planned')!).id;
  reports.closed = list.results.find((r) => r.state === 'closed')!.id;
}

/** Loaded, and scrolled back to the top: the header stays where it belongs in a full-page shot. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(500);
}

async function supervisorPage(browser: Browser, baseURL: string, lang: string, device: Device): Promise<Page> {
  const context = await deviceContext(browser, baseURL, lang, device);
  const page = await context.newPage();
  await signIn(page, 'clin_supervisor');
  if (new URL(page.url()).pathname === '/select-program') {
    await page.locator('.prog-tile').first().click();
    await page.locator('.prog__actions button').last().click();
    await page.waitForURL((url) => url.pathname !== '/select-program');
  }
  return page;
}

/** No part of the page runs past the screen's width (a phone's page scrolls down only). */
async function checkWidth(page: Page, name: string) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (over > 1) console.warn(`${name}: ${over}px wider than the screen`);
}

async function shoot(browser: Browser, baseURL: string, lang: string, device: Device) {
  const name = (what: string) => `ncr-${what}-${device}-${lang}`;
  const page = await supervisorPage(browser, baseURL, lang, device);
  const shot = async (what: string) => {
    await settle(page);
    await checkWidth(page, name(what));
    await fullPage(page, out, name(what));
  };
  await page.goto('/non-conformity');
  await page.locator('.ncr-list :is(tr.ant-table-row, .ncr-cards li)').first().waitFor();
  await shot('list');
  if (device === 'desktop') {
    // the sidebar's entry and its badge: the overdue actions
    const entry = page.locator('.app-sider li.ant-menu-item', { has: page.locator('a[href="/non-conformity"]') });
    await entry.locator('.ant-badge').waitFor();
    await entry.scrollIntoViewIfNeeded();
    await entry.screenshot({ path: `${out}/${name('badge')}.png` });
  }
  await page.goto('/non-conformity?tab=summary');
  await page.getByTestId('ncr-figures').waitFor();
  await shot('summary');
  await page.goto(`/non-conformity/new?source=sample_rejected&ref=${rejected}`);
  await page.getByTestId('ncr-draft-notice').waitFor();
  await shot('new');
  await page.goto(`/non-conformity/${reports.reported}`);
  const classify = page.getByTestId('ncr-classify');
  await classify.waitFor();
  await page.getByTestId('ncr-consequence').locator('.ant-radio-button-wrapper').nth(2).click();
  await page.getByTestId('ncr-likelihood').locator('.ant-radio-button-wrapper').nth(1).click();
  await shot('classify');
  await page.goto(`/non-conformity/${reports.overdue}`);
  await page.getByTestId('ncr-actions').waitFor();
  await shot('actions');
  await page.goto(`/non-conformity/${reports.closed}`);
  await page.getByTestId('ncr-closure').waitFor();
  await shot('closed');
  if (device === 'desktop') {
    // as printed: the report, and the month's summary
    await page.emulateMedia({ media: 'print' });
    await shot('closed-print');
    await page.goto('/non-conformity?tab=summary');
    await page.getByTestId('ncr-figures').waitFor();
    await shot('summary-print');
    await page.emulateMedia({ media: 'screen' });
  }
  await page.context().close();
}

const given = process.env.BASE_URL;
if (given) {
  const browser = await launch();
  try {
    await prepare(given);
    for (const lang of ['en', 'ar']) for (const device of ['desktop', 'phone'] as const) await shoot(browser, given, lang, device);
  } finally {
    await browser.close();
  }
} else {
  await shootEverywhere(shoot, prepare);
}
console.log(`Screenshots in ${out}`);
