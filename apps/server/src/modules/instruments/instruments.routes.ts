import {
  idParams,
  instrumentMachine,
  messageDetail,
  messageItem,
  messageListQuery,
  mayWorkInstrumentQueue,
  paginated,
  unmatchedCandidate,
  unmatchedCandidatesQuery,
  unmatchedDiscardBody,
  unmatchedItem,
  unmatchedListQuery,
  unmatchedMatchBody,
} from '@nlims/contracts';
import { z } from 'zod';
import { type Gate, principalOf } from '../../core/auth.js';
import { forbidden } from '../../core/errors.js';
import type { Db } from '../../core/db.js';
import type { App } from '../../core/types.js';
import { discardUnmatched, getMessage, listMachines, listMessages, listUnmatched, matchCandidates, matchUnmatched } from './instruments.service.js';

const tags = ['instruments'];

/** Who may work the queue, decided before the body is read: a supervisor or manager of a facility (queue.ts's `queueScope`). */
const queueWorker: Gate = (p) => {
  if (p.isSuperuser || p.facilityId == null || p.apiClient) throw forbidden('The instruments’ messages are read by the facility’s supervisors and managers.');
  if (!mayWorkInstrumentQueue(p.roles)) throw forbidden('Only a supervisor or manager works the instruments’ unmatched results.');
};

/**
 * The analysers' side of the API: the machines that talk HL7 or ASTM, the unmatched queue (match to a test, or
 * discard with a reason — each one transaction with its audit row) and the messages log with the raw text. The
 * listeners themselves are TCP servers (listeners.ts), not routes.
 */
export function instrumentsRoutes(app: App, db: Db): void {
  app.get(
    '/api/instrument_machine/',
    {
      schema: {
        tags,
        summary: 'The machines whose messages the caller reads, with their unmatched results pending',
        response: { 200: z.array(instrumentMachine) },
      },
    },
    (request) => listMachines(db, principalOf(request)),
  );
  app.get(
    '/api/instrument_unmatched/',
    {
      schema: {
        tags,
        summary: 'Results an analyser sent that could not be placed (unknown sample, test not on the sample, not awaiting a result, a value not a result)',
        querystring: unmatchedListQuery,
        response: { 200: paginated(unmatchedItem) },
      },
    },
    (request) => listUnmatched(db, principalOf(request), request.query),
  );
  app.get(
    '/api/instrument_unmatched/candidates/',
    {
      schema: {
        tags,
        summary: "A barcode's (or lab number's) tests awaiting a result, to match a queued result to",
        querystring: unmatchedCandidatesQuery,
        response: { 200: z.array(unmatchedCandidate) },
      },
    },
    (request) => matchCandidates(db, principalOf(request), request.query.barcode),
  );
  app.post(
    '/api/instrument_unmatched/:id/match/',
    {
      config: { may: queueWorker },
      schema: {
        tags,
        summary: 'Enter a queued result on a test (ENTERED, as manual entry does), the analyser’s value or one given',
        params: idParams,
        body: unmatchedMatchBody,
        response: { 200: unmatchedItem },
      },
    },
    (request) => db.transaction((tx) => matchUnmatched(tx, principalOf(request), request.params.id, request.body)),
  );
  app.post(
    '/api/instrument_unmatched/:id/discard/',
    {
      config: { may: queueWorker },
      schema: { tags, summary: 'Discard a queued result, with the reason', params: idParams, body: unmatchedDiscardBody, response: { 200: unmatchedItem } },
    },
    (request) => db.transaction((tx) => discardUnmatched(tx, principalOf(request), request.params.id, request.body)),
  );
  app.get(
    '/api/instrument_message/',
    {
      schema: {
        tags,
        summary: 'Every message the analysers sent and every reply, newest first',
        querystring: messageListQuery,
        response: { 200: paginated(messageItem) },
      },
    },
    (request) => listMessages(db, principalOf(request), request.query),
  );
  app.get(
    '/api/instrument_message/:id/',
    {
      schema: {
        tags,
        summary: 'One message as it came over the wire (control characters shown as <STX>, <CR>…), with its replies',
        params: idParams,
        response: { 200: messageDetail },
      },
    },
    (request) => getMessage(db, principalOf(request), request.params.id),
  );
}
