import { administeredPrograms } from '@nlims/contracts';
import { forbidden } from '../../core/errors.js';
import type { Principal } from '../users/users.service.js';

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
