import type { AuthUser } from './auth.js';
import { isFacilityAdmin, isTierUser, roleIn } from './access.js';
import { programKind } from './programs.js';

export const PATHS = {
  globalDashboard: '/administrations/global/dashboard',
  facilityUsers: '/administrations/facility/facilityUsers',
  tierLanding: '/dashboards/public/priority_diseases',
  selectProgram: '/select-program',
  signin: '/signin',
  clinicalFallback: '/clinical/clinical',
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

const PROGRAM_PREFIX = { tb: 'tb', eid: 'eid', vl: 'vl', ph: 'ph' } as const;

/** Where Continue on /select-program (or a change of programme in the header) leads. */
export function landingForProgram(user: UserLike, program: string): string {
  if (user.is_superuser) return PATHS.globalDashboard;
  if (isTierUser(user)) return PATHS.tierLanding;
  const role = roleIn(user, program);
  if (role === 'Admin') return PATHS.facilityUsers;
  const kind = programKind(program);
  if (kind === 'general') {
    switch (role) {
      case 'Analyst':
        return '/clinical/workplan';
      case 'Supervisor':
        return '/clinical/manage-sample';
      case 'Data Clerk':
      case 'Receptionist':
        return '/clinical/lab-order';
      case 'Manager':
      case 'Data Analyst':
        return '/clinical/dashboard';
      default:
        return PATHS.clinicalFallback;
    }
  }
  const prefix = PROGRAM_PREFIX[kind];
  switch (role) {
    case 'Data Clerk':
    case 'Receptionist':
    case 'Supervisor':
      return `/programs/${prefix}-manage-sample`;
    case 'Analyst':
      return `/programs/${prefix}-workplan`;
    case 'Data Analyst':
      return '/programs/ph-dashboard';
    default:
      return `/programs/${prefix}-dashboard`;
  }
}
