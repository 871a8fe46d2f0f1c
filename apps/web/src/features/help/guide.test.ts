import { accessContext } from '@nlims/contracts';
import { clinical, publicLab, superadmin, tier, user } from '@nlims/contracts/test-fixtures';
import { describe, expect, it } from 'vitest';
import { guideOf, reportTo } from './guide';

describe('the help page’s guide and contacts for each role', () => {
  it('gives each role its own guide', () => {
    expect(guideOf(accessContext(superadmin, null))).toBe('superAdmin');
    for (const level of [1, 2, 3] as const) expect(guideOf(accessContext(tier(level), null))).toBe('official');
    expect(guideOf(accessContext(clinical('Admin'), null))).toBe('facilityAdmin');
    expect(guideOf(accessContext(clinical('Receptionist'), 'General'))).toBe('receptionist');
    expect(guideOf(accessContext(clinical('Data Clerk'), 'General'))).toBe('dataClerk');
    expect(guideOf(accessContext(publicLab('Supervisor'), 'Tuberculosis'))).toBe('supervisor');
    expect(guideOf(accessContext(publicLab('Analyst'), 'Tuberculosis'))).toBe('analyst');
    expect(guideOf(accessContext(publicLab('Data Analyst'), 'Tuberculosis'))).toBe('dataAnalyst');
    expect(guideOf(accessContext(clinical('Manager'), 'General'))).toBe('manager');
  });

  it('falls back to the general guide for staff before a programme is chosen', () => {
    expect(guideOf(accessContext(clinical('Analyst'), null))).toBe('staff');
  });

  it('sends staff to their facility’s administrators, and administrators, officials and the super admin to the system’s', () => {
    expect(reportTo(accessContext(clinical('Receptionist'), 'General'))).toBe('facility');
    expect(reportTo(accessContext(publicLab('Supervisor'), 'Tuberculosis'))).toBe('facility');
    expect(reportTo(accessContext(clinical('Admin'), null))).toBe('system');
    expect(reportTo(accessContext(user({ programs_roles: [{ programs: 'General', roles: 'Admin' }] }), 'General'))).toBe('system');
    expect(reportTo(accessContext(tier(2), null))).toBe('system');
    expect(reportTo(accessContext(superadmin, null))).toBe('system');
  });
});
