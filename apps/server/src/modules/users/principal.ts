import { eq } from 'drizzle-orm';
import type { Role } from '@nlims/contracts';
import type { Tx } from '../../core/db.js';
import { facilities } from '../facilities/facilities.table.js';
import { programs } from '../programs/programs.table.js';
import { userProgramRoles, users } from './users.table.js';

/** Who is calling: what every authorisation decision on the server reads. */
export interface Principal {
  id: number;
  username: string;
  isSuperuser: boolean;
  isActive: boolean;
  facilityId: number | null;
  facilityType: string | null;
  userLocation: number | null;
  stateId: number | null;
  lgaId: number | null;
  roles: { program: string; programId: number; role: Role }[];
}

export async function loadPrincipal(db: Tx, userId: number): Promise<Principal | null> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      isSuperuser: users.isSuperuser,
      isActive: users.isActive,
      facilityId: users.facilityId,
      facilityType: facilities.facilityType,
      userLocation: users.userLocation,
      stateId: users.stateId,
      lgaId: users.lgaId,
    })
    .from(users)
    .leftJoin(facilities, eq(facilities.id, users.facilityId))
    .where(eq(users.id, userId));
  if (!row) return null;
  const roles = await db
    .select({ program: programs.name, programId: programs.id, role: userProgramRoles.role })
    .from(userProgramRoles)
    .innerJoin(programs, eq(programs.id, userProgramRoles.programId))
    .where(eq(userProgramRoles.userId, userId))
    .orderBy(programs.id);
  return { ...row, roles: roles as Principal['roles'] };
}

export const isFacilityAdminPrincipal = (p: Principal) => !p.isSuperuser && p.roles.some((r) => r.role === 'Admin');
