import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { USER_LOCATIONS, type AuthUser, type ChangePasswordRequest, type FacilityType } from '@nlims/contracts';
import type { Db } from '../../core/db.js';
import { forbidden, notFound, ValidationError } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { revokeUserSessions } from '../auth/auth.service.js';
import { checkPassword, hashPassword } from '../auth/passwords.js';
import { assertPasswordAllowed } from '../auth/password-policy.js';
import { facilities, facilityPrograms } from '../facilities/facilities.table.js';
import { programs } from '../programs/programs.table.js';
import { lgas, states } from '../geo/geo.table.js';
import { isFacilityAdminPrincipal, type Principal } from './principal.js';
import { loadManagedUser, requireManageable } from './user-admin.js';
import { users } from './users.table.js';

const facilityState = alias(states, 'facility_state');
const facilityLga = alias(lgas, 'facility_lga');

/** The authenticated user of SPEC §3. */
export async function getMe(db: Db, principal: Principal): Promise<AuthUser> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      is_superuser: users.isSuperuser,
      facility: users.facilityId,
      facility_name: facilities.facilityName,
      facility_code: facilities.facilityCode,
      facility_type: facilities.facilityType,
      facility_address: facilities.address,
      facility_lga: facilityLga.name,
      facility_state: facilityState.name,
      user_location: users.userLocation,
      states: users.stateId,
      state_name: states.name,
      lga: users.lgaId,
      lga_name: lgas.name,
      department: users.department,
    })
    .from(users)
    .leftJoin(facilities, eq(facilities.id, users.facilityId))
    .leftJoin(facilityState, eq(facilityState.id, facilities.stateId))
    .leftJoin(facilityLga, eq(facilityLga.id, facilities.lgaId))
    .leftJoin(states, eq(states.id, users.stateId))
    .leftJoin(lgas, eq(lgas.id, users.lgaId))
    .where(eq(users.id, principal.id));
  if (!row) throw notFound();
  const location = row.user_location as keyof typeof USER_LOCATIONS | null;
  const offered = row.facility
    ? await db
        .select({ name: programs.name })
        .from(facilityPrograms)
        .innerJoin(programs, eq(programs.id, facilityPrograms.programId))
        .where(eq(facilityPrograms.facilityId, row.facility))
        .orderBy(programs.id)
    : [];
  return {
    ...row,
    facility_type: row.facility_type as FacilityType | null,
    programs_roles: principal.roles.map((r) => ({ programs: r.program, roles: r.role })),
    facility_programs: offered.map((o) => o.name),
    user_location_name: location ? (USER_LOCATIONS[location] ?? null) : null,
  };
}

/**
 * Change a password: users their own (proving the old one); an administrator
 * resets one of a user it manages (users/user-admin.ts: the super admin
 * anyone, a facility admin only users whose every role lies in programmes it
 * administers). A reset by someone else signs the user out everywhere.
 */
export async function changePassword(db: Db, principal: Principal, input: ChangePasswordRequest, address: string): Promise<void> {
  const self = input.username === principal.username;
  if (!self && !principal.isSuperuser && !isFacilityAdminPrincipal(principal)) throw forbidden();
  const target = self
    ? await loadManagedUser(db, { username: input.username })
    : await db.transaction((tx) => requireManageable(tx, principal, { username: input.username }, 'forbidden'));
  if (!target) throw notFound();
  if (self) {
    const [row] = await db.select().from(users).where(eq(users.id, target.id));
    if (!input.old_password) throw ValidationError.field('old_password', 'This field is required.');
    if (!(await checkPassword(db, row!, input.old_password, address)))
      throw ValidationError.field('old_password', 'Your old password was entered incorrectly.');
  }
  const [row] = await db.select().from(users).where(eq(users.id, target.id));
  const [facility] =
    target.facilityId != null ? await db.select({ name: facilities.facilityName }).from(facilities).where(eq(facilities.id, target.facilityId)) : [];
  await assertPasswordAllowed(input.password, { ...row!, facilityName: facility?.name });
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, target.id));
    // Everywhere else is signed out: all sessions after a reset, the user's other sessions after their own change.
    await revokeUserSessions(tx, target.id, { reason: 'password', except: self ? principal.sessionId : null });
    await recordAudit(tx, principal, {
      action: self ? 'password.changed' : 'password.reset',
      entity: 'user',
      entityId: String(target.id),
      after: { username: target.username, by: principal.username },
    });
  });
}

/** Disable or re-enable a user it manages (toggle); disabling signs them out everywhere. Nobody disables themselves. */
export async function toggleUserActive(db: Db, principal: Principal, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (userId === principal.id) throw ValidationError.field('non_field_errors', 'You cannot disable your own account.');
    const target = await requireManageable(tx, principal, { id: userId });
    const isActive = !target.isActive;
    await tx.update(users).set({ isActive }).where(eq(users.id, userId));
    if (!isActive) await revokeUserSessions(tx, userId, { reason: 'disabled' });
    await recordAudit(tx, principal, {
      action: isActive ? 'user.enabled' : 'user.disabled',
      entity: 'user',
      entityId: String(userId),
      before: { username: target.username, is_active: target.isActive },
      after: { username: target.username, is_active: isActive, programs_roles: target.roles },
    });
    return isActive;
  });
}
