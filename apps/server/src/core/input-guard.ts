import { findUnsafeText } from '@nlims/contracts';
import type { FastifyInstance } from 'fastify';
import { ValidationError } from './errors.js';

/**
 * One guard for every route, before its own validation: no string in the
 * path, the query or the body may carry a control character or a
 * text-direction override (contracts' `findUnsafeText`). A 400 names the field.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const problems = {
      ...findUnsafeText(request.params ?? {}),
      ...findUnsafeText(request.query ?? {}),
      ...(typeof request.body === 'object' || typeof request.body === 'string' ? findUnsafeText(request.body) : {}),
    };
    done(Object.keys(problems).length ? new ValidationError(problems) : undefined);
  });
}
