import { z } from 'zod';
import { lgaItem, lgaQuery, queryId, stateItem } from '@nlims/contracts';
import type { Db } from '../../core/db.js';
import type { App } from '../../core/types.js';
import { getLga, getState, listLgas, listStates } from './geo.service.js';

const idParams = z.object({ id: queryId('id') });

export function geoRoutes(app: App, db: Db): void {
  app.get('/api/state/', { schema: { tags: ['lookups'], summary: "Nigeria's 36 states and the FCT", response: { 200: z.array(stateItem) } } }, () =>
    listStates(db),
  );
  app.get('/api/state/:id/', { schema: { tags: ['lookups'], params: idParams, response: { 200: stateItem } } }, (request) =>
    getState(db, request.params.id),
  );
  app.get(
    '/api/local_government_area/',
    { schema: { tags: ['lookups'], summary: 'LGAs, optionally of one state', querystring: lgaQuery, response: { 200: z.array(lgaItem) } } },
    (request) => listLgas(db, request.query.state),
  );
  app.get('/api/local_government_area/:id/', { schema: { tags: ['lookups'], params: idParams, response: { 200: lgaItem } } }, (request) =>
    getLga(db, request.params.id),
  );
}
