import { forbidden } from '../../core/errors.js';
import { isFacilityAdminPrincipal, type Principal, staffFacilityOf } from '../users/users.service.js';

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
export const staffFacility = (p: Principal): number => staffFacilityOf(p, 'Equipment availability is for a facility’s staff.');
