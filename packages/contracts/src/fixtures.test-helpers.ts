import type { AuthUser } from './auth.js';

/** Minimal authenticated users shaped like the demo accounts, for rule tests. */
export function user(overrides: Partial<AuthUser>): AuthUser {
  return {
    id: 1,
    username: 'u',
    first_name: '',
    last_name: '',
    email: '',
    is_superuser: false,
    facility: 1,
    facility_name: 'Lab',
    facility_code: 'L1',
    facility_type: 'clinical',
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
    ...overrides,
  };
}

const PH = ['Tuberculosis', 'EID', 'Viral Load', 'Lassa Fever', 'COVID-19'];
export const clinical = (roles: string) => user({ programs_roles: [{ programs: 'General', roles }] });
export const publicLab = (roles: string) => user({ facility_type: 'public', programs_roles: PH.map((programs) => ({ programs, roles })) });
export const superadmin = user({ is_superuser: true, facility: null, facility_type: null });
export const tier = (level: 1 | 2 | 3) =>
  user({ facility: null, facility_type: null, user_location: level, user_location_name: ['Federal', 'State', 'LGA'][level - 1]! });
