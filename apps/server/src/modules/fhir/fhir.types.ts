import { FHIR_SYSTEMS, familyOf } from '@nlims/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Resource } from '@medplum/fhirtypes';
import { rowsOf, type Tx } from '../../core/db.js';
import type { FhirReader } from './fhir.access.js';
import {
  type OrganizationRow,
  type PatientRow,
  type SampleRow,
  type TestRow,
  toObservation,
  toOrganization,
  toPatient,
  toServiceRequest,
} from './fhir.resources.js';
import { dateCondition, idCondition, referenceCondition, type SearchParams, statusCondition, token, valuesOf } from './fhir.search.js';
import {
  and,
  diagnosticReportsOf,
  observationScope,
  observationStatusSql,
  patientScope,
  patientSelect,
  reportScope,
  reportStatusSql,
  sampleScope,
  sampleSelect,
  serviceRequestStatusSql,
  specimensOf,
  testScope,
  testSelect,
} from './fhir.rows.js';
import {
  clientsWithIdentifier,
  codeCondition,
  labIdentifierCondition,
  PATIENT_LINK,
  patientLinkConditions,
  placerMatch,
  samplePlacerMatch,
  stringCondition,
} from './fhir.conditions.js';

/** The resource types the FHIR door serves: for each, its search parameters, its count, one page of its resources and what `_include` follows. */

// --- The resource types ---------------------------------------------------------------------------------------------

export interface TypeDef {
  /** The id column in the type's queries. */
  idColumn: SQL;
  /** Search parameters beyond the common ones (`_id`, `_count`, `_offset`, `_include`, `_format`). */
  params: readonly string[];
  includes: readonly string[];
  /** Reference data: any caller; otherwise the reader's scope applies. */
  reference?: boolean;
  count(db: Tx, r: FhirReader, where: SQL[]): Promise<number>;
  conditions(db: Tx, r: FhirReader, params: SearchParams): Promise<SQL[]>;
  /** One page of matches, then the resources. */
  page(db: Tx, r: FhirReader, where: SQL[], limit: number, offset: number, base: string): Promise<Resource[]>;
  /** The references `_include` follows from these resources. */
  follow?(resource: Resource, include: string): string[];
}

const countOf = async (db: Tx, query: SQL) => Number(rowsOf<{ n: number | string }>(await db.execute(query))[0]?.n ?? 0);
const refsOf = (value: unknown): string[] => {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.map((x) => (x as { reference?: string }).reference).filter((x): x is string => !!x);
};

