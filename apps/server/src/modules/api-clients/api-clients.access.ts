import { administeredPrograms, type ApiScope } from '@nlims/contracts';
import { forbidden } from '../../core/errors.js';
import type { Principal } from '../users/principal.js';

/**
 * Who keeps a facility's API clients, in one place: its administrator (Admin in a programme there), for clients
 * within the programmes it administers (DESIGN §3: an administrator never reaches beyond its programmes), and the
 * super admin for any facility. A system's own principal never reaches these routes (core/auth.ts refuses it).
 */
export function clientKeeper(p: Principal): { facilityId: number | null; programs: string[] | null } {
  if (p.isSuperuser) return { facilityId: null, programs: null };
  const programs = administeredPrograms(p.roles.map((r) => ({ programs: r.program, roles: r.role })));
  if (p.facilityId == null || !programs.length) throw forbidden('Only a facility’s administrator or the super admin keeps API clients.');
  return { facilityId: p.facilityId, programs };
}

/** The caller is a system without this scope: 403 naming it. A person passes (their roles decide elsewhere). */
export function requireScope(p: Principal, scope: ApiScope): void {
  if (p.apiClient && !p.apiClient.scopes.includes(scope)) throw forbidden(`This API client lacks the "${scope}" scope.`);
}

/** Whether a system may reach this programme (its own facility is checked by the caller). */
export const systemReaches = (p: Principal, programId: number): boolean => !p.apiClient || p.apiClient.programIds.includes(programId);
