import { FHIR_SYSTEMS, familyOf, identifierSystem } from '@nlims/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Bundle, BundleEntry, BundleLink, Resource } from '@medplum/fhirtypes';
import { rowsOf, type Tx } from '../../core/db.js';
import { likeTerm } from '../../core/sql-values.js';
import type { FhirReader } from './fhir.access.js';
import {
  type OrganizationRow,
  type PatientRow,
  type SampleRow,
  type TestRow,
  toDiagnosticReport,
  toObservation,
  toOrganization,
  toPatient,
  toServiceRequest,
  toSpecimen,
} from './fhir.resources.js';
import {
  checkFormat,
  dateCondition,
  idCondition,
  includesOf,
  onlyKnown,
  pageOf,
  referenceCondition,
  type SearchParams,
  statusCondition,
  token,
  valuesOf,
} from './fhir.search.js';

/**
 * The FHIR read side's queries: each resource type's rows within the caller's scope (fhir.access.ts: the facility,
 * the programmes, released results only for a system), its search parameters as SQL conditions, and the search
 * itself — a count, one page in a stable order, the resources, and those `_include` asks for.
 */

const ids = (list: readonly number[]) =>
  list.length
    ? sql.join(
        list.map((n) => sql`${n}`),
        sql`, `,
      )
    : sql`null`;
const inIds = (column: SQL, list: readonly number[]) => (list.length ? sql`${column} in (${ids(list)})` : sql`false`);
const texts = (list: readonly string[]) =>
  sql.join(
    list.map((n) => sql`${n}`),
    sql`, `,
  );
const and = (conditions: SQL[]) => (conditions.length ? sql.join(conditions, sql` and `) : sql`true`);

// --- Patient --------------------------------------------------------------------------------------------------------

const visibleTypes = (r: FhirReader) => (r.hiddenIdentifierTypes.length ? sql`it.name not in (${texts(r.hiddenIdentifierTypes)})` : sql`true`);

const patientSelect = (
  r: FhirReader,
) => sql`select c.id, c.facility_id, c.first_name, c.last_name, c.other_names, c.sex, c.date_of_birth::text as date_of_birth,
    c.phone, c.address,
    (select json_agg(json_build_object('type', it.name, 'value', ci.identifier,
         'systems', (select json_agg(cs.system order by cs.id) from client_identifier_systems cs
                      where cs.facility_id = ci.facility_id and cs.identifier_type_id = ci.identifier_type_id and cs.identifier = ci.identifier))
         order by ci.identifier_type_id, ci.id)
       from client_identifiers ci join client_identifier_types it on it.id = ci.identifier_type_id
      where ci.client_id = c.id and ${visibleTypes(r)}) as identifiers
  from clients c`;

/** The clients the caller may read: its facility's (not merged away); a system only those with an order in its programmes. */
const patientScope = (r: FhirReader): SQL[] => [
  sql`c.facility_id = ${r.facilityId}`,
  sql`c.merged_into is null`,
  ...(r.apiClientId != null
    ? [sql`exists (select 1 from orders o where o.client_id = c.id and o.facility_id = ${r.facilityId} and ${inIds(sql`o.program_id`, r.programIds)})`]
    : []),
];

/**
 * The clients holding an identifier (`system|value`, `value`): only among the identifier types the caller sees, so
 * a search by an ART number finds nobody for a caller without Viral Load (it would tell whose number it is). The
 * system is the product's (…/sid/art-number) or one another system sent the identifier with (client_identifier_systems).
 */
async function clientsWithIdentifier(db: Tx, r: FhirReader, values: string[]): Promise<SQL> {
  const types = rowsOf<{ name: string }>(await db.execute(sql`select name from client_identifier_types`))
    .map((t) => t.name)
    .filter((t) => !r.hiddenIdentifierTypes.includes(t));
  const alternatives = values.map((v) => {
    const { system, code } = token(v);
    if (!code) return sql`false`;
    const sent = system
      ? sql`(${visibleTypes(r)} and ci.identifier = ${code} and exists (select 1 from client_identifier_systems cs
          where cs.facility_id = ci.facility_id and cs.identifier_type_id = ci.identifier_type_id and cs.identifier = ci.identifier
            and cs.system = ${system}))`
      : sql`false`;
    const matching = system ? types.filter((t) => identifierSystem(t) === system) : types;
    return matching.length ? sql`((it.name in (${texts(matching)}) and ci.identifier = ${code}) or ${sent})` : sent;
  });
  return sql`(select ci.client_id from client_identifiers ci join client_identifier_types it on it.id = ci.identifier_type_id
    where ci.facility_id = ${r.facilityId} and (${sql.join(alternatives, sql` or `)}))`;
}

