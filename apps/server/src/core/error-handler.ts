import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseUnreachable, pgError } from './db-errors.js';
import { AppError } from './errors.js';
import { safeError } from './safe-log.js';

/** Turn zod issues into `{field: [messages]}`; issues on the whole body become non_field_errors. */
function fieldErrors(issues: { instancePath: string; message?: string }[], part: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath.split('/').filter(Boolean).join('.') || (part === 'body' ? 'non_field_errors' : part);
    out[field] = [...(out[field] ?? []), issue.message ?? 'Invalid value.'];
  }
  return out;
}

/** Seconds a client waits before retrying while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_S = 5;
export const DATABASE_UNREACHABLE = 'The database cannot be reached just now. Try again in a few seconds.';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return reply.status(error.statusCode).headers(error.headers).send(error.body());
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(fieldErrors(error.validation, error.validationContext ?? 'body'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send({ non_field_errors: ['Malformed JSON in request body.'] });
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ non_field_errors: ['The request body is empty; a JSON object is expected.'] });
    }
    // Last line of defence: a value the database refuses (out of range, wrong text, too long) is the
    // client's input, never a server error. The contracts should have caught it, naming the field.
    const pg = pgError(error);
    if (pg?.code && (pg.code.startsWith('22') || pg.code === '54000')) {
      request.log.warn({ sqlState: pg.code, route: request.routeOptions.url }, 'input refused by the database');
      return reply.status(400).send({ non_field_errors: ['A value in the request is out of range or not valid.'] });
    }
    // The database is down or restarting: the client is told to retry, never that the server failed.
    if (databaseUnreachable(error)) {
      request.log.warn({ route: request.routeOptions.url }, 'database unreachable');
      return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_S)).send({ detail: DATABASE_UNREACHABLE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      // Never the error itself: a database error carries the SQL parameters and key values (patient data).
      request.log.error({ err: safeError(error) }, 'request failed');
      return reply.status(status).send({ detail: 'A server error occurred.' });
    }
    return reply.status(status).send({ detail: error.message });
  });
}
