import { accessContext, type AuthUser } from '@nlims/contracts';
import { describe, expect, it } from 'vitest';
import { reportPagesFor } from './hub';

const base = {
  id: 1,
  username: 'u',
  first_name: '',
  last_name: '',
  email: '',
  is_superuser: false,
  facility: 1,
  facility_name: 'Lab',
  facility_code: 'L1',
  facility_type: 'public',
  facility_address: '',
  facility_lga: null,
  facility_state: null,
  programs_roles: [],
  facility_programs: [],
  user_location: null,
  user_location_name: null,
  states: null,
  state_name: null,
  lga: null,
  lga_name: null,
  department: null,
} satisfies AuthUser;
const staff = (programs: string[], roles: string): AuthUser => ({ ...base, programs_roles: programs.map((p) => ({ programs: p, roles })) });
const paths = (user: AuthUser, program: string | null) => reportPagesFor(accessContext(user, program)).map((p) => p.path);

describe('the reports hub', () => {
  it("lists the report pages of the selected programme that the user's role opens", () => {
    const lab = staff(['General', 'Tuberculosis', 'EID', 'Viral Load', 'Lassa Fever'], 'Supervisor');
    expect(paths(lab, 'General')).toEqual(['/clinical/report']);
    expect(paths(lab, 'Tuberculosis')).toEqual(['/programs/tb-report']);
    expect(paths(lab, 'EID')).toEqual(['/programs/eid-report']);
    expect(paths(lab, 'Viral Load')).toEqual(['/programs/vl-report']);
    expect(paths(lab, 'Lassa Fever')).toEqual(['/reports/ph-report']);
    expect(paths(staff(['Tuberculosis'], 'Data Analyst'), 'Tuberculosis')).toEqual(['/programs/tb-report']);
  });

  it('lists none for a programme the user holds no role in, an admin or a tier user', () => {
    expect(paths(staff(['General'], 'Supervisor'), 'Tuberculosis')).toEqual([]);
    expect(paths(staff(['General'], 'Admin'), 'General')).toEqual([]);
    expect(paths({ ...base, facility: null, user_location: 2, user_location_name: 'State' }, null)).toEqual([]);
  });
});
