import { FHIR_SYSTEMS, fhirSlug, identifierSystem, resultsCodeSystemUrl, roundNumber, SAMPLE_TYPE_SNOMED, ucumOf } from '@nlims/contracts';
import type { CodeableConcept, DiagnosticReport, Identifier, Observation, Organization, Patient, Quantity, ServiceRequest, Specimen } from '@medplum/fhirtypes';
import { iso } from '../../core/sql-values.js';

/**
 * The product's rows as FHIR R4 resources: pure functions, no I/O (the rows come from fhir.rows.ts). The orders side
 * puts `toDiagnosticReport` and `toObservation` in a Task's output.
 */

export interface PatientRow {
  id: number;
  facility_id: number;
  first_name: string;
  last_name: string;
  other_names: string;
  sex: string;
  date_of_birth: string | null;
  phone: string;
  address: string;
  /** Only the identifiers the caller may see (fhir.access.ts), each with the other systems' names for it. */
  identifiers: { type: string; value: string; systems?: string[] | null }[] | null;
}

export interface OrganizationRow {
  id: number;
  facility_name: string;
  facility_code: string;
  facility_type: string;
  address: string;
  phone: string;
  email: string;
  is_active: boolean;
}

/** One ordered test with its sample, order and current result (if any). */
export interface TestRow {
  id: number;
  test_status: number;
  sample_id: number;
  order_id: number;
  client_id: number;
  facility_id: number;
  lab_number: string;
  barcode: string;
  priority: string;
  requesting_clinician: string;
  authored_at: unknown;
  collected_at: unknown;
  program: string;
  test_type_id: number;
  panel: number | null;
  /** The placer's identifiers of the order (an electronic request's), if any. */
  placer: PlacerId[] | null;
  test_name: string;
  test_code: string;
  loinc_code: string;
  code_system: string;
  result_type: string;
  /** The places the catalogue declares for the test's numbers. */
  decimals: number | null;
  result_id: number | null;
  result_version: number | null;
  result_status: number | null;
  value_numeric: number | string | null;
  value_text: string | null;
  unit: string | null;
  flag: string | null;
  ref_low: number | string | null;
  ref_high: number | string | null;
  comment: string | null;
  entered_at: unknown;
  approved_at: unknown;
  amends_id: number | null;
}

/** One sample with its order. */
export interface SampleRow {
  id: number;
  order_id: number;
  client_id: number;
  facility_id: number;
  program: string;
  form: string;
  lab_number: string;
  barcode: string;
  status: number;
  sample_type: string | null;
  sample_type_code: string | null;
  container: string;
  created_at: unknown;
  collected_at: unknown;
  received_at: unknown;
}

const ref = (type: string, id: number | string, display?: string) => ({ reference: `${type}/${id}`, ...(display ? { display } : {}) });
const text = (v: string | null | undefined): string | undefined => (v?.trim() ? v.trim() : undefined);
const when = (v: unknown): string | undefined => iso(v) ?? undefined;
/** A FHIR code: no leading or trailing space, single spaces inside. */
export const fhirCode = (v: string): string => v.trim().replace(/\s+/g, ' ');

export const labNumberIdentifier = (labNumber: string): Identifier => ({
  use: 'official',
  type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'ACSN', display: 'Accession ID' }], text: 'Laboratory number' },
  system: FHIR_SYSTEMS.labNumber,
  value: labNumber,
});

/** An identifier the placer (the ordering system) gave, as it gave it. */
export interface PlacerId {
  kind: 'requisition' | 'placer';
  system: string;
  value: string;
  /** The test (catalogue id) a ServiceRequest's own identifier was sent with; null for the requisition. */
  test: number | null;
}

/** The placer's identifier of a ServiceRequest (HL7 v2 table 0203 PLAC: the ordering system's number). */
export const placerIdentifier = (id: Pick<PlacerId, 'system' | 'value'>): Identifier => ({
  use: 'usual',
  type: { coding: [{ system: FHIR_SYSTEMS.identifierType, code: 'PLAC', display: 'Placer Identifier' }] },
  ...(id.system ? { system: id.system } : {}),
  value: id.value,
});

/** The placer's requisition (the order's number at the ordering system), as it gave it. */
export const requisitionIdentifier = (id: Pick<PlacerId, 'system' | 'value'>): Identifier => ({ ...(id.system ? { system: id.system } : {}), value: id.value });

