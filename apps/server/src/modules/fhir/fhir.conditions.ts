import { FHIR_SYSTEMS, identifierSystem } from '@nlims/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../core/db.js';
import { likeTerm } from '../../core/sql-values.js';
import type { FhirReader } from './fhir.access.js';
import { referenceCondition, type SearchParams, token, valuesOf } from './fhir.search.js';
import { texts, visibleTypes } from './fhir.rows.js';

/** The product's own search parameters as SQL conditions: identifiers (the client's, the lab number, the placer's), names, codes and links to a patient. */

/**
 * The clients holding an identifier (`system|value`, `value`): only among the identifier types the caller sees, so
 * a search by an ART number finds nobody for a caller without Viral Load (it would tell whose number it is). The
 * system is the product's (…/sid/art-number) or one another system sent the identifier with (client_identifier_systems).
 */
export async function clientsWithIdentifier(db: Tx, r: FhirReader, values: string[]): Promise<SQL> {
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

export function stringCondition(params: SearchParams, name: string, columns: SQL[]): SQL[] {
  return valuesOf(params, name).map(
    (values) =>
      sql`(${sql.join(
        values.flatMap((v) => columns.map((c) => sql`${c} ilike ${`${likeTerm(v).slice(1)}`}`)),
        sql` or `,
      )})`,
  );
}

/** A placer's identifier matching `system|code` (any system when none is given). */
type PlacerMatch = (system: string | null, code: string) => SQL;

/**
 * A lab-number identifier (`system|value` with our lab-number or barcode system, or a bare value): the condition;
 * with `placer`, an identifier of another system is the placer's (an electronic request's) identifier.
 */
export function labIdentifierCondition(params: SearchParams, name: string, systems: Record<string, SQL>, placer?: PlacerMatch): SQL[] {
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
export function placerMatch(r: FhirReader, kind: 'requisition' | 'placer', orderColumn: SQL, test?: { type: SQL; panel: SQL }): PlacerMatch {
  return (system, code) => sql`exists (select 1 from electronic_requests er join electronic_request_identifiers ei on ei.request_id = er.id
    where er.order_id = ${orderColumn} and ei.facility_id = ${r.facilityId} and ei.kind = ${kind} and ei.value = ${code}${
      system != null ? sql` and ei.system = ${system}` : sql``
    }${test ? sql` and ei.test_type_id in (${test.type}, ${test.panel})` : sql``})`;
}

/** A sample's tests with the placer's own identifier `system|code` (`DiagnosticReport?based-on:ServiceRequest.identifier`). */
export function samplePlacerMatch(r: FhirReader): PlacerMatch {
  return (system, code) => sql`exists (select 1 from test_orders t2 join test_types tt2 on tt2.id = t2.test_type_id
    where t2.sample_id = s.id and ${placerMatch(r, 'placer', sql`t2.order_id`, { type: sql`t2.test_type_id`, panel: sql`tt2.panel_id` })(system, code)})`;
}

/** `code=http://loinc.org|20447-9`, `code=VL` (the catalogue's code or LOINC). */
export function codeCondition(params: SearchParams): SQL[] {
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

export const PATIENT_LINK = ['patient', 'subject', 'patient.identifier', 'subject.identifier', 'subject:Patient.identifier'];

export async function patientLinkConditions(db: Tx, r: FhirReader, params: SearchParams, column: SQL): Promise<SQL[]> {
  return [
    ...referenceCondition(params, 'patient', 'Patient', column),
    ...referenceCondition(params, 'subject', 'Patient', column),
    ...(await chainedPatientIdentifier(db, r, params, column)),
  ];
}
