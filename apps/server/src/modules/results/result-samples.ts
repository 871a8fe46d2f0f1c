import { wireValueJson } from './result-value.js';
import { sql } from 'drizzle-orm';
import { resultSampleItem } from '@nlims/contracts';
import { facilityScope, mayInAny, programsWhere } from '../../core/access.js';
import { numberFilter, type ResourceDef } from '../../core/resource.js';
import { amongMatches } from '../clients/clients.service.js';
import { clients } from '../clients/clients.table.js';
import { programs } from '../programs/programs.table.js';
import { sampleTypes } from '../reference/reference.table.js';
import { programIn, programsQueried } from '../samples/forms.js';
import { hospitalNumberOf, sampleIdsMatching, withOrderAndClient } from '../samples/samples.read.js';
import { orders, samples } from '../samples/samples.table.js';

/** A result a reviewer sees: the one in force, or an amendment awaiting verification or approval. */
const UNDER_REVIEW = sql.raw('(r.current or (r.amends_id is not null and r.status in (5, 6)))');

/**
 * Each sample's tests with their results, panel members under the panel's
 * name: one correlated sub-query in the page query (one round trip), in test
 * order, amendments after the version they amend.
 */
const sampleTests = sql<unknown[]>`(select coalesce(json_agg(json_build_object(
    'test_order', t.id, 'test_type', t.test_type_id, 'test_type_name', tt.name, 'code', tt.code, 'panel', tt.panel_id, 'panel_name', pt.name,
    'decimals', tt.decimals, 'test_status', t.status,
    'result', case when r.id is null then null else json_build_object(
      'id', r.id, 'version', r.version, 'status', r.status, 'value', ${wireValueJson('r')}, 'unit', r.unit,
      'flag', r.flag, 'ref_low', r.ref_low, 'ref_high', r.ref_high, 'isolates', r.isolates, 'comment', r.comment,
      'entered_by', eu.username, 'entered_by_name', coalesce(nullif(trim(eu.first_name || ' ' || eu.last_name), ''), eu.username), 'entered_at', to_char(r.entered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'verified_by', vu.username, 'verified_by_name', coalesce(nullif(trim(vu.first_name || ' ' || vu.last_name), ''), vu.username), 'verified_at', to_char(r.verified_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'approved_at', to_char(r.approved_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'amends', r.amends_id, 'amendment_reason', r.amendment_reason) end)
    order by t.id, r.version), '[]'::json)
  from test_orders t join test_types tt on tt.id = t.test_type_id left join test_types pt on pt.id = tt.panel_id
  left join results r on r.test_order_id = t.id and ${UNDER_REVIEW}
  left join users eu on eu.id = r.entered_by left join users vu on vu.id = r.verified_by
  where t.sample_id = ${samples.id})`.as('tests');

/** Samples with a result (in force or under amendment) of this status. */
const withResultStatus = (raw: string) => {
  const status = numberFilter('status', raw, { integer: true });
  return sql`exists (select 1 from test_orders t join results r on r.test_order_id = t.id
    where t.sample_id = ${samples.id} and r.status = ${status} and ${UNDER_REVIEW})`;
};

/**
 * `GET result_samples/`: the review worklists one row per sample (DESIGN §4):
 * `Filters.status=5` samples with results to validate, `6` to approve, `7`
 * released; each row carries every test of the sample with its result, so a
 * reviewer sees the sample whole and validates or approves it in one action.
 * Spans the programmes the caller may read (`program__name` narrows it).
 */
export const resultSampleResource: ResourceDef = {
  path: 'result_samples',
  entity: 'sample',
  table: samples,
  id: samples.id,
  fields: {
    id: samples.id,
    order: samples.orderId,
    lab_number: orders.labNumber,
    barcode: samples.barcode,
    program: sql<string>`(select pr.name from ${programs} pr where pr.id = ${samples.programId})`.as('program'),
    sample_type_name: sql<string | null>`(select st.name from ${sampleTypes} st where st.id = ${samples.sampleTypeId})`.as('sample_type_name'),
    priority: orders.priority,
    status: samples.status,
    client: orders.clientId,
    client_name: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`.as('client_name'),
    sex: clients.sex,
    date_of_birth: clients.dateOfBirth,
    hospital_number: hospitalNumberOf(orders.clientId),
    received_at: samples.receivedAt,
    tests: sampleTests,
  },
  join: withOrderAndClient,
  item: resultSampleItem,
  searchWhere: (term, p) => amongMatches(samples.id, sampleIdsMatching(term, p)),
  extraWhere: (query, p) => [programIn(samples.programId, programsWhere(p, 'read', programsQueried(query)))],
  filters: { priority: orders.priority },
  filterWhere: { status: withResultStatus },
  ordering: { received_at: samples.receivedAt, barcode: samples.barcode, priority: orders.priority },
  // Urgent samples first, then the longest waiting.
  defaultOrdering: '-priority,received_at',
  access: { read: (p) => mayInAny(p, 'read') },
  scope: { column: samples.facilityId, valueKey: 'facilityId', of: facilityScope },
  customDetail: true,
  countWithoutJoin: true,
  tags: ['results'],
};
