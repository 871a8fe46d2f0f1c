import { administeredPrograms, mayAdminister } from '@nlims/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../core/db.js';
import { forbidden, notFound } from '../../core/errors.js';
import { programs } from '../programs/programs.table.js';
import type { Principal } from './users.principal.js';
import { userProgramRoles, users } from './users.table.js';

/**
 * Who administers whom (DESIGN §3, docs/access-control.md): the super admin
 * manages every user; a facility administrator manages only users of its own
 * facility whose every programme role lies in programmes where it holds
 * Admin, and grants roles only in those. Nobody changes their own roles or
 * disables themselves.
 */

/** The programmes the caller administers (Admin role); null for the super admin, who administers all. */
export const administeredBy = (p: Principal): string[] | null =>
  p.isSuperuser ? null : administeredPrograms(p.roles.map((r) => ({ programs: r.program, roles: r.role })));

/** Whether the caller may manage a user of this facility holding roles in these programmes. */
export function mayManage(p: Principal, target: { id: number; facilityId: number | null; isSuperuser: boolean; programs: readonly string[] }): boolean {
  if (p.isSuperuser) return true;
  const mine = administeredBy(p)!;
  if (!mine.length || target.isSuperuser || target.facilityId == null || target.facilityId !== p.facilityId) return false;
  return mayAdminister(mine, target.programs);
}

export interface ManagedUser {
  id: number;
  username: string;
  facilityId: number | null;
  isSuperuser: boolean;
  isActive: boolean;
  programs: string[];
  roles: { programs: string; roles: string }[];
}

/** A user with their roles, locked for the change about to be made to them. */
export async function loadManagedUser(tx: Tx, where: { id: number } | { username: string }): Promise<ManagedUser | null> {
  const [user] = await tx
    .select()
    .from(users)
    .where('id' in where ? eq(users.id, where.id) : eq(users.username, where.username))
    .for('update');
  if (!user) return null;
  const roles = await tx
    .select({ programs: programs.name, roles: userProgramRoles.role })
    .from(userProgramRoles)
    .innerJoin(programs, eq(programs.id, userProgramRoles.programId))
    .where(eq(userProgramRoles.userId, user.id))
    .orderBy(programs.id);
  return {
    id: user.id,
    username: user.username,
    facilityId: user.facilityId,
    isSuperuser: user.isSuperuser,
    isActive: user.isActive,
    programs: roles.map((r) => r.programs),
    roles,
  };
}

/**
 * The user the caller is about to change, or a refusal: 404 outside the
 * caller's facility (as everywhere), 403 where the user holds a role in a
 * programme the caller does not administer.
 */
export async function requireManageable(
  tx: Tx,
  p: Principal,
  where: { id: number } | { username: string },
  /** A user outside the caller's facility: 404 (by id, as every scoped row), or 403 (by username, which names no row of its own). */
  outside: 'notFound' | 'forbidden' = 'notFound',
): Promise<ManagedUser> {
  const target = await loadManagedUser(tx, where);
  const visible = target && (p.isSuperuser || (target.facilityId != null && target.facilityId === p.facilityId && !target.isSuperuser));
  if (!visible) throw outside === 'forbidden' && !p.isSuperuser ? forbidden() : notFound();
  if (!mayManage(p, target)) throw forbidden(outsideMessage(p, target.programs));
  return target;
}

/** Roles granted only in programmes the caller administers (the facility runs them: users.resource checks that). */
export function requireMayGrant(p: Principal, granted: readonly { programs: string }[]): void {
  const mine = administeredBy(p);
  if (mine == null) return;
  const outside = granted.map((g) => g.programs).filter((name) => !mine.includes(name));
  if (outside.length) throw forbidden(`You administer only ${listOf(mine)}; you may not grant a role in ${listOf(outside)}.`);
}

/** Nobody changes their own roles: a change (not the same roles sent back by a form) is refused. */
export function requireNotOwnRoles(
  p: Principal,
  targetId: number,
  current: readonly { programs: string; roles: string }[],
  next: readonly { programs: string; roles: string }[] | undefined,
): void {
  if (targetId !== p.id || next === undefined) return;
  const key = (rs: readonly { programs: string; roles: string }[]) =>
    rs
      .map((r) => `${r.programs}\u0000${r.roles}`)
      .sort()
      .join('\n');
  if (key(current) !== key(next)) throw forbidden('You cannot change your own roles; another administrator must.');
}

const listOf = (names: readonly string[]) => (names.length ? names.join(', ') : 'no programme');

const outsideMessage = (p: Principal, held: readonly string[]) =>
  `This user holds roles in ${listOf(held.filter((h) => !(administeredBy(p) ?? []).includes(h)))}, which you do not administer.`;
