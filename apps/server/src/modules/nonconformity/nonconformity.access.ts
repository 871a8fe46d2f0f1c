import { NCR_MANAGER_ROLES } from '@nlims/contracts';
import { forbidden } from '../../core/errors.js';
import { lagosToday } from '../../core/period.js';
import { type Principal, staffFacilityOf } from '../users/users.service.js';

/** Who keeps and who manages a facility's non-conformity reports, and the laboratory's day. */
/** A facility's staff member (any role); the super admin and the tier users report none and read none. */
export const staffFacility = (p: Principal): number => staffFacilityOf(p, 'Non-conformity reports are kept by a facility’s staff.');

/** Classifies, plans and reviews actions, closes: a supervisor, manager or administrator in any programme of the facility. */
export const managesQuality = (p: Principal): boolean => !p.isSuperuser && p.facilityId != null && p.roles.some((r) => NCR_MANAGER_ROLES.includes(r.role));

export function requireManager(p: Principal): void {
  if (!managesQuality(p)) throw forbidden('Only a supervisor, manager or administrator may do this.');
}

/** Today in Lagos: a date typed on the page is the laboratory's day, not UTC's. */
export const today = (now: Date) => lagosToday(now);
