import { sql } from 'drizzle-orm';
import { forbidden } from '../../core/errors.js';
import { isFacilityAdminPrincipal, type Principal } from '../users/principal.js';

/**
 * Who keeps the equipment register: the facility's administrator (as for its machine settings, facility-settings);
 * its other staff read only which instruments are available (result entry, worksheets); the super admin and the
 * tier users reach none of it.
 */
export function adminFacility(p: Principal): number {
  if (!isFacilityAdminPrincipal(p) || p.facilityId == null) throw forbidden('The equipment register is kept by the facility’s administrator.');
  return p.facilityId;
}

/** A staff member of a facility (any role there). */
export function staffFacility(p: Principal): number {
  if (p.isSuperuser || p.facilityId == null || !p.roles.length) throw forbidden('Equipment availability is for a facility’s staff.');
  return p.facilityId;
}

/** A user's name as the lists show it: first and last name, or the username. */
export const userName = (column: string) =>
  sql.raw(`(select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) from users u where u.id = ${column})`);

/** A timestamp or date column read back as an ISO string (either driver). */
export function iso(value: unknown): string | null {
  if (value == null) return null;
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

/** A moment as a SQL timestamptz parameter (either driver). */
export const at = (moment: Date) => sql`${moment.toISOString()}::timestamptz`;