async function chainedPatientIdentifier(db: Tx, r: FhirReader, params: SearchParams, column: SQL): Promise<SQL[]> {
  const out: SQL[] = [];
  for (const name of ['patient.identifier', 'subject.identifier', 'subject:Patient.identifier'])
    for (const values of valuesOf(params, name)) out.push(sql`${column} in ${await clientsWithIdentifier(db, r, values)}`);
  return out;
}

function stringCondition(params: SearchParams, name: string, columns: SQL[]): SQL[] {
  return valuesOf(params, name).map(
    (values) =>
      sql`(${sql.join(
        values.flatMap((v) => columns.map((c) => sql`${c} ilike ${`${likeTerm(v).slice(1)}`}`)),
        sql` or `,
      )})`,
  );
}

// --- Shared rows ----------------------------------------------------------------------------------------------------

const testSelect = sql`select t.id, t.status as test_status, t.sample_id, t.order_id, o.client_id, t.facility_id, o.lab_number, s.barcode,
    o.priority, o.requesting_clinician, o.created_at as authored_at, s.collected_at, p.name as program,
    t.test_type_id, tt.panel_id as panel,
    (select json_agg(json_build_object('kind', ei.kind, 'system', ei.system, 'value', ei.value, 'test', ei.test_type_id) order by ei.id)
       from electronic_requests er join electronic_request_identifiers ei on ei.request_id = er.id where er.order_id = t.order_id) as placer,
    tt.name as test_name, tt.code as test_code, tt.loinc_code, tt.code_system, tt.result_type, tt.decimals,
    r.id as result_id, r.version as result_version, r.status as result_status, r.value_numeric::text as value_numeric, r.value_text,
    case when r.id is not null then coalesce(nullif(r.unit, ''), tt.unit) end as unit, r.flag,
    r.ref_low, r.ref_high, r.comment, r.entered_at, r.approved_at, r.amends_id
  from test_orders t
  join orders o on o.id = t.order_id
  join samples s on s.id = t.sample_id
  join test_types tt on tt.id = t.test_type_id
  join programs p on p.id = t.program_id
  left join results r on r.test_order_id = t.id and r.current`;

const testScope = (r: FhirReader): SQL[] => [sql`t.facility_id = ${r.facilityId}`, inIds(sql`t.program_id`, r.programIds)];

const serviceRequestStatusSql = sql`(case when t.status in (4, 16) then 'revoked' when t.status = 7 then 'completed' else 'active' end)`;
const observationStatusSql = sql`(case when r.status = 7 then (case when r.version > 1 or r.amends_id is not null then 'amended' else 'final' end)
  when r.status in (8, 9) then 'cancelled' else 'preliminary' end)`;

/** An Observation is a test with a current result; a system sees only approved ones. */
const observationScope = (r: FhirReader): SQL[] => [...testScope(r), sql`r.id is not null`, ...(r.releasedOnly ? [sql`r.status = 7`] : [])];

const sampleSelect = sql`select s.id, s.order_id, o.client_id, s.facility_id, p.name as program, o.lab_number, s.barcode, s.status,
    st.name as sample_type, st.code as sample_type_code, s.container, s.created_at, s.collected_at, s.received_at
  from samples s
  join orders o on o.id = s.order_id
  join programs p on p.id = s.program_id
  left join sample_types st on st.id = s.sample_type_id`;

const sampleScope = (r: FhirReader): SQL[] => [sql`s.facility_id = ${r.facilityId}`, inIds(sql`s.program_id`, r.programIds)];

const reportStatusSql = sql`(select case when s.status = 4 then 'cancelled'
      when a.live > 0 and a.approved = a.live then (case when a.amended > 0 then 'amended' else 'final' end)
      when a.approved > 0 then 'partial' when a.with_result > 0 then 'preliminary' else 'registered' end
    from (select count(*) filter (where t.status not in (4, 16)) as live,
                 count(*) filter (where t.status not in (4, 16) and r.status = 7) as approved,
                 count(*) filter (where t.status not in (4, 16) and r.status = 7 and (r.version > 1 or r.amends_id is not null)) as amended,
                 count(r.id) filter (where t.status not in (4, 16)) as with_result
            from test_orders t left join results r on r.test_order_id = t.id and r.current where t.sample_id = s.id) a)`;

const reportScope = (r: FhirReader): SQL[] => [...sampleScope(r), ...(r.releasedOnly ? [sql`${reportStatusSql} in ('final', 'amended')`] : [])];

/** A placer's identifier matching `system|code` (any system when none is given). */
type PlacerMatch = (system: string | null, code: string) => SQL;

/**
 * A lab-number identifier (`system|value` with our lab-number or barcode system, or a bare value): the condition;
 * with `placer`, an identifier of another system is the placer's (an electronic request's) identifier.
 */
