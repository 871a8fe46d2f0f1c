import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Resource } from '@medplum/fhirtypes';
import { z } from 'zod';
import { principalOf } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import type { App } from '../../core/types.js';
import { recordAudit } from '../audit/audit.service.js';
import { ROLES, type ProgramForm, roleMay } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { forbidden } from '../../core/errors.js';
import type { Principal } from '../../core/principal.js';
import { assertReportReleasable, renderReport, reportData } from '../reports/reports.service.js';
import { sendPdf } from '../../core/pdf.js';
import { type FhirReader, fhirReader, requireFhirReferenceRead } from './fhir.access.js';
import { capabilityStatement } from './fhir.capability.js';
import { fhirOrderRoutes } from './fhir.orders.routes.js';
import { codeSystems, filterCanonical, questionnaires } from './fhir.forms.js';
import { FHIR_JSON, FhirError, fhirBase, fhirNotFound, fhirScope, sendFhir } from './fhir.http.js';
import { readOne, search, searchset } from './fhir.read.js';
import { diagnosticReportsOf, sampleRows } from './fhir.rows.js';
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
const PDF = z.any().meta({ type: 'string', format: 'binary' });
const FHIR_REPLY = (description: string) => ({ 200: { description, content: { 'application/fhir+json': { schema: RESOURCE } } } });

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

  reportRoute(scope, db);
  canonicalRoutes(scope, 'CodeSystem', () => codeSystems(db));
  canonicalRoutes(scope, 'Questionnaire', async () => questionnaires());
}

/**
 * `GET /fhir/Binary/report-<sample id>`: the signed report of a released sample (a DiagnosticReport's
 * `presentedForm.url`) — the PDF itself, or, asked for `application/fhir+json`, a Binary resource carrying it. The
 * same report, audit row and billing hold as the product's own report route; reachable by an API client too (which
 * the /api routes refuse), in its scope.
 */
function reportRoute(scope: Scope, db: Db): void {
  scope.get(
    '/Binary/:id',
    {
      schema: {
        tags,
        summary: "A released sample's signed report (PDF, or a FHIR Binary)",
        params,
        response: {
          200: {
            description: 'The report (PDF), or a Binary resource.',
            content: { 'application/pdf': { schema: PDF }, 'application/fhir+json': { schema: RESOURCE } },
          },
        },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const reader = await fhirReader(db, p);
      const match = /^report-(\d{1,10})$/.exec(request.params.id);
      const sampleId = match ? idOf(match[1]!) : null;
      const [sample] = sampleId == null ? [] : await sampleRows(db, reader, [sql`s.id = ${sampleId}`]);
      const [report] = sample ? await diagnosticReportsOf(db, reader, [sample], fhirBase(request)) : [];
      if (!sample || !report || (report.status !== 'final' && report.status !== 'amended')) throw fhirNotFound('Binary', request.params.id);
      // A system reads as a reader of its programmes at its facility: the scope fhirReader has already checked.
      const viewer = p.apiClient ? readingPrincipal(p, reader, sample.program) : p;
      const data = await reportData(db, viewer, sample.form as ProgramForm, sample.id);
      await assertReportReleasable(db, viewer, sample.id);
      const pdf = await renderReport(data);
      await recordAudit(db, p, {
        action: 'report.view',
        entity: 'sample_access',
        entityId: String(sample.id),
        after: { format: 'pdf', via: 'fhir', ...(p.apiClient ? { api_client: p.apiClient.id } : {}) },
      });
      if (String(request.headers.accept ?? '').includes(FHIR_JSON))
        return sendFhir(reply, { resourceType: 'Binary', id: request.params.id, contentType: 'application/pdf', data: pdf.toString('base64') });
      return sendPdf(reply, pdf, `report-${data.order.lab_number}.pdf`);
    },
  );
}

/** An API client as a principal the report's own checks accept: a reading role in the sample's programme, nothing more. */
function readingPrincipal(p: Principal, reader: FhirReader, program: string): Principal {
  const role = ROLES.find((r) => roleMay(r, program, 'read'));
  const programId = reader.programIds[reader.programNames.indexOf(program)];
  if (!role || programId == null) throw forbidden('This API client does not reach this programme.');
  return { ...p, roles: [{ program, programId, role }] };
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
