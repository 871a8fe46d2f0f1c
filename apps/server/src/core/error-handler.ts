import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';

/** Turn zod issues into `{field: [messages]}`; issues on the whole body become non_field_errors. */
function fieldErrors(issues: { instancePath: string; message?: string }[], part: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath.split('/').filter(Boolean).join('.') || (part === 'body' ? 'non_field_errors' : part);
    (out[field] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return out;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return reply.status(error.statusCode).send(error.body());
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(fieldErrors(error.validation, error.validationContext ?? 'body'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send({ non_field_errors: ['Malformed JSON in request body.'] });
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ non_field_errors: ['The request body is empty; a JSON object is expected.'] });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ detail: 'A server error occurred.' });
    }
    return reply.status(status).send({ detail: error.message });
  });
}
