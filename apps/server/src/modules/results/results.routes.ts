import { z } from 'zod';
import { amendBody, approveBody, bulkApproveBody, bulkBody, reasonBody, resultBody, resultRejectBody, idParams } from '@nlims/contracts';
import { principalOf } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import type { App } from '../../core/types.js';
import { registerResource } from '../../core/resource.js';
import { amendResult, prepareAmendment, requireAmendSomewhere } from './amend.js';
import { resultListResource } from './results.list.js';
import { resultSampleResource } from './result-samples.js';
import { enterResult, prepareReview, requireEnterSomewhere, requireReviewSomewhere, type ReviewInput, reviewResults } from './results.service.js';
import type { ResultAction } from '@nlims/contracts';
import type { Principal } from '../users/users.service.js';
import { THROTTLED_REPLY } from '../../core/replies.js';

const moved = z.object({ ids: z.array(z.number()), detail: z.string() });
const tags = ['results'];
const ok = (ids: number[]) => ({ ids, detail: 'Operation successfully' });
/** Who may call, decided before the body is read: the permission in some programme. */
const enters = { may: requireEnterSomewhere };
const reviews = (action: ResultAction) => ({ may: (p: Principal) => requireReviewSomewhere(p, action) });

export function resultsRoutes(app: App, db: Db): void {
  /** A review: its checks before the transaction (role, signature, reason), then the moves in one transaction. */
  const review = async (p: Principal, ids: number[], action: ResultAction, input: ReviewInput) => {
    const reason = await prepareReview(db, p, action, input);
    return db.transaction((tx) => reviewResults(tx, p, ids, action, reason));
  };
  registerResource(app, db, resultListResource);
  registerResource(app, db, resultSampleResource);
  app.post(
    '/api/results/',
    {
      config: enters,
      schema: {
        tags,
        summary: 'Enter a result',
        body: resultBody,
        response: { 201: z.object({ id: z.number(), status: z.number(), flag: z.string().nullable(), version: z.number() }) },
      },
    },
    async (request, reply) => {
      const r = await db.transaction((tx) => enterResult(tx, principalOf(request), request.body));
      return reply.status(201).send({ id: r.id, status: r.status, flag: r.flag, version: r.version });
    },
  );
  // Bulk moves: all or nothing, set-based.
  app.post(
    '/api/results/verify/',
    { config: reviews('verify'), schema: { tags, summary: 'Verify many results', body: bulkBody, response: { 200: moved } } },
    async (request) => ok(await review(principalOf(request), request.body.ids, 'verify', {})),
  );
  app.post(
    '/api/results/approve/',
    {
      config: reviews('approve'),
      schema: { tags, summary: 'Approve many results (electronic signature)', body: bulkApproveBody, response: { 200: moved, ...THROTTLED_REPLY } },
    },
    async (request) => ok(await review(principalOf(request), request.body.ids, 'approve', { password: request.body.password, address: request.ip })),
  );
  app.post('/api/results/:id/verify/', { config: reviews('verify'), schema: { tags, params: idParams, response: { 200: moved } } }, async (request) =>
    ok(await review(principalOf(request), [request.params.id], 'verify', {})),
  );
  app.post(
    '/api/results/:id/approve/',
    {
      config: reviews('approve'),
      schema: { tags, summary: 'Approve (electronic signature)', params: idParams, body: approveBody, response: { 200: moved, ...THROTTLED_REPLY } },
    },
    async (request) => ok(await review(principalOf(request), [request.params.id], 'approve', { password: request.body.password, address: request.ip })),
  );
  app.post(
    '/api/results/:id/reject/',
    { config: reviews('reject'), schema: { tags, params: idParams, body: resultRejectBody, response: { 200: moved } } },
    async (request) => ok(await review(principalOf(request), [request.params.id], 'reject', { reason: request.body.reason, comment: request.body.comment })),
  );
  app.post(
    '/api/results/:id/retest/',
    { config: reviews('retest'), schema: { tags, params: idParams, body: reasonBody, response: { 200: moved } } },
    async (request) => ok(await review(principalOf(request), [request.params.id], 'retest', { retestReason: request.body.reason })),
  );
  app.post(
    '/api/results/:id/amend/',
    {
      config: { may: requireAmendSomewhere },
      schema: {
        tags,
        summary: 'Propose the amendment of a released result (a new version, in force once verified and approved)',
        params: idParams,
        body: amendBody,
        response: {
          201: z.object({ id: z.number(), version: z.number(), status: z.number(), amends: z.number(), flag: z.string().nullable() }),
          ...THROTTLED_REPLY,
        },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      await prepareAmendment(db, p, { password: request.body.password, address: request.ip });
      const r = await db.transaction((tx) => amendResult(tx, p, request.params.id, request.body));
      return reply.status(201).send({ id: r.id, version: r.version, status: r.status, amends: r.amendsId!, flag: r.flag });
    },
  );
}
