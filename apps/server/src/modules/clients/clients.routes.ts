import { clientItem, clientMergeBody, idParams } from '@nlims/contracts';
import { principalOf } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import { registerResource } from '../../core/resource.js';
import type { App } from '../../core/types.js';
import { clientResource } from './clients.resource.js';
import { mergeClients, requireMayMerge } from './clients.merge.js';

/** clients/ (list, detail, create, update) and the merge of two records of one person. */
export function clientsRoutes(app: App, db: Db): void {
  app.post(
    '/api/clients/:id/merge/',
    {
      config: { may: requireMayMerge },
      schema: {
        tags: ['clients'],
        summary: 'Merge a duplicate record into this client',
        description:
          "Moves the duplicate's orders and identifiers to this client, fills this client's empty fields from it and marks it merged_into this one (kept, left out of lists and searches). Irreversible: Supervisors only.",
        params: idParams,
        body: clientMergeBody,
        response: { 200: clientItem },
      },
    },
    async (request) => {
      const p = principalOf(request);
      return db.transaction((tx) => mergeClients(tx, p, request.params.id, request.body));
    },
  );
  registerResource(app, db, clientResource);
}
