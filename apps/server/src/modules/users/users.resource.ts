import { and, eq, inArray, sql } from 'drizzle-orm';
import { userCreateBody, userItem, userUpdateBody, type UserCreateBody } from '@nlims/contracts';
import type { Tx } from '../../core/db.js';
import { forbidden, ValidationError } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { booleanFilter, renameFields, type ResourceDef, type Rule } from '../../core/resource.js';
import { facilities, facilityPrograms } from '../facilities/facilities.table.js';
import { lgas, states } from '../geo/geo.table.js';
import { programs } from '../programs/programs.table.js';
import { assertPasswordAllowed } from './users.password-policy.js';
import { hashPassword } from './users.passwords.js';
import { isFacilityAdminPrincipal, type Principal } from './users.principal.js';
import { userSessionsEnd } from './users.session-end.js';
import { loadManagedUser, type ManagedUser, mayManage, requireManageable, requireMayGrant, requireNotOwnRoles } from './users.admin.js';
import { userProgramRoles, users } from './users.table.js';

type Body = Partial<UserCreateBody>;

const RENAME: Record<string, string> = {
  username: 'username',
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  department: 'department',
  facility: 'facilityId',
  user_location: 'userLocation',
  states: 'stateId',
  lga: 'lgaId',
  is_active: 'isActive',
};

const adminOrSuper: Rule = (p) => p.isSuperuser || isFacilityAdminPrincipal(p);

async function toValues(body: Body) {
  const values = renameFields(body, RENAME);
  if (body.password) values.passwordHash = await hashPassword(body.password);
  return values;
}

const fail = (field: string, message: string): never => {
  throw ValidationError.field(field, message);
};

/**
 * Who a user may be: a tier user has a location (and its state / LGA) and no
 * facility; everyone else belongs to a facility and holds roles only in
 * programmes that facility runs. A facility admin manages only their own
 * facility's users and never creates tier users.
 */
async function validate(tx: Tx, body: Body, principal: Principal, existingId?: number) {
  if (existingId != null) await requireMayChange(tx, principal, existingId, body);
  const [existing] = existingId ? await tx.select().from(users).where(eq(users.id, existingId)) : [];
  const location = body.user_location !== undefined ? body.user_location : (existing?.userLocation ?? null);
  const superuser = principal.isSuperuser;
  const facilityId = superuser ? (body.facility !== undefined ? body.facility : (existing?.facilityId ?? null)) : principal.facilityId;

  if (body.password) {
    const [facility] = facilityId != null ? await tx.select({ name: facilities.facilityName }).from(facilities).where(eq(facilities.id, facilityId)) : [];
    await assertPasswordAllowed(body.password, {
      username: body.username ?? existing?.username,
      firstName: body.first_name ?? existing?.firstName,
      lastName: body.last_name ?? existing?.lastName,
      email: body.email ?? existing?.email,
      facilityName: facility?.name,
    });
  }
  if (!superuser && body.user_location != null) fail('user_location', 'Only the super admin creates tier users.');
  if (location != null) {
    if (facilityId != null) fail('facility', 'A tier user does not belong to a facility.');
    if (body.programs_roles?.length) fail('programs_roles', 'A tier user holds no programme roles.');
    const stateId = body.states !== undefined ? body.states : (existing?.stateId ?? null);
    const lgaId = body.lga !== undefined ? body.lga : (existing?.lgaId ?? null);
    if ((location === 2 || location === 3) && stateId == null) fail('states', 'This field is required for a state or LGA tier user.');
    if (location === 3 && lgaId == null) fail('lga', 'This field is required for an LGA tier user.');
    if (stateId != null && !(await tx.select({ id: states.id }).from(states).where(eq(states.id, stateId))).length) {
      fail('states', `Invalid pk "${stateId}" - object does not exist.`);
    }
    if (lgaId != null) {
      const [lga] = await tx.select({ stateId: lgas.stateId }).from(lgas).where(eq(lgas.id, lgaId));
      if (!lga) fail('lga', `Invalid pk "${lgaId}" - object does not exist.`);
      if (lga!.stateId !== stateId) fail('lga', 'The LGA is not in the chosen state.');
    }
    return;
  }
  if (facilityId == null) return fail('facility', 'This field is required.');
  if (!(await tx.select({ id: facilities.id }).from(facilities).where(eq(facilities.id, facilityId))).length) {
    fail('facility', `Invalid pk "${facilityId}" - object does not exist.`);
  }
  const roles = body.programs_roles ?? [];
  const names = roles.map((r) => r.programs);
  if (new Set(names).size !== names.length) fail('programs_roles', 'A user holds one role per programme.');
  if (!names.length) return;
  const offered = await tx
    .select({ name: programs.name })
    .from(facilityPrograms)
    .innerJoin(programs, eq(programs.id, facilityPrograms.programId))
    .where(and(eq(facilityPrograms.facilityId, facilityId), inArray(programs.name, names)));
  const missing = names.find((n) => !offered.some((o) => o.name === n));
  if (missing) fail('programs_roles', `"${missing}" is not a programme of this facility.`);
  requireMayGrant(principal, roles);
}

/**
 * Editing a user: the caller must manage them (users/users.admin.ts) — except
 * for their own record, where nobody changes their own roles or disables
 * themselves.
 */
