import { apiClientBody, apiClientItem, apiClientWithSecret, dbId, idParams } from '@nlims/contracts';
import { z } from 'zod';
import { principalOf } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import type { App } from '../../core/types.js';
import { clientKeeper } from './api-clients.access.js';
import { createApiClient, listApiClients, revokeApiClient, rotateApiClient } from './api-clients.service.js';

const tags = ['api clients'];
/** Who may write, decided before the body is read: a facility's administrator or the super admin (the services check again). */
const keeper = { may: clientKeeper };

/** The API clients a facility's administrator keeps (list, create, revoke, rotate); the secret is shown once. */
export function apiClientsRoutes(app: App, db: Db): void {
  app.get(
    '/api/api_client/',
    {
      schema: {
        tags,
        summary: "The facility's API clients (the super admin: every facility's, or `facility`'s)",
        querystring: z.object({ facility: z.coerce.number().pipe(dbId()).optional() }),
        response: { 200: z.array(apiClientItem) },
      },
    },
    (request) => listApiClients(db, principalOf(request), request.query.facility),
  );
  app.post(
    '/api/api_client/',
    {
      config: keeper,
      schema: { tags, summary: 'Create an API client: its secret is in this reply only', body: apiClientBody, response: { 201: apiClientWithSecret } },
    },
    async (request, reply) => reply.code(201).send(await db.transaction((tx) => createApiClient(tx, principalOf(request), request.body))),
  );
  app.post(
    '/api/api_client/:id/revoke/',
    { config: keeper, schema: { tags, summary: 'Revoke an API client: its next call is refused', params: idParams, response: { 200: apiClientItem } } },
    (request) => db.transaction((tx) => revokeApiClient(tx, principalOf(request), request.params.id)),
  );
  app.post(
    '/api/api_client/:id/rotate/',
    {
      config: keeper,
      schema: {
        tags,
        summary: 'A new secret for an API client (the old one stops working); shown in this reply only',
        params: idParams,
        response: { 200: apiClientWithSecret },
      },
    },
    (request) => db.transaction((tx) => rotateApiClient(tx, principalOf(request), request.params.id)),
  );
}
