import { z } from 'zod';
import { listQuery, queryId } from '@nlims/contracts';
import { principalOf } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import { listReply, listResource, registerResource } from '../../core/resource.js';
import type { App } from '../../core/types.js';
import { benchResource } from './bench.resource.js';
import { testTypeResource } from './catalogue.resource.js';

const configurationQuery = listQuery.extend({ program__name: z.string().trim().max(100).optional(), test_type: queryId('test_type').optional() });

export function catalogueRoutes(app: App, db: Db): void {
  registerResource(app, db, benchResource);
  registerResource(app, db, testTypeResource);
  // The result configuration of the catalogue, by programme name and test (SPEC §7).
  app.get(
    '/api/test_configuration/',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Result configuration by programme and test',
        querystring: configurationQuery,
        response: { 200: listReply(testTypeResource) },
      },
    },
    (request) => {
      const { program__name, test_type, ...query } = request.query;
      const filters: Record<string, string> = {};
      if (program__name) filters['Filters.program__name'] = program__name;
      if (test_type !== undefined) filters['Filters.id'] = String(test_type);
      return listResource(db, testTypeResource, principalOf(request), { ...query, ...filters });
    },
  );
}
