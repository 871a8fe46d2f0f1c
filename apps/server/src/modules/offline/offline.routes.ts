import { offlineDevice, offlineDeviceBody, offlineReference, offlineRegistrationBody, offlineRegistrationReply } from '@nlims/contracts';
import { principalOf } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import { ValidationError } from '../../core/errors.js';
import { IDEMPOTENCY_HEADER, idempotencyHeaders, idempotentCreate } from '../../core/idempotency.js';
import type { App } from '../../core/types.js';
import { offlineReferenceFor, registerDevice, registerOffline, requireOfflineStaff } from './offline.service.js';

const tags = ['offline'];

/** Registration on a device without a connection: its prefix, the copy its forms work from, and each record it sends. */
export function offlineRoutes(app: App, db: Db): void {
  app.post(
    '/api/offline/devices/',
    {
      config: { may: requireOfflineStaff },
      schema: {
        tags,
        summary: 'Register this device for offline registration',
        description: 'Issues the device a prefix, unique across the country, for the provisional numbers it prints on samples collected offline.',
        body: offlineDeviceBody,
        response: { 201: offlineDevice },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      return reply.status(201).send(await db.transaction((tx) => registerDevice(tx, p, request.body.label)));
    },
  );
  app.get(
    '/api/offline/reference/',
    {
      schema: {
        tags,
        summary: "What the offline forms need: the caller's programmes' tests offered here, sample types, the facility's recent clients",
        response: { 200: offlineReference },
      },
    },
    async (request) => {
      const p = principalOf(request);
      return db.transaction((tx) => offlineReferenceFor(tx, p));
    },
  );
  app.post(
    '/api/offline/registrations/',
    {
      config: { may: requireOfflineStaff },
      schema: {
        tags,
        summary: 'Send one record registered offline',
        description:
          "A client (new, or existing with the last change the device saw) and its requests with their collected samples and provisional numbers, in one transaction. The record's id is also its Idempotency-Key: a retry replays the first reply. 409 with `code`: client_merged, client_changed (send again with confirm_changed), test_withdrawn.",
        headers: idempotencyHeaders,
        body: offlineRegistrationBody,
        response: { 201: offlineRegistrationReply },
      },
    },
    (request, reply) => {
      const p = principalOf(request);
      requireOfflineStaff(p);
      const key = request.headers[IDEMPOTENCY_HEADER];
      if (key !== request.body.id) throw ValidationError.field('Idempotency-Key', "Send the record's id as the Idempotency-Key.");
      return idempotentCreate(db, request, reply, 201, (tx) => registerOffline(tx, p, request.body));
    },
  );
}