function labIdentifierCondition(params: SearchParams, name: string, systems: Record<string, SQL>, placer?: PlacerMatch): SQL[] {
  return valuesOf(params, name).map(
    (values) =>
      sql`(${sql.join(
        values.map((v) => {
          const { system, code } = token(v);
          if (!code) return sql`false`;
          if (system) {
            const column = systems[system];
            return column ? sql`${column} = ${code}` : placer ? placer(system, code) : sql`false`;
          }
          return sql`(${sql.join([...Object.values(systems).map((c) => sql`${c} = ${code}`), ...(placer ? [placer(null, code)] : [])], sql` or `)})`;
        }),
        sql` or `,
      )})`,
  );
}

/**
 * The placer's identifiers of the order (`orderColumn`) an electronic request became: its requisition, or the own
 * identifier of a test (`test`: the test's catalogue id and panel columns).
 */
function placerMatch(r: FhirReader, kind: 'requisition' | 'placer', orderColumn: SQL, test?: { type: SQL; panel: SQL }): PlacerMatch {
  return (system, code) => sql`exists (select 1 from electronic_requests er join electronic_request_identifiers ei on ei.request_id = er.id
    where er.order_id = ${orderColumn} and ei.facility_id = ${r.facilityId} and ei.kind = ${kind} and ei.value = ${code}${
      system != null ? sql` and ei.system = ${system}` : sql``
    }${test ? sql` and ei.test_type_id in (${test.type}, ${test.panel})` : sql``})`;
}

/** A sample's tests with the placer's own identifier `system|code` (`DiagnosticReport?based-on:ServiceRequest.identifier`). */
function samplePlacerMatch(r: FhirReader): PlacerMatch {
  return (system, code) => sql`exists (select 1 from test_orders t2 join test_types tt2 on tt2.id = t2.test_type_id
    where t2.sample_id = s.id and ${placerMatch(r, 'placer', sql`t2.order_id`, { type: sql`t2.test_type_id`, panel: sql`tt2.panel_id` })(system, code)})`;
}

/** `code=http://loinc.org|20447-9`, `code=VL` (the catalogue's code or LOINC). */
function codeCondition(params: SearchParams): SQL[] {
  return valuesOf(params, 'code').map(
    (values) =>
      sql`(${sql.join(
        values.map((v) => {
          const { system, code } = token(v);
          if (!code) return sql`false`;
          if (system === FHIR_SYSTEMS.testCode) return sql`tt.code = ${code}`;
          if (system) return sql`(tt.loinc_code = ${code} and tt.code_system = ${system})`;
          return sql`(tt.loinc_code = ${code} or tt.code = ${code})`;
        }),
        sql` or `,
      )})`,
  );
}

// --- Loaders by id (reads, includes, the orders side) ----------------------------------------------------------------

export async function patientRows(db: Tx, r: FhirReader, where: SQL[]): Promise<PatientRow[]> {
  return rowsOf<PatientRow>(await db.execute(sql`${patientSelect(r)} where ${and([...patientScope(r), ...where])} order by c.id`));
}

export async function organizationRows(db: Tx, where: SQL[]): Promise<OrganizationRow[]> {
  return rowsOf<OrganizationRow>(
    await db.execute(sql`select f.id, f.facility_name, f.facility_code, f.facility_type, f.address, f.phone, f.email, f.is_active
      from facilities f where ${and(where)} order by f.id`),
  );
}

/** The tests (with their current results) of these samples, or matching these conditions, in the caller's scope. */
export async function testRows(db: Tx, r: FhirReader, where: SQL[]): Promise<TestRow[]> {
  return rowsOf<TestRow>(await db.execute(sql`${testSelect} where ${and([...testScope(r), ...where])} order by t.id`));
}

export async function sampleRows(db: Tx, r: FhirReader, where: SQL[]): Promise<SampleRow[]> {
  const rows = rowsOf<Omit<SampleRow, 'form'>>(await db.execute(sql`${sampleSelect} where ${and([...sampleScope(r), ...where])} order by s.id`));
  return rows.map((row) => ({ ...row, form: familyOf(row.program).form }));
}

/** The URL of a sample's signed report: the FHIR door's Binary (the PDF), which people and API clients alike reach. */
export const reportUrlOf = (base: string, sample: Pick<SampleRow, 'id'>) => `${base}/Binary/report-${sample.id}`;

/** Samples as DiagnosticReports: their tests, only released results for a system. */
export async function diagnosticReportsOf(db: Tx, r: FhirReader, samples: SampleRow[], base: string) {
  const tests = samples.length
    ? await testRows(db, r, [
        inIds(
          sql`t.sample_id`,
          samples.map((s) => s.id),
        ),
      ])
    : [];
  return samples.map((s) => {
    const own = tests.filter((t) => t.sample_id === s.id).map((t) => (r.releasedOnly && t.result_status !== 7 ? { ...t, result_id: null } : t));
    return toDiagnosticReport(s, own, reportUrlOf(base, s));
  });
}

