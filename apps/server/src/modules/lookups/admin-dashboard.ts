import { and, asc, count, countDistinct, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../core/db.js';
import { facilities, facilityPrograms } from '../facilities/facilities.table.js';
import { states } from '../geo/geo.table.js';
import { programs } from '../programs/programs.table.js';
import { userProgramRoles, users } from '../users/users.table.js';

/** The super admin's overview: facilities by type and state, users by role, programmes in use. */
export async function adminDashboard(db: Db) {
  const active = eq(facilities.isActive, true);
  const byType = await db.select({ facility_type: facilities.facilityType, count: count() }).from(facilities).where(active).groupBy(facilities.facilityType);
  const byState = await db
    .select({ state: states.id, state_name: states.name, code: states.code, count: count(facilities.id) })
    .from(states)
    .leftJoin(facilities, and(eq(facilities.stateId, states.id), active))
    .groupBy(states.id, states.name, states.code)
    .orderBy(asc(states.name));
  const byRole = await db
    .select({ role: userProgramRoles.role, count: countDistinct(userProgramRoles.userId) })
    .from(userProgramRoles)
    .innerJoin(users, and(eq(users.id, userProgramRoles.userId), eq(users.isActive, true)))
    .groupBy(userProgramRoles.role)
    .orderBy(desc(countDistinct(userProgramRoles.userId)));
  const [tier] = await db
    .select({ count: count() })
    .from(users)
    .where(and(isNotNull(users.userLocation), eq(users.isActive, true)));
  const [allUsers] = await db.select({ count: count() }).from(users).where(eq(users.isActive, true));
  const programsInUse = await db
    .select({ program: programs.name, facilities: count(facilityPrograms.facilityId) })
    .from(programs)
    .leftJoin(facilityPrograms, eq(facilityPrograms.programId, programs.id))
    .groupBy(programs.id, programs.name)
    .orderBy(asc(programs.id));
  return {
    totals: {
      facilities: byType.reduce((sum, r) => sum + Number(r.count), 0),
      users: Number(allUsers?.count ?? 0),
      tier_users: Number(tier?.count ?? 0),
      active_programs: programsInUse.filter((p) => Number(p.facilities) > 0).length,
    },
    facilities_by_type: byType.map((r) => ({ ...r, count: Number(r.count) })),
    facilities_by_state: byState.map((r) => ({ ...r, count: Number(r.count) })),
    users_by_role: [...byRole.map((r) => ({ role: r.role, count: Number(r.count) })), { role: 'Tier User', count: Number(tier?.count ?? 0) }],
    programs: programsInUse.map((r) => ({ ...r, facilities: Number(r.facilities) })),
  };
}
