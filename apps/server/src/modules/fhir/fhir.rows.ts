import { familyOf } from '@nlims/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../core/db.js';
import type { FhirReader } from './fhir.access.js';
import { type OrganizationRow, type PatientRow, type SampleRow, type TestRow, toDiagnosticReport, toSpecimen } from './fhir.resources.js';

/** Each FHIR resource type's rows within the caller's scope (fhir.access.ts: the facility, the programmes, released results only for a system), loaded by condition or id. */

const ids = (list: readonly number[]) =>
  list.length
    ? sql.join(
        list.map((n) => sql`${n}`),
        sql`, `,
      )
    : sql`null`;
export const inIds = (column: SQL, list: readonly number[]) => (list.length ? sql`${column} in (${ids(list)})` : sql`false`);
export const texts = (list: readonly string[]) =>
  sql.join(
    list.map((n) => sql`${n}`),
    sql`, `,
  );
export const and = (conditions: SQL[]) => (conditions.length ? sql.join(conditions, sql` and `) : sql`true`);

// --- Patient --------------------------------------------------------------------------------------------------------

export const visibleTypes = (r: FhirReader) => (r.hiddenIdentifierTypes.length ? sql`it.name not in (${texts(r.hiddenIdentifierTypes)})` : sql`true`);

export const patientSelect = (
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
export const patientScope = (r: FhirReader): SQL[] => [
  sql`c.facility_id = ${r.facilityId}`,
  sql`c.merged_into is null`,
  ...(r.apiClientId != null
    ? [sql`exists (select 1 from orders o where o.client_id = c.id and o.facility_id = ${r.facilityId} and ${inIds(sql`o.program_id`, r.programIds)})`]
    : []),
];

// --- Shared rows ----------------------------------------------------------------------------------------------------

export const testSelect = sql`select t.id, t.status as test_status, t.sample_id, t.order_id, o.client_id, t.facility_id, o.lab_number, s.barcode,
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

export const testScope = (r: FhirReader): SQL[] => [sql`t.facility_id = ${r.facilityId}`, inIds(sql`t.program_id`, r.programIds)];

export const serviceRequestStatusSql = sql`(case when t.status in (4, 16) then 'revoked' when t.status = 7 then 'completed' else 'active' end)`;
export const observationStatusSql = sql`(case when r.status = 7 then (case when r.version > 1 or r.amends_id is not null then 'amended' else 'final' end)
  when r.status in (8, 9) then 'cancelled' else 'preliminary' end)`;

/** An Observation is a test with a current result; a system sees only approved ones. */
export const observationScope = (r: FhirReader): SQL[] => [...testScope(r), sql`r.id is not null`, ...(r.releasedOnly ? [sql`r.status = 7`] : [])];

export const sampleSelect = sql`select s.id, s.order_id, o.client_id, s.facility_id, p.name as program, o.lab_number, s.barcode, s.status,
    st.name as sample_type, st.code as sample_type_code, s.container, s.created_at, s.collected_at, s.received_at
  from samples s
  join orders o on o.id = s.order_id
  join programs p on p.id = s.program_id
  left join sample_types st on st.id = s.sample_type_id`;

export const sampleScope = (r: FhirReader): SQL[] => [sql`s.facility_id = ${r.facilityId}`, inIds(sql`s.program_id`, r.programIds)];

export const reportStatusSql = sql`(select case when s.status = 4 then 'cancelled'
      when a.live > 0 and a.approved = a.live then (case when a.amended > 0 then 'amended' else 'final' end)
      when a.approved > 0 then 'partial' when a.with_result > 0 then 'preliminary' else 'registered' end
    from (select count(*) filter (where t.status not in (4, 16)) as live,
                 count(*) filter (where t.status not in (4, 16) and r.status = 7) as approved,
                 count(*) filter (where t.status not in (4, 16) and r.status = 7 and (r.version > 1 or r.amends_id is not null)) as amended,
                 count(r.id) filter (where t.status not in (4, 16)) as with_result
            from test_orders t left join results r on r.test_order_id = t.id and r.current where t.sample_id = s.id) a)`;

export const reportScope = (r: FhirReader): SQL[] => [...sampleScope(r), ...(r.releasedOnly ? [sql`${reportStatusSql} in ('final', 'amended')`] : [])];

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

export async function specimensOf(db: Tx, _r: FhirReader, samples: SampleRow[]) {
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
