import type { AuthUser } from '@nlims/contracts';
import { user as fixtureUser } from '@nlims/contracts/test-fixtures';
import { describe, expect, it } from 'vitest';
import { allowedTarget, homePath, needsProgram } from './home';

// A user of a public laboratory; each case adds its roles or scope.
const user = (patch: Partial<AuthUser>): AuthUser => fixtureUser({ facility_type: 'public', facility_address: null, ...patch });

const supervisor = user({
  programs_roles: [
    { programs: 'Tuberculosis', roles: 'Supervisor' },
    { programs: 'Lassa Fever', roles: 'Supervisor' },
  ],
});
const admin = user({ programs_roles: [{ programs: 'General', roles: 'Admin' }] });
const tier = user({ facility: null, user_location: 2, user_location_name: 'State' });
const superuser = user({ is_superuser: true, facility: null });

describe('landing and programme rules in the web app', () => {
  it('staff need a programme they hold a role in; admins, tier users and super admins do not', () => {
    expect(needsProgram(supervisor, null)).toBe(true);
    expect(needsProgram(supervisor, 'EID')).toBe(true);
    expect(needsProgram(supervisor, 'Lassa Fever')).toBe(false);
    expect(needsProgram(admin, null)).toBe(false);
    expect(needsProgram(tier, null)).toBe(false);
    expect(needsProgram(superuser, null)).toBe(false);
  });

  it('goes home to the programme landing page, or the sign-in landing page, or / when signed out', () => {
    expect(homePath(null, null)).toBe('/');
    expect(homePath(supervisor, null)).toBe('/select-program');
    expect(homePath(supervisor, 'Lassa Fever')).toBe('/programs/ph-manage-sample');
    expect(homePath(admin, null)).toBe('/administrations/facility/facilityUsers');
    expect(homePath(tier, null)).toBe('/dashboards/public/priority_diseases');
    expect(homePath(superuser, null)).toBe('/administrations/global/dashboard');
  });

  it('returns to a remembered page only when the user may open it', () => {
    expect(allowedTarget(supervisor, 'Tuberculosis', '/programs/tb-workplan')).toBe('/programs/tb-workplan');
    expect(allowedTarget(supervisor, 'Tuberculosis', '/clinical/lab-order')).toBeNull();
    expect(allowedTarget(superuser, null, '/user-profile/someone')).toBe('/user-profile/someone');
    expect(allowedTarget(superuser, null, '/nowhere')).toBeNull();
    expect(allowedTarget(superuser, null, undefined)).toBeNull();
  });
});
