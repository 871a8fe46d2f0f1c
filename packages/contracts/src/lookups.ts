import { z } from 'zod';
import { ID_RANGE_MESSAGE, MAX_ID } from './input.js';

export const stateItem = z.object({ id: z.number(), name: z.string(), code: z.string() });
export const lgaItem = z.object({ id: z.number(), name: z.string(), state: z.number() });
export const programItem = z.object({ id: z.number(), name: z.string() });
export const facilityLookupItem = z.object({ id: z.number(), facility_name: z.string(), facility_code: z.string() });

export type StateItem = z.infer<typeof stateItem>;
export type LgaItem = z.infer<typeof lgaItem>;
export type ProgramItem = z.infer<typeof programItem>;
export type FacilityLookupItem = z.infer<typeof facilityLookupItem>;

/** A positive integer id in a query string, with a message naming the field. */
export const queryId = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a whole number.` })
    .int(`${field} must be a whole number.`)
    .positive(`${field} must be a positive id.`)
    .max(MAX_ID, ID_RANGE_MESSAGE);

export const facilitiesQuery = z.object({ facility_state: queryId('facility_state'), facility_lga: queryId('facility_lga') });
export const lgaQuery = z.object({ state: queryId('state').optional() });