/** A test's own placer identifiers: those sent with its test, or with the panel it was ordered in. */
export const placerIdsOf = (ids: readonly PlacerId[] | null | undefined, testTypeId: number, panel: number | null): PlacerId[] =>
  (ids ?? []).filter((i) => i.kind === 'placer' && i.test != null && (i.test === testTypeId || i.test === panel));

const GENDERS: Record<string, Patient['gender']> = { male: 'male', female: 'female', other: 'other' };

export function toPatient(row: PatientRow): Patient {
  const given = [row.first_name, ...row.other_names.split(/\s+/)].map((g) => g.trim()).filter(Boolean);
  return {
    resourceType: 'Patient',
    id: String(row.id),
    ...(row.identifiers?.length
      ? {
          identifier: row.identifiers.flatMap((i) => [
            { type: { text: i.type }, system: identifierSystem(i.type), value: i.value },
            // The same identifier under the system another system (an EMR) sent it with.
            ...(i.systems ?? []).filter((system) => system !== identifierSystem(i.type)).map((system) => ({ type: { text: i.type }, system, value: i.value })),
          ]),
        }
      : {}),
    active: true,
    name: [{ use: 'official', family: row.last_name, ...(given.length ? { given } : {}) }],
    gender: GENDERS[row.sex] ?? 'unknown',
    ...(row.date_of_birth ? { birthDate: String(row.date_of_birth).slice(0, 10) } : {}),
    ...(text(row.phone) ? { telecom: [{ system: 'phone' as const, value: text(row.phone) }] } : {}),
    ...(text(row.address) ? { address: [{ text: text(row.address) }] } : {}),
    managingOrganization: ref('Organization', row.facility_id),
  };
}

export function toOrganization(row: OrganizationRow): Organization {
  return {
    resourceType: 'Organization',
    id: String(row.id),
    identifier: [{ system: FHIR_SYSTEMS.facilityCode, value: row.facility_code }],
    active: row.is_active,
    type: [{ text: row.facility_type }],
    name: row.facility_name,
    ...(text(row.phone) || text(row.email)
      ? {
          telecom: [
            ...(text(row.phone) ? [{ system: 'phone' as const, value: text(row.phone) }] : []),
            ...(text(row.email) ? [{ system: 'email' as const, value: text(row.email) }] : []),
          ],
        }
      : {}),
    ...(text(row.address) ? { address: [{ text: text(row.address) }] } : {}),
  };
}

/** The test's code: LOINC (or the system the catalogue names) where it has one, and always the catalogue's own code. */
export function testCode(row: Pick<TestRow, 'loinc_code' | 'code_system' | 'test_code' | 'test_name'>): CodeableConcept {
  return {
    coding: [
      ...(text(row.loinc_code) ? [{ system: text(row.code_system) ?? FHIR_SYSTEMS.loinc, code: fhirCode(row.loinc_code) }] : []),
      { system: FHIR_SYSTEMS.testCode, code: fhirCode(row.test_code), display: row.test_name },
    ],
    text: row.test_name,
  };
}

const programmeConcept = (program: string): CodeableConcept => ({
  coding: [{ system: FHIR_SYSTEMS.programme, code: fhirSlug(program), display: program }],
  text: program,
});

/** Test status (SPEC §4) → ServiceRequest.status: rejected 4 and cancelled 16 revoked, approved 7 completed. */
export function serviceRequestStatus(testStatus: number): ServiceRequest['status'] {
  if (testStatus === 4 || testStatus === 16) return 'revoked';
  if (testStatus === 7) return 'completed';
  return 'active';
}

/**
 * One ordered test. `identifier`: the laboratory number, and the placer's own identifiers of the test when another
 * system ordered it; `requisition`: the placer's requisition (its order number) when it sent one, else the
 * laboratory number.
 */
export function toServiceRequest(row: TestRow): ServiceRequest {
  const requisition = row.placer?.find((i) => i.kind === 'requisition');
  return {
    resourceType: 'ServiceRequest',
    id: String(row.id),
    identifier: [labNumberIdentifier(row.lab_number), ...placerIdsOf(row.placer, row.test_type_id, row.panel).map(placerIdentifier)],
    requisition: requisition ? requisitionIdentifier(requisition) : labNumberIdentifier(row.lab_number),
    status: serviceRequestStatus(row.test_status),
    intent: 'order',
    category: [programmeConcept(row.program)],
    priority: row.priority === 'urgent' ? 'urgent' : 'routine',
    code: testCode(row),
    subject: ref('Patient', row.client_id),
    ...(when(row.authored_at) ? { authoredOn: when(row.authored_at) } : {}),
    ...(text(row.requesting_clinician) ? { requester: { display: text(row.requesting_clinician) } } : {}),
    performer: [ref('Organization', row.facility_id)],
    specimen: [ref('Specimen', row.sample_id)],
  };
}

