import { sql, type SQL } from 'drizzle-orm';
import { CANCELLED_STATUS } from '@nlims/contracts';
import { facilityScope } from '../../../core/access.js';
import type { Principal } from '../../users/users.service.js';
import { withinDays } from '../../../core/period.js';

/** The analytics kit's scope: whose samples a facility dashboard or report counts. */

/** The facility whose samples are counted: the caller's; null (every facility) for the super admin. */
export const facilityOf = (p: Principal): number | null => facilityScope(p);

/** `facility_id` of the alias, when the caller is bound to one. */
export const ofFacility = (alias: string, facility: number | null): SQL[] => (facility == null ? [] : [sql`${sql.raw(alias)}.facility_id = ${facility}`]);

/**
 * The samples a facility dashboard counts (`alias` is `samples`): the facility's — every facility, named as a
 * list, for the super admin, so the (facility, programme, created_at) index still leads — of the programmes,
 * registered in the period (Lagos days), not cancelled. One condition, ready for a `where`.
 */
export function periodSamples(alias: string, facility: number | null, programmes: SQL, period: { start?: string; end?: string }): SQL {
  const a = sql.raw(alias);
  return sql.join(
    [
      facility == null ? sql`${a}.facility_id = any(array(select id from facilities))` : sql`${a}.facility_id = ${facility}`,
      programmes,
      ...withinDays(sql`${a}.created_at`, period),
      sql`${a}.status <> ${sql.raw(String(CANCELLED_STATUS))}`,
    ],
    sql` and `,
  );
}
