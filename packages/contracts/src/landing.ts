import type { AuthUser } from './auth.js';
import { isFacilityAdmin, isTierUser, roleIn } from './access.js';
import { FAMILIES } from './programmes/families.js';
import { familyOf } from './programmes/registry.js';

export const PATHS = {
  globalDashboard: '/administrations/global/dashboard',
  facilityUsers: '/administrations/facility/facilityUsers',
  tierLanding: '/dashboards/public/priority_diseases',
  selectProgram: '/select-program',
  signin: '/signin',
  clinicalFallback: FAMILIES.general.landing.fallback,
} as const;

type UserLike = Pick<AuthUser, 'is_superuser' | 'user_location' | 'programs_roles' | 'facility_type' | 'facility'>;

/**
 * Where a user goes straight after sign-in (SPEC §4 start-up routing, with
 * DESIGN §3): super admins, tier users and facility admins skip programme
 * selection; everyone else picks a programme first.
 */
export function landingAfterLogin(user: UserLike): string {
  if (user.is_superuser) return PATHS.globalDashboard;
  if (isTierUser(user)) return PATHS.tierLanding;
  if (isFacilityAdmin(user)) return PATHS.facilityUsers;
  return PATHS.selectProgram;
}

/** Where Continue on /select-program (or a change of programme in the header) leads: the programme's own table. */
export function landingForProgram(user: UserLike, program: string): string {
  if (user.is_superuser) return PATHS.globalDashboard;
  if (isTierUser(user)) return PATHS.tierLanding;
  const role = roleIn(user, program);
  if (role === 'Admin') return PATHS.facilityUsers;
  const { landing } = familyOf(program);
  return (role && landing[role]) || landing.fallback;
}