/** Sample status (SPEC §4) → Specimen.status: rejected unsatisfactory, ordered and not yet collected unavailable. */
export function specimenStatus(status: number): Specimen['status'] {
  if (status === 4) return 'unsatisfactory';
  if (status === 1) return 'unavailable';
  return 'available';
}

export function toSpecimen(row: SampleRow, testIds: number[]): Specimen {
  return {
    resourceType: 'Specimen',
    id: String(row.id),
    identifier: [{ system: FHIR_SYSTEMS.barcode, value: row.barcode }],
    accessionIdentifier: labNumberIdentifier(row.lab_number),
    status: specimenStatus(row.status),
    ...(row.sample_type
      ? {
          type: {
            ...(row.sample_type_code
              ? {
                  coding: [
                    { system: FHIR_SYSTEMS.sampleType, code: fhirCode(row.sample_type_code), display: row.sample_type },
                    ...(SAMPLE_TYPE_SNOMED[row.sample_type_code] ? [{ system: FHIR_SYSTEMS.snomed, ...SAMPLE_TYPE_SNOMED[row.sample_type_code] }] : []),
                  ],
                }
              : {}),
            text: row.sample_type,
          },
        }
      : {}),
    subject: ref('Patient', row.client_id),
    ...(when(row.received_at) ? { receivedTime: when(row.received_at) } : {}),
    ...(testIds.length ? { request: testIds.map((id) => ref('ServiceRequest', id)) } : {}),
    ...(when(row.collected_at) ? { collection: { collectedDateTime: when(row.collected_at) } } : {}),
    ...(text(row.container) ? { container: [{ description: text(row.container) }] } : {}),
  };
}

/** Result status (SPEC §4) and version → Observation.status: entered and verified preliminary, approved final (amended from its second version), rejected and sent to retest cancelled. */
export function observationStatus(resultStatus: number, version: number, amends: number | null): Observation['status'] {
  if (resultStatus === 7) return version > 1 || amends != null ? 'amended' : 'final';
  if (resultStatus === 8 || resultStatus === 9) return 'cancelled';
  return 'preliminary';
}

const INTERPRETATION: Record<string, string> = {
  L: 'Low',
  H: 'High',
  LL: 'Critical low',
  HH: 'Critical high',
  A: 'Abnormal',
  N: 'Normal',
};

function quantity(value: number, unit: string | null, comparator?: '<' | '>'): Quantity {
  const ucum = ucumOf(unit);
  return {
    value,
    ...(comparator ? { comparator } : {}),
    ...(text(unit) ? { unit: text(unit) } : {}),
    ...(ucum ? { system: FHIR_SYSTEMS.ucum, code: ucum } : {}),
  };
}

/** The value of a result: a Quantity (with its UCUM unit, and `<`/`>` for a censored value), or a code of the programme's CodeSystem. */
function observationValue(row: TestRow): Pick<Observation, 'valueQuantity' | 'valueCodeableConcept' | 'valueString'> {
  // A JSON number at the test's declared decimals, whatever scale the stored numeric carries.
  const n = roundNumber(row.value_numeric, row.decimals);
  const t = row.value_text;
  if (n != null && (t === '<' || t === '>')) return { valueQuantity: quantity(n, row.unit, t) };
  if (n != null) return { valueQuantity: quantity(n, row.unit) };
  if (t?.trim()) {
    const code = fhirCode(t);
    return { valueCodeableConcept: { coding: [{ system: resultsCodeSystemUrl(row.program), code, display: code }], text: code } };
  }
  return {};
}

