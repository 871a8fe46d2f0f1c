import { findUnsafeText } from '@nlims/contracts';
import type { FastifyInstance } from 'fastify';
import { ValidationError } from './errors.js';

/**
 * One guard for every route, before its own validation: no string in the
 * path, the query or the body may carry a control character or a
 * text-direction override (contracts' `findUnsafeText`). Line breaks and tabs
 * are for multi-line text in a body (a note, a description, a results file):
 * a path or a query value is one line, and so is a body field its schema
 * declares one line (contracts' `oneLine`: a name, a title). A 400 names the
 * field.
 *
 * And a PATCH names what it changes: a body that, once read against the
 * route's schema, holds no field (`{}`, `null`, only unknown or inherited
 * names such as `__proto__`) is a 400 on the body, never an update of nothing.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const problems = {
      ...findUnsafeText(request.params ?? {}, '', { oneLine: true }),
      ...findUnsafeText(request.query ?? {}, '', { oneLine: true }),
      ...(typeof request.body === 'object' || typeof request.body === 'string' ? findUnsafeText(request.body) : {}),
    };
    done(Object.keys(problems).length ? new ValidationError(problems) : undefined);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.method !== 'PATCH' || !request.routeOptions.url?.startsWith('/api/')) return done();
    const body = request.body;
    const names = body != null && typeof body === 'object' && !Array.isArray(body) && Object.values(body).some((v) => v !== undefined);
    done(names ? undefined : new ValidationError({ non_field_errors: [NOTHING_TO_CHANGE] }));
  });
}

export const NOTHING_TO_CHANGE = 'Send at least one field to change.';
