import { describe, expect, it } from 'vitest';
import { clinical, publicLab, superadmin, tier, user } from './fixtures.test-helpers.js';
import { landingAfterLogin, landingForProgram } from './landing.js';

describe('landing after sign-in', () => {
  it('sends super admins, tier users and facility admins straight to their pages', () => {
    expect(landingAfterLogin(superadmin)).toBe('/administrations/global/dashboard');
    for (const level of [1, 2, 3] as const) expect(landingAfterLogin(tier(level))).toBe('/dashboards/public/priority_diseases');
    expect(landingAfterLogin(clinical('Admin'))).toBe('/administrations/facility/facilityUsers');
    expect(landingAfterLogin(publicLab('Admin'))).toBe('/administrations/facility/facilityUsers');
  });

  it('sends everyone else to programme selection', () => {
    for (const role of ['Manager', 'Supervisor', 'Receptionist', 'Analyst', 'Data Clerk', 'Data Analyst']) {
      expect(landingAfterLogin(clinical(role))).toBe('/select-program');
      expect(landingAfterLogin(publicLab(role))).toBe('/select-program');
    }
  });
});

describe('landing after Continue', () => {
  it('follows the General programme table (DESIGN §3 readings)', () => {
    const expected: Record<string, string> = {
      Analyst: '/clinical/workplan',
      Supervisor: '/clinical/manage-sample',
      'Data Clerk': '/clinical/lab-order',
      Receptionist: '/clinical/lab-order',
      'Data Analyst': '/clinical/dashboard',
      Manager: '/clinical/dashboard',
      Admin: '/administrations/facility/facilityUsers',
    };
    for (const [role, path] of Object.entries(expected)) expect(landingForProgram(clinical(role), 'General'), role).toBe(path);
    expect(landingForProgram(user({ programs_roles: [{ programs: 'General', roles: 'Someone' }] }), 'General')).toBe('/clinical/clinical');
  });

  it('follows the other programmes table', () => {
    const cases: [string, string, string][] = [
      ['Supervisor', 'Tuberculosis', '/programs/tb-manage-sample'],
      ['Receptionist', 'EID', '/programs/eid-manage-sample'],
      ['Data Clerk', 'Viral Load', '/programs/vl-manage-sample'],
      ['Supervisor', 'Lassa Fever', '/programs/ph-manage-sample'],
      ['Analyst', 'Tuberculosis', '/programs/tb-workplan'],
      ['Analyst', 'EID', '/programs/eid-workplan'],
      ['Analyst', 'Viral Load', '/programs/vl-workplan'],
      ['Analyst', 'COVID-19', '/programs/ph-workplan'],
      ['Data Analyst', 'Tuberculosis', '/programs/ph-dashboard'],
      ['Data Analyst', 'COVID-19', '/programs/ph-dashboard'],
      ['Admin', 'Tuberculosis', '/administrations/facility/facilityUsers'],
    ];
    for (const [role, program, path] of cases) expect(landingForProgram(publicLab(role), program), `${role} ${program}`).toBe(path);
  });
});
