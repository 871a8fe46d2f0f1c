import { z } from 'zod';
import { lgaItem, lgaQuery, listQuery, paginated, queryId, stateItem } from '@nlims/contracts';
import { pageOfRows } from '../../core/resource.js';
import type { Db } from '../../core/db.js';
import type { App } from '../../core/types.js';
import { getLga, getState, listLgas, listStates } from './geo.service.js';

const idParams = z.object({ id: queryId('id') });
const pageQuery = listQuery.pick({ page: true, page_size: true });

export function geoRoutes(app: App, db: Db): void {
  // Every row without `page` (a look-up), or a page of them like every other list.
  app.get(
    '/api/state/',
    {
      schema: {
        tags: ['lookups'],
        summary: "Nigeria's 36 states and the FCT",
        querystring: pageQuery,
        response: { 200: z.union([z.array(stateItem), paginated(stateItem)]) },
      },
    },
    async (request) => {
      const rows = await listStates(db);
      return request.query.page ? pageOfRows(rows, request.query, '/api/state/') : rows;
    },
  );
  app.get('/api/state/:id/', { schema: { tags: ['lookups'], params: idParams, response: { 200: stateItem } } }, (request) => getState(db, request.params.id));
  app.get(
    '/api/local_government_area/',
    {
      schema: {
        tags: ['lookups'],
        summary: 'LGAs, optionally of one state',
        querystring: lgaQuery.extend(pageQuery.shape),
        response: { 200: z.union([z.array(lgaItem), paginated(lgaItem)]) },
      },
    },
    async (request) => {
      const rows = await listLgas(db, request.query.state);
      return request.query.page ? pageOfRows(rows, request.query, '/api/local_government_area/') : rows;
    },
  );
  app.get('/api/local_government_area/:id/', { schema: { tags: ['lookups'], params: idParams, response: { 200: lgaItem } } }, (request) =>
    getLga(db, request.params.id),
  );
}
