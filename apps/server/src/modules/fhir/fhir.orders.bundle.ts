import { FHIR_NAMESPACE, FHIR_SYSTEMS, type ElectronicRequestSummary, identifierSystem, PRIORITIES, rulesOf, sampleTypeOfSnomed } from '@nlims/contracts';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../core/db.js';
import { testTypeSampleTypes, testTypes } from '../catalogue/catalogue.table.js';
import { facilities } from '../facilities/facilities.table.js';
import { programs } from '../programs/programs.table.js';
import { clientIdentifierTypes, sampleTypes } from '../reference/reference.table.js';
import { ValidationError } from '../../core/errors.js';
import { validateRequestForm } from '../samples/request-form.js';
import { FhirError } from './fhir.http.js';
import { clientIdentifierSystems } from './fhir.table.js';

/**
 * Reading an order another system posts: a FHIR transaction Bundle holding one Patient, the ServiceRequests (one per
 * test asked), at most one Specimen, one Task (status `requested`, intent `order`, `owner` the laboratory) and,
 * optionally, a QuestionnaireResponse answering the programme's request form. What is wrong is a 400
 * OperationOutcome naming the element (an unknown test code, a missing identifier, a Task not `requested`, a
 * Specimen of an unknown type or collected in the future…). The placer's identifiers (ServiceRequest.requisition and
 * each ServiceRequest's identifiers) and the sender's identifier systems are kept as given.
 */

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | null => (v != null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const invalid = (expression: string, message: string, code: 'invalid' | 'required' | 'code-invalid' | 'business-rule' | 'not-found' = 'invalid') =>
  new FhirError(400, message, code, expression);

/** What each entry of the bundle became: its type, and for a ServiceRequest the test it asked. */
export interface ParsedEntry {
  resourceType: string;
  /** A ServiceRequest's test (catalogue id). */
  testId?: number;
  /** A ServiceRequest asking the same test as an earlier entry: that entry's index. */
  sameAs?: number;
  /** The bundled Organization the Task's owner names (the laboratory). */
  owner?: boolean;
}

/** An identifier the placer gave: the requisition (the order's number) or a ServiceRequest's own, with its test. */
export interface PlacerIdentifier {
  kind: 'requisition' | 'placer';
  testTypeId: number | null;
  system: string;
  value: string;
}

export interface ParsedOrder {
  facilityId: number;
  facilityName: string;
  programId: number;
  programName: string;
  identifier: { system: string; value: string };
  requester: string;
  testIds: number[];
  summary: ElectronicRequestSummary;
  entries: ParsedEntry[];
  placer: PlacerIdentifier[];
}

interface Coding {
  system: string;
  code: string;
  display: string;
}
const codings = (concept: unknown): Coding[] =>
  arr(obj(concept)?.coding)
    .map(obj)
    .filter((c): c is Json => c != null)
    .map((c) => ({ system: str(c.system), code: str(c.code), display: str(c.display) }));
const conceptText = (concept: unknown): string =>
  str(obj(concept)?.text) || codings(concept).find((c) => c.display)?.display || codings(concept)[0]?.code || '';
const refDisplay = (ref: unknown): string => str(obj(ref)?.display);

/** The bundle's resources by type, each with the fullUrl it may be referenced by. */
function entriesOf(body: unknown): { resource: Json; fullUrl: string; index: number }[] {
  const bundle = obj(body);
  const notBundle = () => invalid('Bundle', 'Post a Bundle resource (resourceType "Bundle").', 'invalid');
  if (bundle == null) throw notBundle();
  if (bundle.resourceType !== 'Bundle') throw notBundle();
  if (bundle.type !== 'transaction') throw invalid('Bundle.type', 'The Bundle must be a transaction (type "transaction").');
  const entries = arr(bundle.entry);
  if (!entries.length) throw invalid('Bundle.entry', 'The Bundle has no entries.', 'required');
  if (entries.length > 60) throw invalid('Bundle.entry', 'A Bundle holds at most 60 entries.');
  return entries.map((e, index) => {
    const entry = obj(e);
    const resource = obj(entry?.resource);
    if (!entry || !resource || typeof resource.resourceType !== 'string')
      throw invalid(`Bundle.entry[${index}].resource`, 'Each entry carries a resource.', 'required');
    const method = str(obj(entry.request)?.method).toUpperCase();
    if (method && method !== 'POST' && method !== 'PUT') throw invalid(`Bundle.entry[${index}].request.method`, 'Entries are created (POST or PUT).');
    return { resource, fullUrl: str(entry.fullUrl), index };
  });
}

/** The laboratory a Task's owner names: `Organization/<id>`, a facility code identifier, or a bundled Organization. */
async function ownerFacility(tx: Tx, owner: Json | null, bundled: { resource: Json; fullUrl: string }[]) {
  if (!owner) throw invalid('Task.owner', 'Task.owner must name the laboratory (an Organization).', 'required');
  const reference = str(owner.reference);
  let code = str(obj(owner.identifier)?.value);
  let id: number | null = null;
  const local = reference ? bundled.find((e) => e.fullUrl === reference && e.resource.resourceType === 'Organization') : undefined;
  if (local) code = str(obj(arr(local.resource.identifier)[0])?.value) || code;
  else if (reference) {
    const m = reference.match(/^(?:.*\/)?Organization\/([0-9]{1,9})$/);
    if (!m) throw invalid('Task.owner', `Task.owner "${reference}" is not a laboratory of this server.`, 'not-found');
    id = Number(m[1]);
  }
  if (id == null && !code) throw invalid('Task.owner', 'Task.owner must name the laboratory (a reference or its facility code).', 'required');
  const [facility] = await tx
    .select({ id: facilities.id, name: facilities.facilityName })
    .from(facilities)
    .where(id != null ? eq(facilities.id, id) : eq(facilities.facilityCode, code));
  if (!facility) throw invalid('Task.owner', 'Task.owner names no laboratory of this server.', 'not-found');
  return { ...facility, ownerUrl: local?.fullUrl ?? null };
}

/** The tests the ServiceRequests ask for, by LOINC or by the catalogue's own code; all in one programme. */
async function testsAsked(tx: Tx, requests: Json[]) {
  const wanted = requests.map((r, i) => {
    const list = codings(r.code).filter((c) => c.code);
    if (!list.length)
      throw invalid(`ServiceRequest[${i}].code`, 'Each ServiceRequest names its test in code.coding (LOINC or the catalogue’s code).', 'required');
    return list;
  });
  const loincs = wanted
    .flat()
    .filter((c) => c.system === FHIR_SYSTEMS.loinc)
    .map((c) => c.code);
  const own = wanted
    .flat()
    .filter((c) => c.system === FHIR_SYSTEMS.testCode || c.system === '')
    .map((c) => c.code);
  const conditions = [...(loincs.length ? [inArray(testTypes.loinc_code, loincs)] : []), ...(own.length ? [inArray(testTypes.code, own)] : [])];
  const rows = conditions.length
    ? await tx
        .select({
          id: testTypes.id,
          name: testTypes.name,
          code: testTypes.code,
          loinc: testTypes.loinc_code,
          system: testTypes.code_system,
          program: testTypes.program,
        })
        .from(testTypes)
        .where(and(eq(testTypes.is_active, true), or(...conditions)))
    : [];
  return wanted.map((list, i) => {
    for (const c of list) {
      const match =
        c.system === FHIR_SYSTEMS.loinc
          ? rows.filter((t) => t.loinc === c.code && t.system === FHIR_SYSTEMS.loinc).sort((a, b) => a.id - b.id)[0]
          : rows.find((t) => t.code === c.code);
      if (match) return match;
    }
    const named = list.map((c) => (c.system ? `${c.system}|${c.code}` : c.code)).join(', ');
    throw invalid(`ServiceRequest[${i}].code`, `Unknown test code ${named}: no active test of the catalogue has it.`, 'code-invalid');
  });
}

/** A full FHIR dateTime with its time and zone (seconds required, as R4 writes them). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;
/** A collection time a few minutes ahead is the sender's clock, not the future (as the product's own collect move). */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The bundle's Specimen: its type as one of the catalogue's sample types — by the catalogue's code
 * (FHIR_SYSTEMS.sampleType, or a code without system), a SNOMED CT specimen concept, or the type's name in
 * `text`/`display` — which every test asked must take, and when it was collected (a full dateTime, not in the future).
 */
async function specimenOf(tx: Tx, specimen: Json | undefined, testIds: number[]): Promise<ElectronicRequestSummary['specimen']> {
  if (!specimen) return null;
  const concept = obj(specimen.type);
  let type: { id: number; name: string } | null = null;
  const given = codings(concept);
  const names = [str(concept?.text), ...given.map((c) => c.display)].filter(Boolean).map((n) => n.toLowerCase());
  if (given.length || names.length) {
    const known = await tx
      .select({ id: sampleTypes.id, name: sampleTypes.name, code: sampleTypes.code })
      .from(sampleTypes)
      .where(eq(sampleTypes.is_active, true));
    const byCode = (code: string | null) => (code ? known.find((t) => t.code === code) : undefined);
    const found =
      given
        .map((c) =>
          c.system === FHIR_SYSTEMS.sampleType || c.system === ''
            ? byCode(c.code)
            : c.system === FHIR_SYSTEMS.snomed
              ? byCode(sampleTypeOfSnomed(c.code))
              : undefined,
        )
        .find((t) => t != null) ?? known.find((t) => names.includes(t.name.toLowerCase()));
    if (!found) {
      const named = given.map((c) => (c.system ? `${c.system}|${c.code}` : c.code)).concat(str(concept?.text) ? [`"${str(concept?.text)}"`] : []);
      throw invalid(
        'Specimen.type',
        `Unknown specimen type ${named.join(', ')}: name one of the laboratory’s sample types by its code (${FHIR_SYSTEMS.sampleType}), its SNOMED CT concept or its name.`,
        'code-invalid',
      );
    }
    type = found;
    const links = testIds.length ? await tx.select().from(testTypeSampleTypes).where(inArray(testTypeSampleTypes.testTypeId, testIds)) : [];
    const refusing = testIds.find((id) => {
      const own = links.filter((l) => l.testTypeId === id);
      return own.length > 0 && !own.some((l) => l.sampleTypeId === found.id);
    });
    if (refusing !== undefined) {
      const [test] = await tx.select({ name: testTypes.name }).from(testTypes).where(eq(testTypes.id, refusing));
      const taken = known.filter((t) => links.some((l) => l.testTypeId === refusing && l.sampleTypeId === t.id)).map((t) => t.name);
      throw invalid('Specimen.type', `${test?.name ?? 'A test asked'} is not run on ${found.name}; it takes ${taken.join(', ')}.`, 'business-rule');
    }
  }
  const collection = obj(specimen.collection);
  const when = str(collection?.collectedDateTime);
  let collectedAt: string | null = null;
  if (collection?.collectedDateTime !== undefined) {
    const expression = 'Specimen.collection.collectedDateTime';
    const at = DATE_TIME.test(when) ? new Date(when) : null;
    if (!at || Number.isNaN(at.getTime())) throw invalid(expression, `${expression} is the time of collection with its zone, e.g. 2026-11-20T08:30:00+01:00.`);
    if (at.getTime() > Date.now() + CLOCK_SKEW_MS) throw invalid(expression, `${expression} (${when}) is in the future.`, 'business-rule');
    if (at.getUTCFullYear() < 1900) throw invalid(expression, `${expression} (${when}) is not a plausible collection time.`);
    collectedAt = at.toISOString();
  }
  return {
    type: (type?.name ?? conceptText(concept)).slice(0, 100),
    sample_type: type?.id ?? null,
    collected_at: collectedAt,
  };
}

/** An identifier as the sender gave it (not one of this server's own, which the sender may echo back). */
const senderIdentifier = (raw: unknown): { system: string; value: string } | null => {
  const i = obj(raw);
  const value = str(i?.value);
  const system = str(i?.system);
  if (!value || value.length > 200 || system.length > 300 || system.startsWith(FHIR_NAMESPACE)) return null;
  return { system, value };
};

/** The placer's identifiers: each ServiceRequest's requisition (once) and own identifiers, with the test it asked. */
function placerIdentifiers(requests: Json[], tests: { id: number }[]): PlacerIdentifier[] {
  const out: PlacerIdentifier[] = [];
  const add = (x: PlacerIdentifier) => {
    if (!out.some((y) => y.kind === x.kind && y.testTypeId === x.testTypeId && y.system === x.system && y.value === x.value)) out.push(x);
  };
  requests.forEach((r, i) => {
    const requisition = senderIdentifier(r.requisition);
    if (requisition) add({ kind: 'requisition', testTypeId: null, ...requisition });
    for (const raw of arr(r.identifier).slice(0, 5)) {
      const id = senderIdentifier(raw);
      if (id) add({ kind: 'placer', testTypeId: tests[i]!.id, ...id });
    }
  });
  return out.slice(0, 50);
}

/** The answers of a QuestionnaireResponse as request-form fields (linkId → value). */
function formAnswers(response: Json | undefined): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  const walk = (items: unknown[]) => {
    for (const raw of items) {
      const item = obj(raw);
      if (!item) continue;
      const link = str(item.linkId);
      const answer = obj(arr(item.answer)[0]);
      if (link && answer && link.length <= 100) {
        const value =
          answer.valueString ??
          answer.valueDate ??
          answer.valueDateTime ??
          answer.valueBoolean ??
          answer.valueInteger ??
          answer.valueDecimal ??
          obj(answer.valueCoding)?.code;
        if (value !== undefined && value !== null) form[link] = value;
      }
      walk(arr(item.item));
    }
  };
  if (response) walk(arr(response.item));
  return form;
}

