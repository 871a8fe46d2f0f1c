import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { OperationOutcome } from '@medplum/fhirtypes';
import { AppError, ValidationError } from '../../core/errors.js';
import { DATABASE_RETRY_AFTER_S, DATABASE_UNREACHABLE } from '../../core/error-handler.js';
import { databaseUnreachable, pgError } from '../../core/db-errors.js';
import { safeError } from '../../core/safe-log.js';

/** FHIR's JSON media type: what the /fhir scope reads and answers. */
export const FHIR_JSON = 'application/fhir+json';

/** This server's FHIR base as the caller reached it (absolute URLs in Bundles and links). */
export const fhirBase = (request: FastifyRequest) => `${request.protocol}://${request.host}/fhir`;

type IssueCode = OperationOutcome['issue'][number]['code'];

/** An error of the FHIR door: its HTTP status and the OperationOutcome issue it answers with. */
export class FhirError extends AppError {
  constructor(
    statusCode: number,
    message: string,
    readonly issueCode: IssueCode,
    /** The search parameter or element the issue is about (OperationOutcome.issue.expression). */
    readonly expression?: string,
  ) {
    super(statusCode, message);
  }
}

/** 400: a search parameter or value the server does not take. */
export const badParameter = (name: string, message: string) => new FhirError(400, message, 'invalid', name);
export const fhirNotFound = (type: string, id: string) => new FhirError(404, `${type}/${id} is not known.`, 'not-found');

/** An OperationOutcome with one error issue. */
export function operationOutcome(
  code: IssueCode,
  diagnostics: string,
  expression?: string,
  severity: 'error' | 'fatal' | 'warning' | 'information' = 'error',
): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity, code, diagnostics, ...(expression ? { expression: [expression] } : {}) }],
  };
}

const CODE_OF_STATUS: Record<number, IssueCode> = {
  400: 'invalid',
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  405: 'not-supported',
  406: 'not-supported',
  409: 'conflict',
  410: 'deleted',
  413: 'too-costly',
  415: 'not-supported',
  422: 'processing',
  429: 'throttled',
  503: 'transient',
};

/** Send a FHIR resource with FHIR's content type. */
export const sendFhir = (reply: FastifyReply, resource: object, status = 200) =>
  reply.status(status).header('content-type', `${FHIR_JSON}; charset=utf-8`).send(JSON.stringify(resource));

/**
 * The /fhir scope's own plumbing: FHIR JSON read as JSON, every route open to API clients (their scope and facility
 * are checked by the routes, fhir.access.ts), every error an OperationOutcome with its status — never the DRF bodies
 * of /api — and an unknown path a 404 OperationOutcome.
 */
export function fhirScope(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object), systems: true };
  });
  scope.addContentTypeParser(FHIR_JSON, { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body === '' ? undefined : JSON.parse(body as string));
    } catch {
      done(Object.assign(new SyntaxError('Malformed JSON in request body.'), { statusCode: 400 }), undefined);
    }
  });
  // Answer every error here (onSend would also see the /api handler's bodies): the status kept, the body FHIR's.
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof FhirError) return sendFhir(reply, operationOutcome(error.issueCode, error.message, error.expression), error.statusCode);
    if (error instanceof ValidationError) {
      const [field, messages] = Object.entries(error.fields)[0] ?? ['', []];
      return sendFhir(reply, operationOutcome('invalid', messages.join(' ') || error.message, field || undefined), 400);
    }
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return sendFhir(reply, operationOutcome(CODE_OF_STATUS[error.statusCode] ?? 'exception', error.message), error.statusCode);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || undefined;
      return sendFhir(reply, operationOutcome('invalid', first?.message ?? 'The request is not valid.', where), 400);
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError)
      return sendFhir(reply, operationOutcome('structure', 'Malformed JSON in request body.'), 400);
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
      return sendFhir(reply, operationOutcome('required', 'The request body is empty; a FHIR resource is expected.'), 400);
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return sendFhir(reply, operationOutcome('not-supported', `Send ${FHIR_JSON} or application/json.`), 415);
    const pg = pgError(error);
    if (pg?.code && (pg.code.startsWith('22') || pg.code === '54000'))
      return sendFhir(reply, operationOutcome('invalid', 'A value in the request is out of range or not valid.'), 400);
    if (databaseUnreachable(error)) {
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
      return sendFhir(reply, operationOutcome('transient', DATABASE_UNREACHABLE), 503);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: safeError(error) }, 'request failed');
      return sendFhir(reply, operationOutcome('exception', 'A server error occurred.', undefined, 'fatal'), status);
    }
    return sendFhir(reply, operationOutcome(CODE_OF_STATUS[status] ?? 'processing', error.message), status);
  });
  scope.setNotFoundHandler((request, reply) =>
    sendFhir(reply, operationOutcome('not-supported', `${request.method} ${request.url.split('?')[0]} is not an operation of this server.`), 404),
  );
}
