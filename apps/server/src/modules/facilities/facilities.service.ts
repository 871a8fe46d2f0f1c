import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../core/db.js';
import { ValidationError } from '../../core/errors.js';
import { assertStateExists } from '../geo/geo.service.js';
import { lgas } from '../geo/geo.table.js';
import { facilities } from './facilities.table.js';

/** Active facilities in one state and LGA, for pickers (any signed-in user). */
export async function lookupFacilities(db: Db, stateId: number, lgaId: number) {
  await assertStateExists(db, stateId, 'facility_state');
  const [lga] = await db.select({ stateId: lgas.stateId }).from(lgas).where(eq(lgas.id, lgaId));
  if (!lga) throw ValidationError.field('facility_lga', `Invalid pk "${lgaId}" - object does not exist.`);
  if (lga.stateId !== stateId) throw ValidationError.field('facility_lga', 'The LGA is not in the chosen state.');
  return db
    .select({ id: facilities.id, facility_name: facilities.facilityName, facility_code: facilities.facilityCode })
    .from(facilities)
    .where(and(eq(facilities.stateId, stateId), eq(facilities.lgaId, lgaId), eq(facilities.isActive, true)))
    .orderBy(asc(facilities.facilityName));
}