async function requireMayChange(tx: Tx, p: Principal, id: number, body: Body) {
  if (id !== p.id) {
    await requireManageable(tx, p, { id });
    return;
  }
  const self = await loadManagedUser(tx, { id });
  requireNotOwnRoles(p, id, self?.roles ?? [], body.programs_roles);
  if (body.is_active === false) throw forbidden('You cannot disable your own account.');
}

async function afterSave(tx: Tx, id: number, body: Body, principal: Principal) {
  if (body.programs_roles) {
    const before = (await loadManagedUser(tx, { id }))!;
    await tx.delete(userProgramRoles).where(eq(userProgramRoles.userId, id));
    if (body.programs_roles.length) {
      const rows = await tx
        .select()
        .from(programs)
        .where(
          inArray(
            programs.name,
            body.programs_roles.map((r) => r.programs),
          ),
        );
      await tx
        .insert(userProgramRoles)
        .values(body.programs_roles.map((r) => ({ userId: id, programId: rows.find((p) => p.name === r.programs)!.id, role: r.roles })));
    }
    await auditRoleChange(tx, principal, before, body.programs_roles);
  }
  // A disabled user is signed out everywhere at once.
  if (body.is_active === false) await userSessionsEnd.run({ tx, userId: id, reason: 'disabled' });
}

/** Who changed whose roles, from what to what: one audit row beside the record's own. */
async function auditRoleChange(tx: Tx, p: Principal, before: ManagedUser, after: readonly { programs: string; roles: string }[]) {
  const key = (r: { programs: string; roles: string }) => `${r.programs}: ${r.roles}`;
  const was = new Set(before.roles.map(key));
  const now = new Set(after.map(key));
  const granted = [...now].filter((r) => !was.has(r));
  const removed = [...was].filter((r) => !now.has(r));
  if (!granted.length && !removed.length) return;
  await recordAudit(tx, p, {
    action: 'user.roles_changed',
    entity: 'user',
    entityId: String(before.id),
    before: { username: before.username, programs_roles: before.roles },
    after: { username: before.username, programs_roles: after, granted, removed },
  });
}

/** Programme roles for a page of users in one query, and whether the caller may manage each. */
async function expand(tx: Tx, rows: Record<string, unknown>[], principal: Principal) {
  const ids = rows.map((r) => r.id as number);
  if (!ids.length) return rows;
  const roles = await tx
    .select({ userId: userProgramRoles.userId, programs: programs.name, roles: userProgramRoles.role })
    .from(userProgramRoles)
    .innerJoin(programs, eq(programs.id, userProgramRoles.programId))
    .where(inArray(userProgramRoles.userId, ids))
    .orderBy(programs.id);
  return rows.map((r) => {
    const held = roles.filter((x) => x.userId === r.id).map(({ programs, roles }) => ({ programs, roles }));
    const target = { id: r.id as number, facilityId: r.facility as number | null, isSuperuser: false, programs: held.map((h) => h.programs) };
    return { ...r, programs_roles: held, may_manage: r.id !== principal.id && mayManage(principal, target) };
  });
}

export const userResource: ResourceDef = {
  path: 'users',
  entity: 'user',
  table: users,
  id: users.id,
  fields: {
    id: users.id,
    username: users.username,
    first_name: users.firstName,
    last_name: users.lastName,
    email: users.email,
    department: users.department,
    facility: users.facilityId,
    facility_name: facilities.facilityName,
    user_location: users.userLocation,
    states: users.stateId,
    state_name: states.name,
    lga: users.lgaId,
    lga_name: lgas.name,
    is_active: users.isActive,
    last_login_at: users.lastLoginAt,
    created_at: users.createdAt,
  },
  join: (q) =>
    (q as unknown as { leftJoin: (...a: unknown[]) => { leftJoin: (...a: unknown[]) => { leftJoin: (...a: unknown[]) => unknown } } })
      .leftJoin(facilities, eq(facilities.id, users.facilityId))
      .leftJoin(states, eq(states.id, users.stateId))
      .leftJoin(lgas, eq(lgas.id, users.lgaId)) as typeof q,
  item: userItem,
  body: userCreateBody,
  updateBody: userUpdateBody,
  toValues,
  validate,
  afterSave,
  expand,
  search: [users.username, users.firstName, users.lastName, users.email],
  filters: { facility: users.facilityId, user_location: users.userLocation, is_active: users.isActive, is_superuser: users.isSuperuser },
  // A facility's administrators hold the Admin role in one of its programmes.
  filterWhere: {
    is_facility_admin: (raw) => {
      const admin = sql`exists (select 1 from ${userProgramRoles} r where r.user_id = ${users.id} and r.role = 'Admin')`;
      return booleanFilter('is_facility_admin', raw) ? admin : sql`not ${admin}`;
    },
  },
  ordering: { username: users.username, first_name: users.firstName, last_name: users.lastName, created_at: users.createdAt, last_login_at: users.lastLoginAt },
  defaultOrdering: 'username',
  access: { read: adminOrSuper, write: adminOrSuper, delete: false },
  scope: { column: users.facilityId, valueKey: 'facilityId', of: (p) => (p.isSuperuser ? null : (p.facilityId ?? -1)) },
  tags: ['users'],
};
