import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Resource } from '@medplum/fhirtypes';
import { z } from 'zod';
import { principalOf } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import type { App } from '../../core/types.js';
import { recordAudit } from '../audit/audit.service.js';
import { fhirReader, requireFhirReferenceRead } from './fhir.access.js';
import { capabilityStatement } from './fhir.capability.js';
import { fhirOrderRoutes } from './fhir.orders.js';
import { codeSystems, filterCanonical, questionnaires } from './fhir.forms.js';
import { FhirError, fhirNotFound, fhirScope, sendFhir } from './fhir.http.js';
import { readOne, search, searchset } from './fhir.read.js';
import { checkFormat, idOf, onlyKnown, pageOf, parseQuery, type SearchParams } from './fhir.search.js';

/**
 * The FHIR R4 door at `/fhir`: the read and search of the laboratory's data (fhir.read.ts) and the orders other
 * systems post (fhir.orders.ts), in one scope with FHIR's own content type and OperationOutcome errors
 * (fhir.http.ts). Who reads what: fhir.access.ts.
 */
export async function fhirRoutes(app: FastifyInstance, db: Db): Promise<void> {
  await app.register(
    async (plain) => {
      fhirScope(plain);
      const scope = plain.withTypeProvider<ZodTypeProvider>() as unknown as App;
      readRoutes(scope, db);
      // The orders side: transaction Bundles with a Task, and the Task resource.
      fhirOrderRoutes(scope, db);
    },
    { prefix: '/fhir' },
  );
}

type Scope = App;

const tags = ['fhir'];
const fhirId = z.string().max(200);
const params = z.object({ id: fhirId });
/** A FHIR resource, described for the OpenAPI document (sent as its JSON text, never serialised by a schema). */
const RESOURCE = z.any().meta({ type: 'object', description: 'A FHIR R4 resource (http://hl7.org/fhir/R4/)' });
const FHIR_REPLY = (description: string) => ({ 200: { description, content: { 'application/fhir+json': { schema: RESOURCE } } } });

/** This server's FHIR base as the caller reached it (absolute URLs in Bundles and links). */
export const fhirBase = (request: FastifyRequest) => `${request.protocol}://${request.host}/fhir`;

/** The types read from the database in the caller's scope. */
const PATIENT_DATA = ['Patient', 'ServiceRequest', 'Specimen', 'Observation', 'DiagnosticReport', 'QuestionnaireResponse'] as const;

function readRoutes(scope: Scope, db: Db): void {
  scope.get(
    '/metadata',
    { schema: { tags, summary: 'The CapabilityStatement (FHIR R4)', response: FHIR_REPLY('CapabilityStatement') }, config: { public: true } },
    (request, reply) => sendFhir(reply, capabilityStatement(fhirBase(request), new Date().toISOString().slice(0, 10))),
  );

  for (const type of [...PATIENT_DATA, 'Organization'] as const) {
    scope.get(`/${type}`, { schema: { tags, summary: `Search ${type} (FHIR searchset Bundle)`, response: FHIR_REPLY('Bundle') } }, async (request, reply) => {
      const p = principalOf(request);
      const query = parseQuery(request.url);
      const reader = type === 'Organization' ? organizationReader(p) : await fhirReader(db, p);
      const bundle = await search(db, reader, type, query, fhirBase(request), `/${type}`);
      if (type !== 'Organization') await audit(db, p, 'fhir.search', type, null, { total: bundle.total, returned: bundle.entry?.length ?? 0 });
      return sendFhir(reply, bundle);
    });
    scope.get(`/${type}/:id`, { schema: { tags, summary: `Read a ${type}`, params, response: FHIR_REPLY(type) } }, async (request, reply) => {
      const p = principalOf(request);
      const reader = type === 'Organization' ? organizationReader(p) : await fhirReader(db, p);
      const id = idOf(request.params.id);
      const found = id == null ? null : await readOne(db, reader, type, id, fhirBase(request));
      if (!found) throw fhirNotFound(type, request.params.id);
      if (type !== 'Organization') await audit(db, p, 'fhir.read', type, request.params.id, null);
      return sendFhir(reply, found);
    });
  }

  canonicalRoutes(scope, 'CodeSystem', () => codeSystems(db));
  canonicalRoutes(scope, 'Questionnaire', async () => questionnaires());
}

/** Facilities are reference data: any caller signed in reads them (the scope of a reader does not apply). */
function organizationReader(p: ReturnType<typeof principalOf>) {
  requireFhirReferenceRead(p);
  return { facilityId: -1, programIds: [], programNames: [], hiddenIdentifierTypes: [], releasedOnly: false, apiClientId: null };
}

/** A type served from memory (the catalogue's codes, the request forms): read by id, search by `_id`, `url`, `name`, `title`. */
function canonicalRoutes(
  scope: Scope,
  type: 'CodeSystem' | 'Questionnaire',
  all: () => Promise<(Resource & { url?: string; name?: string; title?: string })[]>,
): void {
  scope.get(`/${type}`, { schema: { tags, summary: `Search ${type} (FHIR searchset Bundle)`, response: FHIR_REPLY('Bundle') } }, async (request, reply) => {
    requireFhirReferenceRead(principalOf(request));
    const query: SearchParams = parseQuery(request.url);
    onlyKnown(query, ['url', 'name', 'title']);
    checkFormat(query);
    if (query.has('_include')) throw new FhirError(400, `${type} offers no _include.`, 'invalid', '_include');
    const { count, offset } = pageOf(query);
    const matches = filterCanonical(await all(), query);
    return sendFhir(
      reply,
      searchset({
        matches: matches.slice(offset, offset + count),
        included: [],
        total: matches.length,
        params: query,
        base: fhirBase(request),
        selfPath: `/${type}`,
        count,
        offset,
      }),
    );
  });
  scope.get(`/${type}/:id`, { schema: { tags, summary: `Read a ${type}`, params, response: FHIR_REPLY(type) } }, async (request, reply) => {
    requireFhirReferenceRead(principalOf(request));
    const found = (await all()).find((x) => x.id === request.params.id);
    if (!found) throw fhirNotFound(type, request.params.id);
    return sendFhir(reply, found);
  });
}

/** Reading patients' data through FHIR is audited like any other view of it. */
function audit(db: Db, p: ReturnType<typeof principalOf>, action: string, type: string, id: string | null, after: unknown) {
  return recordAudit(db, p, {
    action,
    entity: `fhir.${type}`,
    entityId: id,
    after: { ...(after as object), ...(p.apiClient ? { api_client: p.apiClient.id } : {}) },
  });
}
