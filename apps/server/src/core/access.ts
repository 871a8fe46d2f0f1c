import { type Permission, roleMay } from '@nlims/contracts';
import type { Principal } from './principal.js';
import { forbidden, notFound } from './errors.js';

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

/**
 * Programme membership (DESIGN §3), for every door other than the sample's own (attachments, non-conformity reports,
 * shipments, worksheets, the stock card, the instruments' queue): a sample's lab number is named only to those
 * holding a role in its programme (`programsHeld`), and its client, results and files only to those whose role
 * there reads its samples (`programsRead`). Whoever holds no role in a programme does not learn from any door that
 * a client has a sample in it.
 */
export const programsHeld = (p: Principal): string[] => [...new Set(p.roles.map((r) => r.program))];

/** The programmes whose samples the caller reads (see `programsHeld`). */
export const programsRead = (p: Principal): string[] => [...new Set(p.roles.filter((r) => roleMay(r.role, r.program, 'read')).map((r) => r.program))];

/**
 * `requireIn` for a row tied to a sample, reached by its id through another door: a caller holding no role at all in
 * the programme is told it does not exist (404), as another facility's would be; one holding a role there without
 * the permission gets the usual 403.
 */
export function requireMemberIn(p: Principal, program: string, permission: Permission): void {
  if (roleIn(p, program) == null) throw notFound();
  requireIn(p, program, permission);
}

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