async function specimensOf(db: Tx, _r: FhirReader, samples: SampleRow[]) {
  const tests = samples.length
    ? rowsOf<{ id: number; sample_id: number }>(
        await db.execute(
          sql`select t.id, t.sample_id from test_orders t where ${inIds(
            sql`t.sample_id`,
            samples.map((s) => s.id),
          )} order by t.id`,
        ),
      )
    : [];
  return samples.map((s) =>
    toSpecimen(
      s,
      tests.filter((t) => t.sample_id === s.id).map((t) => t.id),
    ),
  );
}

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

const PATIENT_LINK = ['patient', 'subject', 'patient.identifier', 'subject.identifier', 'subject:Patient.identifier'];

async function patientLinkConditions(db: Tx, r: FhirReader, params: SearchParams, column: SQL): Promise<SQL[]> {
  return [
    ...referenceCondition(params, 'patient', 'Patient', column),
    ...referenceCondition(params, 'subject', 'Patient', column),
    ...(await chainedPatientIdentifier(db, r, params, column)),
  ];
}

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

/** Read one resource by id in the caller's scope; null when it is not there for this caller (another facility's is not found, never told apart). */
export async function readOne(db: Tx, r: FhirReader, type: string, id: number, base: string): Promise<Resource | null> {
  const def = FHIR_TYPES[type]!;
  const [found] = await def.page(db, r, [sql`${def.idColumn} = ${id}`], 1, 0, base);
  return found ?? null;
}

/** Resolve references (`Patient/3`) to resources the caller may read, for `_include`. */
async function resolve(db: Tx, r: FhirReader, references: string[], base: string): Promise<Resource[]> {
  const byType = new Map<string, number[]>();
  for (const reference of references) {
    const [type, raw] = reference.split('/');
    const n = Number(raw);
    if (!type || !FHIR_TYPES[type] || !Number.isInteger(n)) continue;
    byType.set(type, [...new Set([...(byType.get(type) ?? []), n])]);
  }
  const out: Resource[] = [];
  for (const [type, list] of byType) {
    const def = FHIR_TYPES[type]!;
    out.push(...(await def.page(db, r, [inIds(def.idColumn, list)], list.length, 0, base)));
  }
  return out;
}

/** A search: the searchset Bundle with its total, its page, the resources `_include` asks for and the paging links. */
export async function search(db: Tx, r: FhirReader, type: string, params: SearchParams, base: string, selfPath: string): Promise<Bundle> {
  const def = FHIR_TYPES[type]!;
  onlyKnown(params, def.params);
  checkFormat(params);
  const includes = includesOf(params, def.includes);
  const { count, offset } = pageOf(params);
  const where = await def.conditions(db, r, params);
  const total = await def.count(db, r, where);
  const matches = count > 0 ? await def.page(db, r, where, count, offset, base) : [];
  const wanted = includes.flatMap((inc) => matches.flatMap((m) => def.follow?.(m, inc) ?? []));
  const seen = new Set(matches.map((m) => `${m.resourceType}/${m.id}`));
  const included = (wanted.length ? await resolve(db, r, [...new Set(wanted)], base) : []).filter((x) => !seen.has(`${x.resourceType}/${x.id}`));
  return searchset({ matches, included, total, params, base, selfPath, count, offset });
}

/** The searchset Bundle of one page: matches, included resources, total and the self / next / previous links. */
export function searchset(page: {
  matches: Resource[];
  included: Resource[];
  total: number;
  params: SearchParams;
  base: string;
  selfPath: string;
  count: number;
  offset: number;
}): Bundle {
  const { matches, included, total, params, base, selfPath, count, offset } = page;
  const entry = (resource: Resource, mode: 'match' | 'include'): BundleEntry => ({
    fullUrl: `${base}/${resource.resourceType}/${resource.id}`,
    resource,
    search: { mode },
  });
  const link = (relation: string, at: number): BundleLink => {
    const q = new URLSearchParams();
    for (const [name, values] of params) if (name !== '_offset' && name !== '_count') for (const v of values) q.append(name, v);
    q.set('_count', String(count));
    q.set('_offset', String(at));
    return { relation, url: `${base}${selfPath}?${q.toString()}` };
  };
  const links = [link('self', offset)];
  if (count > 0 && offset + count < total) links.push(link('next', offset + count));
  if (offset > 0) links.push(link('previous', Math.max(0, offset - Math.max(count, 1))));
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total,
    link: links,
    ...(matches.length || included.length ? { entry: [...matches.map((m) => entry(m, 'match')), ...included.map((m) => entry(m, 'include'))] } : {}),
  };
}
