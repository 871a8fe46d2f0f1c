import type { AuthUser } from './auth.js';
import { programKind, type ProgramKind } from './programs.js';
import type { FacilityType, Role } from './roles.js';

/**
 * Everything the routing and sidebar rules need to know about who is looking:
 * derived once from the authenticated user and the selected programme.
 */
export interface AccessContext {
  superuser: boolean;
  /** user_location 1–4 for a tier (government) user, otherwise null. */
  tier: number | null;
  /** Holds the Admin role (facility administrator). */
  admin: boolean;
  /** The role held in the selected programme. */
  role: Role | null;
  program: string | null;
  kind: ProgramKind | null;
  facilityType: FacilityType | null;
}

type UserLike = Pick<AuthUser, 'is_superuser' | 'user_location' | 'programs_roles' | 'facility_type' | 'facility'>;

export function isTierUser(user: UserLike): boolean {
  return !user.is_superuser && user.user_location != null && user.user_location >= 1 && user.user_location <= 4;
}

export function isFacilityAdmin(user: UserLike): boolean {
  return !user.is_superuser && user.programs_roles.some((pr) => pr.roles === 'Admin');
}

/** Programmes in which the user holds a role, each once, in the order held. */
export function userPrograms(user: UserLike): string[] {
  return [...new Set(user.programs_roles.map((pr) => pr.programs))];
}

export function roleIn(user: UserLike, program: string | null | undefined): Role | null {
  if (!program) return null;
  const held = user.programs_roles.find((pr) => pr.programs === program);
  return (held?.roles as Role | undefined) ?? null;
}

/** The programme an admin works in: the first one where they hold Admin. */
export function adminProgram(user: UserLike): string | null {
  return user.programs_roles.find((pr) => pr.roles === 'Admin')?.programs ?? null;
}

export function accessContext(user: UserLike, program: string | null | undefined): AccessContext {
  const superuser = user.is_superuser;
  const tier = isTierUser(user) ? user.user_location : null;
  const admin = isFacilityAdmin(user);
  const selected = admin && !program ? adminProgram(user) : (program ?? null);
  const held = superuser || tier ? null : roleIn(user, selected);
  return {
    superuser,
    tier,
    admin,
    role: held,
    program: held ? selected : null,
    kind: held && selected ? programKind(selected) : null,
    facilityType: user.facility_type,
  };
}

/** The header's role label: the role in the current programme, or the global / tier labels. */
export function roleLabel(
  user: Pick<AuthUser, 'is_superuser' | 'user_location' | 'user_location_name' | 'programs_roles' | 'facility_type' | 'facility'>,
  program: string | null,
): string {
  if (user.is_superuser) return 'Global Admin';
  if (isTierUser(user)) return `${user.user_location_name ?? ''} Tier User`.trim();
  return roleIn(user, program) ?? (isFacilityAdmin(user) ? 'Admin' : '');
}
