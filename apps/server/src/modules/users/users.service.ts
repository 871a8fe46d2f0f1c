import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { USER_LOCATIONS, type AuthUser, type ChangePasswordRequest, type FacilityType } from '@nlims/contracts';
import type { Db, Tx } from '../../core/db.js';
import { forbidden, notFound, ValidationError } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { facilities, facilityPrograms } from '../facilities/facilities.table.js';
import { programs } from '../programs/programs.table.js';
import { lgas, states } from '../geo/geo.table.js';
import { isFacilityAdminPrincipal, type Principal } from './users.principal.js';
import { assertPasswordAllowed } from './users.password-policy.js';
import { checkPassword, hashPassword } from './users.passwords.js';
import { userSessionsEnd } from './users.session-end.js';
import { loadManagedUser, requireManageable } from './users.admin.js';
import { users } from './users.table.js';

/**
 * The users service, the one entry other modules, the command line and the seed use: the account pages here, the
 * caller (users.principal.ts), who administers whom (users.admin.ts), a user's name as the pages show it
 * (users.name.ts), the hook that ends a user's sessions (users.session-end.ts), passwords (users.passwords.ts), their
 * policy (users.password-policy.ts) and the throttle of every password check (users.password-throttle.ts).
 */
export { administeredBy, type ManagedUser, mayManage, requireMayGrant, requireNotOwnRoles } from './users.admin.js';
export { userName } from './users.name.js';
export { assertPasswordAllowed, MIN_SCORE, type PasswordContext, passwordProblems } from './users.password-policy.js';
export { attemptSucceeded, THROTTLE, throttleAttempt, throttleClock, TooManyAttempts } from './users.password-throttle.js';
export { burnPasswordCheck, checkPassword, hashPassword, signatureValid, verifyPassword } from './users.passwords.js';
export { isFacilityAdminPrincipal, loadPrincipal, type Principal, staffFacilityOf } from './users.principal.js';
export { type UserSessionsEnd, userSessionsEnd } from './users.session-end.js';

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

/** A new password checked and hashed, for `changePassword` to write. */
export interface PasswordChange {
  targetId: number;
  self: boolean;
  passwordHash: string;
}

/**
 * Change a password, first half (before the transaction): users change their
 * own (proving the old one, through the throttle, whose counters commit on
 * their own); an administrator resets one of a user it manages
 * (users/users.admin.ts: the super admin anyone, a facility admin only users
 * whose every role lies in programmes it administers). The new password is
 * checked against the policy and hashed here, outside any transaction.
 */
export async function preparePasswordChange(db: Db, principal: Principal, input: ChangePasswordRequest, address: string): Promise<PasswordChange> {
  const self = input.username === principal.username;
  if (!self && !principal.isSuperuser && !isFacilityAdminPrincipal(principal)) throw forbidden();
  // Whom an administrator may reset is checked here for a quick refusal, and again under a lock in `changePassword`.
  if (!self) await db.transaction((tx) => requireManageable(tx, principal, { username: input.username }, 'forbidden'));
  const [target] = await db.select().from(users).where(eq(users.username, input.username));
  if (!target) throw notFound();
  if (self) {
    if (!input.old_password) throw ValidationError.field('old_password', 'This field is required.');
    if (!(await checkPassword(db, target, input.old_password, address)))
      throw ValidationError.field('old_password', 'Your old password was entered incorrectly.');
  }
  const [facility] =
    target.facilityId != null ? await db.select({ name: facilities.facilityName }).from(facilities).where(eq(facilities.id, target.facilityId)) : [];
  await assertPasswordAllowed(input.password, { ...target, facilityName: facility?.name });
  return { targetId: target.id, self, passwordHash: await hashPassword(input.password) };
}

/**
 * Change a password, second half, in the caller's transaction: the authority
 * is checked again under a lock on the user (a role may have changed since),
 * then the hash is written; everywhere else is signed out — all sessions after
 * a reset, the user's other sessions after their own change. Audited.
 */
export async function changePassword(tx: Tx, principal: Principal, change: PasswordChange): Promise<void> {
  const target = change.self
    ? await loadManagedUser(tx, { id: change.targetId })
    : await requireManageable(tx, principal, { id: change.targetId }, 'forbidden');
  if (!target) throw notFound();
  await tx.update(users).set({ passwordHash: change.passwordHash }).where(eq(users.id, target.id));
  await userSessionsEnd.run({ tx, userId: target.id, reason: 'password', except: change.self ? principal.sessionId : null });
  await recordAudit(tx, principal, {
    action: change.self ? 'password.changed' : 'password.reset',
    entity: 'user',
    entityId: String(target.id),
    after: { username: target.username, by: principal.username },
  });
}

/** Disable or re-enable a user it manages (toggle), in the caller's transaction; disabling signs them out everywhere. Nobody disables themselves. */
export async function toggleUserActive(tx: Tx, principal: Principal, userId: number): Promise<boolean> {
  if (userId === principal.id) throw ValidationError.field('non_field_errors', 'You cannot disable your own account.');
  const target = await requireManageable(tx, principal, { id: userId });
  const isActive = !target.isActive;
  await tx.update(users).set({ isActive }).where(eq(users.id, userId));
  if (!isActive) await userSessionsEnd.run({ tx, userId, reason: 'disabled' });
  await recordAudit(tx, principal, {
    action: isActive ? 'user.enabled' : 'user.disabled',
    entity: 'user',
    entityId: String(userId),
    before: { username: target.username, is_active: target.isActive },
    after: { username: target.username, is_active: isActive, programs_roles: target.roles },
  });
  return isActive;
}
