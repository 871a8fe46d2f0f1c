import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { publicRoutes } from './auth.js';
import { SWAGGER_CSP } from './security-headers.js';

const pascal = (words: string[]) => words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
const words = (segment: string) => segment.split(/[_\-.]+/).filter(Boolean);
const plural = (word: string) =>
  /(s|x|ch|sh)$/.test(word) ? `${word}es` : /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : word.endsWith('s') ? word : `${word}s`;

/** Whether a reply schema (as JSON schema) is a list: an array, or a page with `results`. */
function isList(schema: unknown): boolean {
  const s = schema as { type?: unknown; properties?: Record<string, unknown>; anyOf?: unknown[] } | undefined;
  if (!s) return false;
  if (s.type === 'array' || (s.properties && 'results' in s.properties)) return true;
  return Array.isArray(s.anyOf) && s.anyOf.some(isList);
}

/**
 * A stable, unique, camelCase operationId from method and path:
 * `GET /api/general_order/` → listGeneralOrders, `GET …/{id}/` → getGeneralOrder,
 * `POST …/` → createGeneralOrder, `PUT`/`PATCH`/`DELETE …/{id}/` →
 * replace/update/deleteGeneralOrder, and an action after an id
 * (`POST …/{id}/approve_results/`) → approveGeneralOrderResults.
 */
export function operationIdFor(method: string, url: string, reply200?: unknown): string {
  const segments = url.split('/').filter((s) => s && s !== 'api');
  const paramAt = segments.findIndex((s) => s.startsWith(':') || s.startsWith('{'));
  const m = method.toUpperCase();
  if (paramAt === -1) {
    const name = segments.flatMap(words);
    if (m === 'GET' && isList(reply200)) return `list${pascal([...name.slice(0, -1), plural(name.at(-1) ?? 'item')])}`;
    const verb = { GET: 'get', POST: 'create', PUT: 'replace', PATCH: 'update', DELETE: 'delete' }[m] ?? m.toLowerCase();
    // A POST to a single word that is itself a verb (login) keeps it; others create the thing named.
    if (m === 'POST' && segments.length >= 1 && !isList(reply200) && name.length > 0) return `${verb}${pascal(name)}`;
    return `${verb}${pascal(name)}`;
  }
  const resource = segments.slice(0, paramAt).flatMap(words);
  const after = segments.slice(paramAt + 1).filter((s) => !s.startsWith(':') && !s.startsWith('{'));
  if (after.length === 0) {
    const verb = { GET: 'get', PUT: 'replace', PATCH: 'update', DELETE: 'delete', POST: 'create' }[m] ?? m.toLowerCase();
    return `${verb}${pascal(resource)}`;
  }
  const action = after.flatMap(words);
  if (m === 'GET') return `get${pascal([...resource, ...action])}`;
  if (m === 'DELETE') return `delete${pascal([...resource, ...action])}`;
  return `${action[0]}${pascal([...resource, ...action.slice(1)])}`;
}

/** `approveGeneralOrderResults` → "Approve general order results". */
const summaryOf = (operationId: string) => {
  const text = operationId.replace(/([A-Z])/g, ' $1').toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const FIELD_ERRORS = {
  description: 'Invalid input: each key names a field (non_field_errors for the body as a whole), with its messages.',
  type: 'object',
  additionalProperties: { type: 'array', items: { type: 'string' } },
};
const DETAIL = (description: string) => ({ description, type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] });

/**
 * The error replies every route can give, derived in one place from what
 * decides them (core/error-handler, core/auth, core/db-queue): bad input
 * (400) anywhere; without a valid token (401) or a role for it (403) unless
 * public; a missing or another facility's record (404) where the path names
 * one; a state that forbids the change (409) on writes; the embedded
 * database's busy answer (503, Retry-After). A route's own declaration of a
 * code wins; routes that check a password declare their 429 themselves.
 */
function derivedReplies(url: string, route: { method: string | string[]; config?: unknown }): Record<string, unknown> {
  const isPublic = (route.config as { public?: boolean } | undefined)?.public === true;
  const methods = ([] as string[]).concat(route.method);
  const writes = methods.some((m) => m !== 'GET' && m !== 'HEAD');
  const hasId = url.split('/').some((p) => p.startsWith(':') || p.startsWith('{'));
  return {
    400: FIELD_ERRORS,
    ...(isPublic
      ? {}
      : {
          401: DETAIL('Authentication credentials were not provided or are no longer valid.'),
          403: DETAIL('Your role may not do this.'),
        }),
    ...(hasId ? { 404: DETAIL('Not found (or held by another facility).') } : {}),
    ...(writes && !isPublic ? { 409: DETAIL('The record is not in a state that allows this change; nothing was changed.') } : {}),
    503: DETAIL('The server is busy; try again after the Retry-After seconds.'),
  };
}

/** Zod → JSON schema (OpenAPI 3.1), plus an operationId for every route that declares none. */
const assigned = new Map<string, string>();
const transform: SwaggerTransform = (input) => {
  const out = jsonSchemaTransform(input as never) as { schema: Record<string, unknown>; url: string };
  const schema = out.schema;
  if (!schema.hide && !schema.operationId) {
    const response = schema.response as Record<string, { content?: Record<string, { schema?: unknown }> } & Record<string, unknown>> | undefined;
    const ok = response?.['200'] ?? response?.[200];
    const methods = ([] as string[]).concat(input.route.method as string | string[]).filter((m) => m !== 'HEAD');
    const key = `${methods[0]} ${input.url}`;
    let id = assigned.get(key) ?? operationIdFor(methods[0] ?? 'GET', input.url, ok);
    // Two paths that read alike (general_order_report/ and general_order/{id}/report/) keep apart by their parameters.
    if (!assigned.has(key) && [...assigned.values()].includes(id))
      id = `${id}By${pascal(
        input.url
          .split('/')
          .filter((p) => p.startsWith(':') || p.startsWith('{'))
          .map((p) => p.replace(/[:{}]/g, '')),
      )}Path`;
    assigned.set(key, id);
    schema.operationId = id;
  }
  if (!schema.hide && !schema.summary) schema.summary = summaryOf(String(schema.operationId));
  if (!schema.hide) {
    schema.response = { ...derivedReplies(input.url, input.route), ...((schema.response ?? {}) as object) };
    // A public route needs no token: it overrides the document's default bearer requirement.
    if ((input.route.config as { public?: boolean } | undefined)?.public === true) schema.security = [];
  }
  return out as never;
};

/** The OpenAPI document at /api/openapi.json, browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'National Laboratory Information System API',
        version: '1.0.0',
        description: 'The API of the national laboratory information system. Errors: 400 `{field: [messages]}`, others `{detail}`.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-NLIMS' },
      },
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform,
  });
  await publicRoutes(app, async (scope) => {
    await scope.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', validatorUrl: null },
      staticCSP: SWAGGER_CSP,
    });
  });
  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, () => app.swagger());
}
