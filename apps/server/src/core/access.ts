import { type Permission, roleMay } from '@nlims/contracts';
import type { Principal } from './principal.js';
import { forbidden } from './errors.js';

/** The role the caller holds in a programme, if any. */
export const roleIn = (p: Principal, program: string) => p.roles.find((r) => r.program === program)?.role ?? null;

/**
 * Authorisation for workflow actions, in one place: the caller must hold, in
 * the programme, a role that the programme's definition gives this permission
 * (packages/contracts/src/programmes). The super admin administers and holds
 * no programme role, so it reads no client, sample, result or report
 * (DESIGN §3): one who must look at a facility's data is given a role there.
 */
export function mayIn(p: Principal, program: string, permission: Permission): boolean {
  return roleMay(roleIn(p, program), program, permission);
}

export function requireIn(p: Principal, program: string, permission: Permission): void {
  if (!mayIn(p, program, permission)) throw forbidden(`Your role may not ${PERMISSION_WORDS[permission]} in the ${program} programme.`);
}

/** The programmes among `programs` in which the caller holds this permission. */
export const programsWhere = (p: Principal, permission: Permission, programs: readonly string[]): string[] =>
  programs.filter((program) => mayIn(p, program, permission));

/** Holds the permission in at least one programme (clients are shared across a facility's programmes). */
export const mayInAny = (p: Principal, permission: Permission): boolean => p.roles.some((r) => roleMay(r.role, r.program, permission));

export function requireInAny(p: Principal, permission: Permission): void {
  if (!mayInAny(p, permission)) throw forbidden(`Your role may not ${PERMISSION_WORDS[permission]} in any programme.`);
}

const PERMISSION_WORDS: Record<Permission, string> = {
  read: 'view samples',
  order: 'register clients or order tests',
  collect: 'collect samples',
  receive: 'receive, reject or hold samples',
  workplan: 'view the workplan',
  enter: 'enter results',
  validate: 'validate results',
  approve: 'approve results',
  released: 'view released results',
  dispatch: 'dispatch samples',
  worksheet: 'prepare worksheets',
  qc: 'record quality control',
  amend: 'amend released results',
};

/** Facility scope for rows of one facility: null for the super admin (every facility). */
export const facilityScope = (p: Principal): number | null => (p.isSuperuser ? null : (p.facilityId ?? -1));
