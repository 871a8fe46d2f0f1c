import { accessContext, landingAfterLogin, landingForProgram, sidebarFor, truncate, userPrograms, type AuthUser } from '@nlims/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signIn } from './browser.js';
import { serverURL, sharedBrowser } from './suite.js';

const baseURL = serverURL();
const DEMO_USERS = [
  'superadmin',
  'fed_tier',
  'lagos_tier',
  'ikeja_tier',
  'clin_admin',
  'clin_manager',
  'clin_supervisor',
  'clin_receptionist',
  'clin_analyst',
  'clin_clerk',
  'clin_data_analyst',
  'ph_admin',
  'ph_supervisor',
  'ph_receptionist',
  'ph_analyst',
  'ph_clerk',
  'ph_data_analyst',
  'kano_supervisor',
];

/** Spot checks written out by hand, independent of the shared rules. */
const MUST: Record<string, { has: string[]; lacks: string[]; landing: string }> = {
  superadmin: {
    landing: '/administrations/global/dashboard',
    has: ['/administrations/global/manageFacility', '/non-conformity'],
    lacks: ['/clinical/lab-order', '/dashboards/federal_tb', '/file-management/upload-files'],
  },
  fed_tier: {
    landing: '/dashboards/public/priority_diseases',
    has: ['/dashboards/federal_malaria', '/dashboards/federal_lassa'],
    lacks: ['/dashboards/state_malaria', '/clinical/dashboard', '/file-management/documents', '/non-conformity'],
  },
  lagos_tier: {
    landing: '/dashboards/public/priority_diseases',
    has: ['/dashboards/state_covid'],
    lacks: ['/dashboards/federal_covid', '/dashboards/lga_covid'],
  },
  ikeja_tier: { landing: '/dashboards/public/priority_diseases', has: ['/dashboards/lga_hiv'], lacks: ['/dashboards/state_hiv'] },
  clin_admin: {
    landing: '/administrations/facility/facilityUsers',
    has: ['/administrations/facility/tat', '/commodities/asset'],
    lacks: ['/administrations/facility/machineSetting', '/clinical/lab-order'],
  },
  ph_admin: {
    landing: '/administrations/facility/facilityUsers',
    has: ['/administrations/facility/machineSetting', '/administrations/facility/manage-qc-test-config'],
    lacks: ['/programs/tb-workplan'],
  },
  clin_receptionist: {
    landing: '/clinical/lab-order',
    has: ['/clinical/sample-reception', '/clinical/dashboard'],
    lacks: ['/clinical/approve-results', '/clinical/workplan'],
  },
  clin_analyst: { landing: '/clinical/workplan', has: ['/clinical/enter-results'], lacks: ['/clinical/validate-results', '/clinical/lab-order'] },
  clin_supervisor: {
    landing: '/clinical/manage-sample',
    has: ['/clinical/validate-results', '/clinical/approve-results', '/manage-result'],
    lacks: ['/administrations/facility/facilityUsers'],
  },
  clin_manager: { landing: '/clinical/dashboard', has: ['/clinical/report'], lacks: ['/clinical/lab-order', '/clinical/enter-results'] },
  clin_data_analyst: { landing: '/clinical/dashboard', has: ['/manage-result', '/clinical/report'], lacks: ['/clinical/lab-order', '/clinical/workplan'] },
  clin_clerk: { landing: '/clinical/lab-order', has: ['/clinical/enter-results', '/clinical/complete-entry'], lacks: ['/clinical/sample-reception'] },
  ph_supervisor: { landing: '/programs/tb-manage-sample', has: ['/dispatch', '/programs/tb-approve-results'], lacks: ['/programs/ph-manage-sample'] },
  ph_receptionist: { landing: '/programs/tb-manage-sample', has: ['/programs/tb-sample-reception', '/dispatch'], lacks: ['/programs/tb-workplan'] },
  ph_analyst: { landing: '/programs/tb-workplan', has: ['/programs/tb-manual-result'], lacks: ['/programs/tb-validate-result'] },
  ph_clerk: { landing: '/programs/tb-manage-sample', has: ['/programs/tb-manual-result'], lacks: ['/programs/tb-workplan'] },
  ph_data_analyst: { landing: '/programs/ph-dashboard', has: ['/programs/tb-dashboard'], lacks: ['/programs/tb-manage-sample'] },
  kano_supervisor: { landing: '/programs/tb-manage-sample', has: ['/programs/tb-workplan'], lacks: ['/programs/eid-workplan'] },
};

