import { electronicRequestAcceptBody, electronicRequestItem, electronicRequestQuery, electronicRequestRejectBody, idParams, paginated } from '@nlims/contracts';
import { principalOf } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import type { App } from '../../core/types.js';
import { acceptElectronicRequest, handledPrograms, listElectronicRequests, rejectElectronicRequest } from './fhir.orders.requests.js';

export function electronicRequestsRoutes(app: App, db: Db): void {
  const tags = ['electronic requests'];
  app.get(
    '/api/electronic_request/',
    {
      schema: {
        tags,
        summary: 'Orders other systems sent to this laboratory (the programme’s staff who register samples)',
        querystring: electronicRequestQuery,
        response: { 200: paginated(electronicRequestItem) },
      },
    },
    (request) => db.transaction((tx) => listElectronicRequests(tx, principalOf(request), request.query)),
  );
  app.post(
    '/api/electronic_request/:id/accept/',
    {
      // Who may call is decided before the body is read (the request's programme is checked after).
      config: { may: (p) => handledPrograms(p) },
      schema: {
        tags,
        summary: 'Accept an electronic request: its client (matched or new) and its order are made',
        params: idParams,
        body: electronicRequestAcceptBody,
        response: { 200: electronicRequestItem },
      },
    },
    (request) => db.transaction((tx) => acceptElectronicRequest(tx, principalOf(request), request.params.id, request.body)),
  );
  app.post(
    '/api/electronic_request/:id/reject/',
    {
      config: { may: (p) => handledPrograms(p) },
      schema: {
        tags,
        summary: 'Reject an electronic request, with its reason',
        params: idParams,
        body: electronicRequestRejectBody,
        response: { 200: electronicRequestItem },
      },
    },
    (request) => db.transaction((tx) => rejectElectronicRequest(tx, principalOf(request), request.params.id, request.body.reason)),
  );
}
