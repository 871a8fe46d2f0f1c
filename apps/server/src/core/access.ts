import { GENERAL_ROLES, type GeneralPermission } from '@nlims/contracts';
import type { Principal } from '../modules/users/principal.js';
import { forbidden } from './errors.js';

/** The role the caller holds in a programme, if any. */
export const roleIn = (p: Principal, program: string) => p.roles.find((r) => r.program === program)?.role ?? null;

/**
 * Authorisation for workflow actions, in one place: the caller must hold one
 * of the permission's roles in the programme (SPEC §6). The super admin may
 * read everything but acts in no programme.
 */
export function mayGeneral(p: Principal, permission: GeneralPermission): boolean {
  if (permission === 'read' && p.isSuperuser) return true;
  const role = roleIn(p, 'General');
  return role != null && (GENERAL_ROLES[permission] as readonly string[]).includes(role);
}

export function requireGeneral(p: Principal, permission: GeneralPermission): void {
  if (!mayGeneral(p, permission)) throw forbidden(`Your role may not ${PERMISSION_WORDS[permission]} in the General programme.`);
}

const PERMISSION_WORDS: Record<GeneralPermission, string> = {
  read: 'view samples',
  order: 'register clients, order tests or collect samples',
  reception: 'receive, reject or hold samples',
  entry: 'enter results',
  review: 'validate or approve results',
};

/** Facility scope for rows of one facility: null for the super admin (every facility). */
export const facilityScope = (p: Principal): number | null => (p.isSuperuser ? null : (p.facilityId ?? -1));