async function me(username: string): Promise<AuthUser> {
  const login = await fetch(`${baseURL}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  return (await (await fetch(`${baseURL}/api/users/me/`, { headers: { authorization: `Bearer ${token}` } })).json()) as AuthUser;
}

const sidebarLinks = (page: Page) => page.locator('.app-sider a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!).sort());

const browser = sharedBrowser();

describe('every demo user lands where SPEC §4 says and sees exactly their sidebar', () => {
  for (const username of DEMO_USERS) {
    it(username, async () => {
      const user = await me(username);
      const page = await (await browser().newContext({ baseURL, viewport: { width: 1366, height: 900 } })).newPage();
      await signIn(page, username);
      const first = landingAfterLogin(user);
      await page.waitForURL((url) => url.pathname === first);
      let program: string | null = null;
      if (first === '/select-program') {
        const programs = userPrograms(user);
        program = programs[0]!;
        const tiles = page.locator('.prog-tile');
        await expect.poll(() => tiles.count()).toBe(programs.length);
        const names = await page.locator('.prog-tile__name').allTextContents();
        expect(names).toEqual(programs.map((p) => truncate(p, 20)));
        const proceed = page.getByRole('button', { name: 'Continue' });
        if (programs.length === 1) {
          // the only programme is already chosen, without the "selected" notice: Continue is one click
          expect(await proceed.isEnabled()).toBe(true);
          expect(await page.locator('.prog-tile[aria-pressed="true"]').count()).toBe(1);
          expect(await page.locator('.prog__alert').textContent()).toBe(`You have selected ${program}. Select Continue to proceed.`);
          await page.waitForTimeout(300);
          expect(await page.getByText('Program Selected').count()).toBe(0);
        } else {
          expect(await proceed.isDisabled()).toBe(true);
        }
        await tiles.first().click();
        await expect.poll(() => page.getByText('Program Selected').count()).toBeGreaterThan(0);
        expect(await page.getByText(`You have selected ${program}`).count()).toBeGreaterThan(0);
        await proceed.click();
        await page.waitForURL((url) => url.pathname === landingForProgram(user, program!));
      }
      expect(new URL(page.url()).pathname).toBe(MUST[username]!.landing);
      // the pages of the user's groups, and the help page at the sidebar's foot for everyone
      const expected = [...sidebarFor(accessContext(user, program)).flatMap((g) => g.pages.map((p) => p.path)), '/help'].sort();
      await expect.poll(() => sidebarLinks(page)).toEqual(expected);
      const links = await sidebarLinks(page);
      for (const path of MUST[username]!.has) expect(links, `${username} has ${path}`).toContain(path);
      for (const path of MUST[username]!.lacks) expect(links, `${username} lacks ${path}`).not.toContain(path);
      await page.context().close();
    });
  }
});

describe('header', () => {
  it('labels the super admin, tier users and roles, and cuts long names', async () => {
    const page = await (await browser().newContext({ baseURL, viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(page, 'superadmin');
    await expect.poll(() => page.locator('.app-header').textContent()).toContain('Global Admin');
    await page.context().close();
    const tier = await (await browser().newContext({ baseURL, viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(tier, 'lagos_tier');
    await expect.poll(() => tier.locator('.app-header').textContent()).toContain('State Tier User');
    await tier.context().close();
  });

  it('re-routes when the programme is changed from the header', async () => {
    const page = await (await browser().newContext({ baseURL, viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(page, 'ph_supervisor');
    await page.locator('.prog-tile').first().click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/programs/tb-manage-sample');
    expect(await page.locator('.app-header').textContent()).toContain('Supervisor');
    await page.locator('.app-program-select').click();
    await page.locator('.ant-select-item-option[title="Lassa Fever"]').click();
    await page.waitForURL('**/programs/ph-manage-sample');
    await page.locator('.app-program-select').click();
    await page.locator('.ant-select-item-option[title="Viral Load"]').click();
    await page.waitForURL('**/programs/vl-manage-sample');
    await page.context().close();
  });

  it('shows the programme as plain text for a facility admin', async () => {
    const page = await (await browser().newContext({ baseURL, viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(page, 'clin_admin');
    await expect.poll(() => page.locator('.app-program-text').count()).toBe(1);
    expect(await page.locator('.app-program-select').count()).toBe(0);
    await page.context().close();
  });
});