/** Read and check the bundle; `reaches` says whether the caller may order in a programme (else a 400). */
export async function parseOrderBundle(tx: Tx, body: unknown, reaches: (programId: number) => boolean): Promise<ParsedOrder> {
  const entries = entriesOf(body);
  const of = (type: string) => entries.filter((e) => e.resource.resourceType === type);
  const tasks = of('Task');
  if (tasks.length !== 1) throw invalid('Task', 'The Bundle holds exactly one Task (the order).', 'required');
  const task = tasks[0]!.resource;
  if (task.status !== 'requested') throw invalid('Task.status', 'A new order’s Task has status "requested".');
  if (task.intent !== 'order') throw invalid('Task.intent', 'A new order’s Task has intent "order".');
  const patients = of('Patient');
  if (patients.length !== 1) throw invalid('Patient', 'The Bundle holds exactly one Patient.', 'required');
  const patient = patients[0]!.resource;
  const requests = of('ServiceRequest').map((e) => e.resource);
  if (!requests.length) throw invalid('ServiceRequest', 'The Bundle holds at least one ServiceRequest (a test asked).', 'required');
  if (requests.length > 20) throw invalid('ServiceRequest', 'At most 20 tests in one order.');
  const specimens = of('Specimen');
  if (specimens.length > 1) throw invalid('Specimen', 'At most one Specimen per order.');

  // The order's identifier: the Task's, or the ServiceRequests' requisition.
  const taskId = obj(arr(task.identifier)[0]) ?? obj(requests[0]!.requisition);
  const identifier = { system: str(taskId?.system).slice(0, 300), value: str(taskId?.value) };
  if (!identifier.value)
    throw invalid('Task.identifier', 'Task.identifier (or ServiceRequest.requisition) is required: a resent order is known by it.', 'required');
  if (identifier.value.length > 200) throw invalid('Task.identifier', 'Task.identifier is at most 200 characters.');

  const facility = await ownerFacility(tx, obj(task.owner), entries);

  // The patient: a name, a sex and at least one identifier (the laboratory finds its client by it).
  const ids = arr(patient.identifier)
    .map(obj)
    .filter((i): i is Json => i != null && str(i.value) !== '');
  if (!ids.length) throw invalid('Patient.identifier', 'Patient.identifier is required (e.g. the ART or hospital number).', 'required');
  const types = await tx.select().from(clientIdentifierTypes).where(eq(clientIdentifierTypes.is_active, true));
  // A sender's own system, once the laboratory has accepted an identifier of a known type under it, names that type.
  const systems = ids.map((i) => str(i.system)).filter((x) => x && !x.startsWith(FHIR_NAMESPACE));
  const learned = systems.length
    ? await tx
        .selectDistinct({ system: clientIdentifierSystems.system, typeId: clientIdentifierSystems.identifierTypeId })
        .from(clientIdentifierSystems)
        .where(and(eq(clientIdentifierSystems.facilityId, facility.id), inArray(clientIdentifierSystems.system, systems)))
    : [];
  const identifiers = ids.slice(0, 10).map((i) => {
    const system = str(i.system).slice(0, 300);
    const typeCodes = codings(i.type).map((c) => c.code);
    const typeText = str(obj(i.type)?.text).toLowerCase();
    const learnt = learned.filter((l) => l.system === system);
    const type =
      types.find((t) => identifierSystem(t.name) === system || typeCodes.includes(t.code) || t.name.toLowerCase() === typeText) ??
      (learnt.length === 1 ? types.find((t) => t.id === learnt[0]!.typeId) : undefined);
    return { type: type?.name ?? '', system, value: str(i.value).slice(0, 50) };
  });
  const name = obj(arr(patient.name)[0]);
  const family = str(name?.family).slice(0, 100);
  const given = arr(name?.given).map(str).filter(Boolean).join(' ').slice(0, 100);
  if (!family || !given) throw invalid('Patient.name', 'Patient.name needs a family and a given name.', 'required');
  const gender = str(patient.gender);
  if (gender !== 'male' && gender !== 'female') throw invalid('Patient.gender', 'Patient.gender is "male" or "female".', 'required');
  const birthDate = str(patient.birthDate);
  if (birthDate && !/^\d{4}-\d{2}-\d{2}$/.test(birthDate)) throw invalid('Patient.birthDate', 'Patient.birthDate is a full date (YYYY-MM-DD).');
  const phone =
    arr(patient.telecom)
      .map(obj)
      .find((t) => t?.system === 'phone')?.value ?? '';

  const tests = await testsAsked(tx, requests);
  const programIds = [...new Set(tests.map((t) => t.program))];
  if (programIds.length !== 1)
    throw invalid('ServiceRequest.code', 'The tests of one order belong to one programme; send one Bundle per programme.', 'business-rule');
  const [program] = await tx.select().from(programs).where(eq(programs.id, programIds[0]!));
  if (!reaches(program!.id)) throw invalid('ServiceRequest.code', `This sender may not order in the ${program!.name} programme.`, 'business-rule');

  const first = requests[0]!;
  const priority = ['urgent', 'asap', 'stat'].includes(str(first.priority) || str(task.priority)) ? 'urgent' : 'routine';
  const requesterName = refDisplay(task.requester) || refDisplay(first.requester);
  // The programme's request form, answered by a QuestionnaireResponse (linkId: the form's field, as the programme's
  // Questionnaire names it); a field that is also a client identifier (the ART number) may come from Patient.identifier.
  // Checked now, so the laboratory never holds a request it cannot accept.
  const answers = formAnswers(of('QuestionnaireResponse')[0]?.resource);
  for (const [field, typeName] of Object.entries(rulesOf(program!.name).identifierFields ?? {})) {
    const known = identifiers.find((i) => i.type === typeName);
    if ((answers[field] === undefined || answers[field] === '') && known) answers[field] = known.value;
  }
  let form: Record<string, unknown>;
  try {
    form = validateRequestForm(program!.name, answers);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const [field, messages] = Object.entries(error.fields)[0]!;
    const linkId = field.replace(/^form\./, '');
    throw invalid(
      `QuestionnaireResponse.item.where(linkId='${linkId}')`,
      `The ${program!.name} request form's "${linkId}": ${messages.join(' ')} Answer it in a QuestionnaireResponse (linkId "${linkId}").`,
      'required',
    );
  }
  const askedIds = [...new Set(tests.map((t) => t.id))];
  const specimen = await specimenOf(tx, specimens[0]?.resource, askedIds);
  const requestEntries = of('ServiceRequest');
  const parsedEntries: ParsedEntry[] = entries.map((e) => {
    const at = requestEntries.indexOf(e);
    if (at < 0) return { resourceType: str(e.resource.resourceType), ...(facility.ownerUrl && e.fullUrl === facility.ownerUrl ? { owner: true } : {}) };
    const testId = tests[at]!.id;
    const earlier = requestEntries.findIndex((_r, i) => i < at && tests[i]!.id === testId);
    return { resourceType: 'ServiceRequest', testId, ...(earlier >= 0 ? { sameAs: requestEntries[earlier]!.index } : {}) };
  });
  return {
    facilityId: facility.id,
    facilityName: facility.name,
    programId: program!.id,
    programName: program!.name,
    identifier,
    requester: requesterName.slice(0, 200),
    testIds: askedIds,
    entries: parsedEntries,
    placer: placerIdentifiers(requests, tests),
    summary: {
      patient: { name: `${given} ${family}`, given, family, sex: gender, birth_date: birthDate || null, phone: String(phone).slice(0, 20), identifiers },
      tests: tests.filter((t, i) => tests.findIndex((u) => u.id === t.id) === i).map((t) => ({ id: t.id, name: t.name, code: t.code })),
      specimen,
      priority: (PRIORITIES as readonly string[]).includes(priority) ? priority : 'routine',
      requesting_clinician: refDisplay(first.requester).slice(0, 150),
      form,
    },
  };
}
