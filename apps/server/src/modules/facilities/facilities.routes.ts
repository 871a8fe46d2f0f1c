import { z } from 'zod';
import { facilitiesQuery, facilityLookupItem } from '@nlims/contracts';
import type { Db } from '../../core/db.js';
import type { App } from '../../core/types.js';
import { lookupFacilities } from './facilities.service.js';

export function facilitiesRoutes(app: App, db: Db): void {
  app.get(
    '/api/facilities/',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Facilities of one state and LGA',
        querystring: facilitiesQuery,
        response: { 200: z.array(facilityLookupItem) },
      },
    },
    (request) => lookupFacilities(db, request.query.facility_state, request.query.facility_lga),
  );
}
