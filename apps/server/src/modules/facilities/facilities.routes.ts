import { z } from 'zod';
import { facilityLookupItem, listQuery, queryId } from '@nlims/contracts';
import { principalOf, requireSuperuser } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import { ValidationError } from '../../core/errors.js';
import { listReply, listResource, registerResource } from '../../core/resource.js';
import type { App } from '../../core/types.js';
import { facilityResource } from './facilities.resource.js';
import { lookupFacilities } from './facilities.service.js';

const facilitiesQuery = listQuery.extend({ facility_state: queryId('facility_state').optional(), facility_lga: queryId('facility_lga').optional() });

/**
 * `GET facilities/` serves two readers: with `facility_state` and
 * `facility_lga`, the facility picker of any signed-in user; without, the
 * super admin's paged list. Writes are the generic resource's.
 */
export function facilitiesRoutes(app: App, db: Db): void {
  app.get(
    '/api/facilities/',
    {
      schema: {
        tags: ['facilities'],
        summary: 'Facility look-up by state and LGA, or the paged list (super admin)',
        querystring: facilitiesQuery,
        response: { 200: z.union([z.array(facilityLookupItem), listReply(facilityResource)]) },
      },
    },
    async (request) => {
      const { facility_state, facility_lga, ...query } = request.query;
      if (facility_state === undefined && facility_lga === undefined) {
        return listResource(db, facilityResource, requireSuperuser(request), query);
      }
      principalOf(request);
      if (facility_state === undefined) throw ValidationError.field('facility_state', 'This field is required.');
      if (facility_lga === undefined) throw ValidationError.field('facility_lga', 'This field is required.');
      return lookupFacilities(db, facility_state, facility_lga);
    },
  );
  registerResource(app, db, facilityResource);
}