export function toObservation(row: TestRow): Observation {
  const status = observationStatus(row.result_status ?? 5, row.result_version ?? 1, row.amends_id);
  const low = roundNumber(row.ref_low);
  const high = roundNumber(row.ref_high);
  const flag = row.flag && INTERPRETATION[row.flag] ? row.flag : null;
  return {
    resourceType: 'Observation',
    id: String(row.id),
    meta: { versionId: String(row.result_version ?? 1) },
    identifier: [labNumberIdentifier(row.lab_number)],
    basedOn: [ref('ServiceRequest', row.id)],
    status,
    category: [{ coding: [{ system: FHIR_SYSTEMS.observationCategory, code: 'laboratory', display: 'Laboratory' }] }],
    code: testCode(row),
    subject: ref('Patient', row.client_id),
    ...(when(row.collected_at) ? { effectiveDateTime: when(row.collected_at) } : when(row.entered_at) ? { effectiveDateTime: when(row.entered_at) } : {}),
    ...(when(row.approved_at) ? { issued: when(row.approved_at) } : {}),
    performer: [ref('Organization', row.facility_id)],
    ...observationValue(row),
    ...(flag ? { interpretation: [{ coding: [{ system: FHIR_SYSTEMS.interpretation, code: flag, display: INTERPRETATION[flag] }] }] } : {}),
    ...(text(row.comment) ? { note: [{ text: text(row.comment)! }] } : {}),
    specimen: ref('Specimen', row.sample_id),
    ...(low != null || high != null
      ? { referenceRange: [{ ...(low != null ? { low: quantity(low, row.unit) } : {}), ...(high != null ? { high: quantity(high, row.unit) } : {}) }] }
      : {}),
  };
}

/** A sample's report status from its tests: rejected cancelled; every test that was not rejected approved final (amended when one was); some approved partial; results under review preliminary; none registered. */
export function diagnosticReportStatus(sample: Pick<SampleRow, 'status'>, tests: readonly TestRow[]): DiagnosticReport['status'] {
  if (sample.status === 4) return 'cancelled';
  const live = tests.filter((t) => t.test_status !== 4 && t.test_status !== 16);
  const approved = live.filter((t) => t.result_status === 7);
  if (live.length && approved.length === live.length)
    return approved.some((t) => observationStatus(7, t.result_version ?? 1, t.amends_id) === 'amended') ? 'amended' : 'final';
  if (approved.length) return 'partial';
  if (live.some((t) => t.result_id != null)) return 'preliminary';
  return 'registered';
}

/** The LOINC code of a laboratory report (LOINC 11502-2 "Laboratory report"). */
export const LAB_REPORT_CODE: CodeableConcept = {
  coding: [{ system: FHIR_SYSTEMS.loinc, code: '11502-2', display: 'Laboratory report' }],
  text: 'Laboratory report',
};

/**
 * A sample's DiagnosticReport: its results (the tests with a result the caller may see), status, and — once final or
 * amended — the signed report as `presentedForm`: the URL of the PDF (`reportUrl`, `/fhir/Binary/report-<id>`), not
 * its bytes: the PDF is drawn when asked, its reading is audited and held while the invoice is unpaid, as on the
 * product's own pages, and a search page of reports stays small.
 */
export function toDiagnosticReport(sample: SampleRow, tests: readonly TestRow[], reportUrl: string | null): DiagnosticReport {
  const status = diagnosticReportStatus(sample, tests);
  const withResult = tests.filter((t) => t.result_id != null);
  const issued = withResult
    .map((t) => iso(t.approved_at))
    .filter((x): x is string => x != null)
    .sort()
    .at(-1);
  const released = status === 'final' || status === 'amended';
  return {
    resourceType: 'DiagnosticReport',
    id: String(sample.id),
    identifier: [labNumberIdentifier(sample.lab_number), { system: FHIR_SYSTEMS.barcode, value: sample.barcode }],
    // Each test's ServiceRequest, with the placer's identifier of it when another system ordered it.
    basedOn: tests.map((t) => {
      const [placer] = placerIdsOf(t.placer, t.test_type_id, t.panel);
      return { ...ref('ServiceRequest', t.id), ...(placer ? { identifier: placerIdentifier(placer) } : {}) };
    }),
    status,
    category: [{ coding: [{ system: FHIR_SYSTEMS.diagnosticServiceSection, code: 'LAB', display: 'Laboratory' }] }, programmeConcept(sample.program)],
    code: LAB_REPORT_CODE,
    subject: ref('Patient', sample.client_id),
    ...(when(sample.collected_at) ? { effectiveDateTime: when(sample.collected_at) } : {}),
    ...(issued ? { issued } : {}),
    performer: [ref('Organization', sample.facility_id)],
    specimen: [ref('Specimen', sample.id)],
    ...(withResult.length ? { result: withResult.map((t) => ref('Observation', t.id, t.test_name)) } : {}),
    ...(released && reportUrl
      ? { presentedForm: [{ contentType: 'application/pdf', url: reportUrl, title: `Report ${sample.lab_number}`, ...(issued ? { creation: issued } : {}) }] }
      : {}),
  };
}
