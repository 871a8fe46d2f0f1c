import { describe, expect, it } from 'vitest';
import { accessContext, roleLabel } from './access.js';
import { clinical, publicLab, superadmin, tier, user } from './fixtures.test-helpers.js';
import { findPage, groupOf, NAV_PAGES, sidebarFor } from './nav.js';
import { truncate } from './text.js';
import type { AuthUser } from './auth.js';

const links = (u: AuthUser, program: string | null) =>
  sidebarFor(accessContext(u, program))
    .flatMap((g) => g.pages.map((p) => p.path))
    .sort();

/** A facility's own people find its files and its non-conformity reports. */
const FILES = ['/file-management/documents', '/file-management/recent-files', '/file-management/recent-folders', '/file-management/upload-files'];
const ALWAYS = [...FILES, '/non-conformity'];

describe('sidebar visibility (SPEC §6)', () => {
  it('shows the super admin global administration only', () => {
    expect(links(superadmin, null)).toEqual(
      [
        '/administrations/global/dashboard',
        '/administrations/global/manageFacility',
        '/administrations/global/tierUsers',
        '/administrations/global/testResultConfiguration',
        '/administrations/global/referenceData',
        '/administrations/global/changePassword',
        '/interoperability/dhis2',
        '/non-conformity',
      ].sort(),
    );
  });

  it('shows a facility admin facility administration, inventory and consumables; lab settings only at public or private labs', () => {
    const admin = [
      ...['facilityUsers', 'testService', 'tat', 'testMeasures', 'notifications'].map((p) => `/administrations/facility/${p}`),
      '/interoperability/api-clients',
    ];
    const stock = ['createAsset', 'asset', 'bulkCheckOutAsset', 'createConsumable', 'consumable'].map((p) => `/commodities/${p}`);
    expect(links(clinical('Admin'), null)).toEqual([...admin, ...stock, ...ALWAYS].sort());
    const lab = ['/administrations/facility/machineSetting', '/administrations/facility/manage-qc-test-config'];
    expect(links(publicLab('Admin'), null)).toEqual([...admin, ...lab, ...stock, ...ALWAYS].sort());
    expect(links(user({ facility_type: 'private', programs_roles: [{ programs: 'General', roles: 'Admin' }] }), null)).toEqual(expect.arrayContaining(lab));
  });

  it('shows tier users the dashboards of their level', () => {
    const d = (level: string) => ['malaria', 'hiv', 'tb', 'covid', 'lassa'].map((x) => `/dashboards/${level}_${x}`);
    expect(links(tier(1), null)).toEqual(['/dashboards/public/priority_diseases', ...d('federal'), '/reports'].sort());
    expect(links(tier(2), null)).toEqual(['/dashboards/public/priority_diseases', ...d('state'), '/reports'].sort());
    expect(links(tier(3), null)).toEqual(['/dashboards/public/priority_diseases', ...d('lga'), '/reports'].sort());
  });

  it('opens /reports to tier users among their dashboards, to facility staff under analytics, not to admins', () => {
    const reports = findPage('/reports')!;
    const groupOfReports = (u: AuthUser, program: string | null) => sidebarFor(accessContext(u, program)).find((g) => g.pages.includes(reports))?.group;
    for (const level of [1, 2, 3] as const) {
      const ctx = accessContext(tier(level), null);
      expect(reports.allow(ctx), `tier ${level}`).toBe(true);
      expect(groupOf(reports, ctx)).toBe('tierDashboards');
      expect(groupOfReports(tier(level), null)).toBe('tierDashboards');
      // after the dashboards, which the tier user lands on
      expect(
        sidebarFor(ctx)
          .find((g) => g.group === 'tierDashboards')!
          .pages.at(-1),
      ).toBe(reports);
    }
    for (const role of ['Manager', 'Supervisor', 'Analyst', 'Data Clerk', 'Receptionist', 'Data Analyst']) {
      expect(groupOfReports(clinical(role), 'General'), role).toBe('analytics');
      expect(groupOfReports(publicLab(role), 'Tuberculosis'), role).toBe('analytics');
    }
    for (const [u, program] of [
      [superadmin, null],
      [clinical('Admin'), 'General'],
      [publicLab('Admin'), 'Lassa Fever'],
    ] as const) {
      expect(reports.allow(accessContext(u, program))).toBe(false);
      expect(links(u, program)).not.toContain('/reports');
    }
  });

  const has = (u: AuthUser, program: string, path: string) => links(u, program).includes(path);

  it('follows the clinical General programme rules per role', () => {
    const rules: [string, string[]][] = [
      ['/clinical/dashboard', ['Manager', 'Supervisor', 'Analyst', 'Data Clerk', 'Receptionist', 'Data Analyst']],
      ['/clinical/report', ['Manager', 'Supervisor', 'Analyst', 'Data Clerk', 'Receptionist', 'Data Analyst']],
      ['/manage-result', ['Supervisor', 'Data Analyst']],
      ['/clinical/complete-entry', ['Supervisor', 'Receptionist', 'Data Clerk']],
      ['/clinical/lab-order', ['Supervisor', 'Receptionist', 'Data Clerk']],
      ['/clinical/manage-sample', ['Supervisor', 'Receptionist', 'Data Clerk']],
      ['/clinical/sample-reception', ['Supervisor', 'Receptionist']],
      ['/clinical/workplan', ['Analyst', 'Supervisor']],
      ['/clinical/enter-results', ['Data Clerk', 'Supervisor', 'Analyst']],
      ['/clinical/validate-results', ['Supervisor']],
      ['/clinical/approve-results', ['Supervisor']],
    ];
    for (const [path, allowed] of rules) {
      for (const role of ['Admin', 'Manager', 'Supervisor', 'Analyst', 'Data Clerk', 'Receptionist', 'Data Analyst']) {
        expect(has(clinical(role), 'General', path), `${role} ${path}`).toBe(allowed.includes(role));
      }
    }
  });

  it('follows the other programmes rules per role', () => {
    const rules: [string, string[]][] = [
      ['/programs/tb-manage-sample', ['Receptionist', 'Data Clerk', 'Supervisor']],
      ['/programs/tb-sample-reception', ['Receptionist', 'Data Clerk', 'Supervisor']],
      // Supervisors dispatch; those who receive samples receive the shipments coming in.
      ['/dispatch', ['Receptionist', 'Data Clerk', 'Supervisor']],
      ['/programs/tb-workplan', ['Analyst', 'Supervisor']],
      ['/programs/tb-manual-result', ['Data Clerk', 'Analyst', 'Supervisor']],
      ['/programs/tb-validate-result', ['Supervisor']],
      ['/programs/tb-approve-results', ['Supervisor']],
    ];
    for (const [path, allowed] of rules) {
      for (const role of ['Admin', 'Supervisor', 'Analyst', 'Data Clerk', 'Receptionist', 'Data Analyst']) {
        expect(has(publicLab(role), 'Tuberculosis', path), `${role} ${path}`).toBe(allowed.includes(role));
      }
    }
    const ph: [string, string[]][] = [
      ['/programs/ph-manage-sample', ['Receptionist', 'Data Clerk', 'Supervisor']],
      ['/programs/ph-rejected-sample', ['Receptionist', 'Data Clerk', 'Supervisor']],
      ['/programs/ph-worksheet', ['Analyst', 'Supervisor']],
      ['/programs/ph-quality-control', ['Analyst', 'Supervisor']],
      ['/programs/ph-manual-result', ['Data Clerk', 'Analyst', 'Supervisor']],
      ['/programs/ph-approve-results', ['Supervisor']],
    ];
    for (const [path, allowed] of ph) {
      for (const role of ['Supervisor', 'Analyst', 'Data Clerk', 'Receptionist', 'Data Analyst']) {
        expect(has(publicLab(role), 'Lassa Fever', path), `${role} ${path}`).toBe(allowed.includes(role));
      }
    }
  });

  it('shows a data analyst only analytics, and no operational links to admins or super admins', () => {
    const operational = NAV_PAGES.filter((p) => p.group === 'samples' || p.group === 'worksheets').map((p) => p.path);
    for (const u of [clinical('Data Analyst'), publicLab('Data Analyst'), clinical('Admin'), superadmin]) {
      for (const program of ['General', 'Tuberculosis', 'COVID-19']) {
        expect(links(u, program).filter((p) => operational.includes(p))).toEqual([]);
      }
    }
  });

  it("shows file management and non-conformity to a facility's own people, whatever their role", () => {
    for (const u of [clinical('Admin'), publicLab('Admin'), clinical('Analyst'), publicLab('Receptionist'), clinical('Data Analyst')]) {
      expect(links(u, 'General')).toEqual(expect.arrayContaining(ALWAYS));
    }
  });

  it('hides the links a role cannot use: no files for the super admin or officials, no non-conformity for officials', () => {
    for (const [who, u] of [
      ['super admin', superadmin],
      ['federal', tier(1)],
      ['state', tier(2)],
      ['LGA', tier(3)],
    ] as const) {
      const ctx = accessContext(u, null);
      expect(
        links(u, null).filter((p) => FILES.includes(p)),
        who,
      ).toEqual([]);
      // a typed address meets the route guard's refusal, the same rule
      for (const path of FILES) expect(findPage(path)!.allow(ctx), `${who} ${path}`).toBe(false);
    }
    // the super admin reads every facility's monthly counts there; an official has nothing to read
    expect(links(superadmin, null)).toContain('/non-conformity');
    for (const level of [1, 2, 3] as const) {
      expect(links(tier(level), null)).not.toContain('/non-conformity');
      expect(findPage('/non-conformity')!.allow(accessContext(tier(level), null))).toBe(false);
    }
  });

  it('opens the help page to everyone, outside the sidebar groups', () => {
    for (const u of [superadmin, tier(1), clinical('Admin'), clinical('Receptionist'), publicLab('Analyst')]) {
      expect(findPage('/help')!.allow(accessContext(u, 'General'))).toBe(true);
    }
    expect(findPage('/help')!.group).toBeUndefined();
  });

  it('lets the route guard and the sidebar agree: every landing page is allowed for its user', () => {
    expect(findPage('/clinical/lab-order')!.allow(accessContext(clinical('Receptionist'), 'General'))).toBe(true);
    expect(findPage('/clinical/lab-order')!.allow(accessContext(clinical('Analyst'), 'General'))).toBe(false);
    expect(findPage('/user-profile/alice')?.key).toBe('userProfile');
    expect(findPage('/no/such/page')).toBeUndefined();
  });
});

describe('header labels', () => {
  it('names the role, Global Admin, or the tier', () => {
    expect(roleLabel(superadmin, null)).toBe('Global Admin');
    expect(roleLabel(tier(1), null)).toBe('Federal Tier User');
    expect(roleLabel(tier(3), null)).toBe('LGA Tier User');
    expect(roleLabel(publicLab('Analyst'), 'EID')).toBe('Analyst');
    expect(roleLabel(clinical('Admin'), null)).toBe('Admin');
  });

  it('truncates with an ellipsis', () => {
    expect(truncate('Measles and Rubella Programme', 20)).toBe('Measles and Rubella …');
    expect(truncate('Viral Load', 20)).toBe('Viral Load');
  });
});
