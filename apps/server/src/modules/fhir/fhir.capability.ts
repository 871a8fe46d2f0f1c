import type { CapabilityStatement, CapabilityStatementRestResource, ResourceType } from '@medplum/fhirtypes';
import { FHIR_TYPES } from './fhir.types.js';

/**
 * `GET /fhir/metadata`: what this server does, built from a list every side of the FHIR door adds to — the read side
 * registers its resource types here; the orders side adds Task and the transaction interaction with
 * `addCapability` / `addSystemInteraction` when its routes are registered.
 */

const READ_ONLY: CapabilityStatementRestResource['interaction'] = [{ code: 'read' }, { code: 'search-type' }];

const TYPE_DOCS: Record<string, string> = {
  Patient:
    'The client, with the identifiers the caller may see (a programme\u2019s identifiers only for callers with that programme), each also under the system another system sent it with; `identifier` finds by either system.',
  Organization: 'Facilities.',
  ServiceRequest:
    'One per ordered test; `identifier` carries the laboratory number and, for an order another system sent, its own identifiers of the test (type PLAC); `requisition` the placer\u2019s requisition (else the laboratory number). Both search parameters take either.',
  Specimen: 'One per sample; `identifier` is its barcode, `accessionIdentifier` the laboratory number.',
  Observation: 'One per result (preliminary, final, amended, cancelled); API clients see final and amended only.',
  DiagnosticReport:
    'One per sample, with its results; the signed report PDF as `presentedForm` once final; `basedOn` names each ServiceRequest with the placer\u2019s identifier of it. Found by the placer\u2019s numbers with based-on:ServiceRequest.identifier and based-on:ServiceRequest.requisition.',
  QuestionnaireResponse: 'An order\u2019s request-form answers (id: the order).',
};

const PARAM_TYPES: Record<string, 'token' | 'reference' | 'date' | 'string' | 'uri'> = {
  identifier: 'token',
  requisition: 'token',
  accession: 'token',
  status: 'token',
  gender: 'token',
  code: 'token',
  patient: 'reference',
  subject: 'reference',
  specimen: 'reference',
  'based-on': 'reference',
  questionnaire: 'reference',
  'patient.identifier': 'token',
  'subject.identifier': 'token',
  'subject:Patient.identifier': 'token',
  'based-on:ServiceRequest.identifier': 'token',
  'based-on:ServiceRequest.requisition': 'token',
  date: 'date',
  authored: 'date',
  collected: 'date',
  birthdate: 'date',
  name: 'string',
  family: 'string',
  given: 'string',
  title: 'string',
  url: 'uri',
};

const extra: CapabilityStatementRestResource[] = [];
const systemInteractions: { code: 'transaction' | 'batch' | 'search-system' | 'history-system'; documentation?: string }[] = [];

/** Add a resource type to the statement (the orders side: Task). A type already there is replaced. */
export function addCapability(resource: CapabilityStatementRestResource): void {
  const at = extra.findIndex((r) => r.type === resource.type);
  if (at >= 0) extra.splice(at, 1);
  extra.push(resource);
}

/** Add a whole-system interaction (the orders side: `transaction`). */
export function addSystemInteraction(interaction: (typeof systemInteractions)[number]): void {
  if (!systemInteractions.some((i) => i.code === interaction.code)) systemInteractions.push(interaction);
}

function readResources(): CapabilityStatementRestResource[] {
  const types = Object.entries(FHIR_TYPES).map(
    ([type, def]): CapabilityStatementRestResource => ({
      type: type as ResourceType,
      documentation: TYPE_DOCS[type],
      interaction: READ_ONLY,
      searchParam: [
        { name: '_id', type: 'token' },
        ...def.params.map((name) => ({ name, type: PARAM_TYPES[name] ?? 'token' })),
        { name: '_count', type: 'number', documentation: 'Page size, at most 100 (default 20).' },
      ],
      ...(def.includes.length ? { searchInclude: [...def.includes] } : {}),
    }),
  );
  const canonical = (type: ResourceType, documentation: string): CapabilityStatementRestResource => ({
    type,
    documentation,
    interaction: READ_ONLY,
    searchParam: [
      { name: '_id', type: 'token' },
      { name: 'url', type: 'uri' },
      { name: 'name', type: 'string' },
      { name: 'title', type: 'string' },
    ],
  });
  return [
    ...types,
    canonical('CodeSystem', 'Each programme\u2019s coded results (id: <programme>-results).'),
    canonical('Questionnaire', 'Each programme\u2019s request form (id: the programme, e.g. viral-load).'),
    {
      type: 'Binary',
      documentation: 'A released sample\u2019s signed report (id: report-<sample id>): the PDF, or a Binary when asked for FHIR JSON.',
      interaction: [{ code: 'read' }],
    },
  ];
}

export function capabilityStatement(base: string, date: string): CapabilityStatement {
  const resources = [...readResources().filter((r) => !extra.some((e) => e.type === r.type)), ...extra].sort((a, b) => a.type.localeCompare(b.type));
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date,
    publisher: 'NLIMS',
    kind: 'instance',
    software: { name: 'NLIMS' },
    implementation: { description: 'The laboratory information system\u2019s FHIR R4 server', url: base },
    fhirVersion: '4.0.1',
    format: ['json', 'application/fhir+json'],
    rest: [
      {
        mode: 'server',
        documentation:
          'Bearer token: a person\u2019s access token (their roles and facility decide what they read), or an API client\u2019s secret (its scopes, facility and programmes).',
        security: { service: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'OAuth', display: 'OAuth' }] }] },
        resource: resources,
        ...(systemInteractions.length ? { interaction: [...systemInteractions] } : {}),
      },
    ],
  };
}