export const FHIR_TYPES: Record<string, TypeDef> = {
  Patient: {
    idColumn: sql`c.id`,
    params: ['identifier', 'name', 'family', 'given', 'birthdate', 'gender'],
    includes: ['Patient:organization'],
    count: (db, r, where) => countOf(db, sql`select count(*) as n from clients c where ${and([...patientScope(r), ...where])}`),
    async conditions(db, r, params) {
      const out = [...idCondition(params, sql`c.id`)];
      for (const values of valuesOf(params, 'identifier')) out.push(sql`c.id in ${await clientsWithIdentifier(db, r, values)}`);
      out.push(...stringCondition(params, 'name', [sql`c.first_name`, sql`c.last_name`, sql`c.other_names`]));
      out.push(...stringCondition(params, 'family', [sql`c.last_name`]));
      out.push(...stringCondition(params, 'given', [sql`c.first_name`, sql`c.other_names`]));
      out.push(...dateCondition(params, 'birthdate', sql`(c.date_of_birth::timestamp at time zone 'Africa/Lagos')`));
      out.push(
        ...statusCondition(
          params,
          'gender',
          ['male', 'female', 'other', 'unknown'],
          sql`(case when c.sex in ('male', 'female', 'other') then c.sex else 'unknown' end)`,
        ),
      );
      return out;
    },
    async page(db, r, where, limit, offset) {
      const rows = rowsOf<PatientRow>(
        await db.execute(sql`${patientSelect(r)} where ${and([...patientScope(r), ...where])} order by c.id desc limit ${limit} offset ${offset}`),
      );
      return rows.map(toPatient);
    },
    follow: (res, include) => (include === 'Patient:organization' && res.resourceType === 'Patient' ? refsOf(res.managingOrganization) : []),
  },
  Organization: {
    idColumn: sql`f.id`,
    params: ['identifier', 'name'],
    includes: [],
    reference: true,
    count: (db, _r, where) => countOf(db, sql`select count(*) as n from facilities f where ${and(where)}`),
    async conditions(_db, _r, params) {
      return [
        ...idCondition(params, sql`f.id`),
        ...valuesOf(params, 'identifier').map(
          (values) =>
            sql`(${sql.join(
              values.map((v) => {
                const { system, code } = token(v);
                return system && system !== FHIR_SYSTEMS.facilityCode ? sql`false` : sql`f.facility_code = ${code ?? ''}`;
              }),
              sql` or `,
            )})`,
        ),
        ...stringCondition(params, 'name', [sql`f.facility_name`]),
      ];
    },
    async page(db, _r, where, limit, offset) {
      const rows = rowsOf<OrganizationRow>(
        await db.execute(sql`select f.id, f.facility_name, f.facility_code, f.facility_type, f.address, f.phone, f.email, f.is_active
          from facilities f where ${and(where)} order by f.id limit ${limit} offset ${offset}`),
      );
      return rows.map(toOrganization);
    },
  },
  ServiceRequest: {
    idColumn: sql`t.id`,
    params: [...PATIENT_LINK, 'identifier', 'requisition', 'status', 'authored', 'code', 'specimen'],
    includes: ['ServiceRequest:subject', 'ServiceRequest:specimen'],
    count: (db, r, where) =>
      countOf(
        db,
        sql`select count(*) as n from test_orders t join orders o on o.id = t.order_id join test_types tt on tt.id = t.test_type_id where ${and([...testScope(r), ...where])}`,
      ),
    async conditions(db, r, params) {
      const lab = { [FHIR_SYSTEMS.labNumber]: sql`o.lab_number` };
      return [
        ...idCondition(params, sql`t.id`),
        ...(await patientLinkConditions(db, r, params, sql`o.client_id`)),
        ...labIdentifierCondition(params, 'identifier', lab, placerMatch(r, 'placer', sql`t.order_id`, { type: sql`t.test_type_id`, panel: sql`tt.panel_id` })),
        ...labIdentifierCondition(params, 'requisition', lab, placerMatch(r, 'requisition', sql`t.order_id`)),
        ...statusCondition(params, 'status', ['active', 'completed', 'revoked'], serviceRequestStatusSql),
        ...dateCondition(params, 'authored', sql`o.created_at`),
        ...codeCondition(params),
        ...referenceCondition(params, 'specimen', 'Specimen', sql`t.sample_id`),
      ];
    },
    async page(db, r, where, limit, offset) {
      const rows = rowsOf<TestRow>(
        await db.execute(sql`${testSelect} where ${and([...testScope(r), ...where])} order by t.id desc limit ${limit} offset ${offset}`),
      );
      return rows.map(toServiceRequest);
    },
    follow(res, include) {
      if (res.resourceType !== 'ServiceRequest') return [];
      return include === 'ServiceRequest:subject' ? refsOf(res.subject) : refsOf(res.specimen);
    },
  },
  Specimen: {
    idColumn: sql`s.id`,
    params: [...PATIENT_LINK, 'identifier', 'accession', 'status', 'collected'],
    includes: ['Specimen:subject'],
    count: (db, r, where) =>
      countOf(db, sql`select count(*) as n from samples s join orders o on o.id = s.order_id where ${and([...sampleScope(r), ...where])}`),
    async conditions(db, r, params) {
      return [
        ...idCondition(params, sql`s.id`),
        ...(await patientLinkConditions(db, r, params, sql`o.client_id`)),
        ...labIdentifierCondition(params, 'identifier', { [FHIR_SYSTEMS.barcode]: sql`s.barcode` }),
        ...labIdentifierCondition(params, 'accession', { [FHIR_SYSTEMS.labNumber]: sql`o.lab_number` }),
        ...statusCondition(
          params,
          'status',
          ['available', 'unavailable', 'unsatisfactory'],
          sql`(case when s.status = 4 then 'unsatisfactory' when s.status = 1 then 'unavailable' else 'available' end)`,
        ),
        ...dateCondition(params, 'collected', sql`s.collected_at`),
      ];
    },
    async page(db, r, where, limit, offset) {
      const rows = rowsOf<Omit<SampleRow, 'form'>>(
        await db.execute(sql`${sampleSelect} where ${and([...sampleScope(r), ...where])} order by s.id desc limit ${limit} offset ${offset}`),
      );
      return specimensOf(
        db,
        r,
        rows.map((row) => ({ ...row, form: familyOf(row.program).form })),
      );
    },
    follow: (res, include) => (include === 'Specimen:subject' && res.resourceType === 'Specimen' ? refsOf(res.subject) : []),
  },
  Observation: {
    idColumn: sql`t.id`,
    params: [...PATIENT_LINK, 'identifier', 'status', 'date', 'code', 'specimen', 'based-on'],
    includes: ['Observation:subject', 'Observation:specimen', 'Observation:based-on'],
    count: (db, r, where) =>
      countOf(
        db,
        sql`select count(*) as n from test_orders t join orders o on o.id = t.order_id join samples s on s.id = t.sample_id join test_types tt on tt.id = t.test_type_id
          left join results r on r.test_order_id = t.id and r.current where ${and([...observationScope(r), ...where])}`,
      ),
    async conditions(db, r, params) {
      return [
        ...idCondition(params, sql`t.id`),
        ...(await patientLinkConditions(db, r, params, sql`o.client_id`)),
        ...labIdentifierCondition(params, 'identifier', { [FHIR_SYSTEMS.labNumber]: sql`o.lab_number` }),
        ...statusCondition(params, 'status', ['preliminary', 'final', 'amended', 'cancelled'], observationStatusSql),
        ...dateCondition(params, 'date', sql`coalesce(s.collected_at, r.entered_at)`),
        ...codeCondition(params),
        ...referenceCondition(params, 'specimen', 'Specimen', sql`t.sample_id`),
        ...referenceCondition(params, 'based-on', 'ServiceRequest', sql`t.id`),
      ];
    },
    async page(db, r, where, limit, offset) {
      const rows = rowsOf<TestRow>(
        await db.execute(sql`${testSelect} where ${and([...observationScope(r), ...where])} order by t.id desc limit ${limit} offset ${offset}`),
      );
      return rows.map(toObservation);
    },
    follow(res, include) {
      if (res.resourceType !== 'Observation') return [];
      if (include === 'Observation:subject') return refsOf(res.subject);
      if (include === 'Observation:specimen') return refsOf(res.specimen);
      return refsOf(res.basedOn);
    },
  },
  DiagnosticReport: {
    idColumn: sql`s.id`,
    params: [...PATIENT_LINK, 'identifier', 'status', 'date', 'specimen', 'based-on:ServiceRequest.identifier', 'based-on:ServiceRequest.requisition'],
    includes: ['DiagnosticReport:result', 'DiagnosticReport:subject', 'DiagnosticReport:specimen', 'DiagnosticReport:based-on', 'DiagnosticReport:performer'],
    count: (db, r, where) =>
      countOf(db, sql`select count(*) as n from samples s join orders o on o.id = s.order_id where ${and([...reportScope(r), ...where])}`),
    async conditions(db, r, params) {
      return [
        ...idCondition(params, sql`s.id`),
        ...(await patientLinkConditions(db, r, params, sql`o.client_id`)),
        ...labIdentifierCondition(params, 'identifier', { [FHIR_SYSTEMS.labNumber]: sql`o.lab_number`, [FHIR_SYSTEMS.barcode]: sql`s.barcode` }),
        ...statusCondition(params, 'status', ['registered', 'partial', 'preliminary', 'final', 'amended', 'cancelled'], reportStatusSql),
        ...dateCondition(params, 'date', sql`coalesce(s.collected_at, s.created_at)`),
        ...referenceCondition(params, 'specimen', 'Specimen', sql`s.id`),
        // By the placer's numbers of the order it reports on: a ServiceRequest's own identifier, or the requisition.
        ...labIdentifierCondition(params, 'based-on:ServiceRequest.identifier', {}, samplePlacerMatch(r)),
        ...labIdentifierCondition(
          params,
          'based-on:ServiceRequest.requisition',
          { [FHIR_SYSTEMS.labNumber]: sql`o.lab_number` },
          placerMatch(r, 'requisition', sql`s.order_id`),
        ),
      ];
    },
    async page(db, r, where, limit, offset, base) {
      const rows = rowsOf<Omit<SampleRow, 'form'>>(
        await db.execute(sql`${sampleSelect} where ${and([...reportScope(r), ...where])} order by s.id desc limit ${limit} offset ${offset}`),
      );
      return diagnosticReportsOf(
        db,
        r,
        rows.map((row) => ({ ...row, form: familyOf(row.program).form })),
        base,
      );
    },
    follow(res, include) {
      if (res.resourceType !== 'DiagnosticReport') return [];
      if (include === 'DiagnosticReport:result') return refsOf(res.result);
      if (include === 'DiagnosticReport:subject') return refsOf(res.subject);
      if (include === 'DiagnosticReport:specimen') return refsOf(res.specimen);
      if (include === 'DiagnosticReport:performer') return refsOf(res.performer);
      return refsOf(res.basedOn);
    },
  },
};
