import { sql, type SQL } from 'drizzle-orm';
import { facilityScope } from '../../../core/access.js';
import type { Principal } from '../../users/principal.js';

/** The analytics kit's scope: whose samples a facility dashboard or report counts. */

/** The facility whose samples are counted: the caller's; null (every facility) for the super admin. */
export const facilityOf = (p: Principal): number | null => facilityScope(p);

/** `facility_id` of the alias, when the caller is bound to one. */
export const ofFacility = (alias: string, facility: number | null): SQL[] => (facility == null ? [] : [sql`${sql.raw(alias)}.facility_id = ${facility}`]);
