import { wireValueJson } from './result-value.js';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { resultListItem } from '@nlims/contracts';
import { facilityScope, mayInAny, programsWhere } from '../../core/access.js';
import type { ResourceDef } from '../../core/resource.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { amongMatches } from '../clients/clients.service.js';
import { clients } from '../clients/clients.table.js';
import { programIn, programsQueried } from '../samples/forms.js';
import { sampleIdsMatching } from '../samples/samples.read.js';
import { orders, samples, testOrders } from '../samples/samples.table.js';
import { programs } from '../programs/programs.table.js';
import { sampleTypes } from '../reference/reference.table.js';
import { userName } from '../users/users.service.js';
import { users } from '../users/users.table.js';
import { results } from '../samples/results.table.js';
import { underReview } from './results.service.js';

const enteredBy = alias(users, 'entered_by_user');
const verifiedBy = alias(users, 'verified_by_user');
/** A query builder step by step through its joins. */
interface Joinable {
  innerJoin: (...a: unknown[]) => Joinable;
  leftJoin: (...a: unknown[]) => Joinable;
}

/**
 * `GET results/`: the current results of the facility and amendments under
 * review, for the validation,
 * approval and released-results worklists (`Filters.status=5|6|7`, or
 * `Filters.status__in=`), searchable by laboratory number or client.
 */
export const resultListResource: ResourceDef = {
  path: 'results',
  entity: 'result',
  table: results,
  id: results.id,
  fields: {
    id: results.id,
    version: results.version,
    status: results.status,
    value: sql<number | string | null>`${wireValueJson('results')}`.as('value'),
    unit: results.unit,
    flag: results.flag,
    ref_low: results.refLow,
    ref_high: results.refHigh,
    isolates: results.isolates,
    comment: results.comment,
    entered_by: enteredBy.username,
    entered_by_name: userName(results.enteredBy).as('entered_by_name'),
    entered_at: results.enteredAt,
    verified_by: verifiedBy.username,
    verified_by_name: sql<string | null>`case when ${results.verifiedBy} is null then null else ${userName(results.verifiedBy)} end`.as('verified_by_name'),
    verified_at: results.verifiedAt,
    approved_at: results.approvedAt,
    amends: results.amendsId,
    amendment_reason: results.amendmentReason,
    test_order: results.testOrderId,
    test_type: testOrders.testTypeId,
    test_type_name: testTypes.name,
    order: orders.id,
    lab_number: orders.labNumber,
    sample: samples.id,
    barcode: samples.barcode,
    sample_type_name: sql<string | null>`(select st.name from ${sampleTypes} st where st.id = ${samples.sampleTypeId})`.as('sample_type_name'),
    program: sql<string>`(select pr.name from ${programs} pr where pr.id = ${testOrders.programId})`.as('program'),
    client_name: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`.as('client_name'),
    sex: clients.sex,
    date_of_birth: clients.dateOfBirth,
  },
  join: (q) =>
    (q as unknown as Joinable)
      .innerJoin(testOrders, eq(testOrders.id, results.testOrderId))
      .innerJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
      .innerJoin(samples, eq(samples.id, testOrders.sampleId))
      .innerJoin(orders, eq(orders.id, testOrders.orderId))
      .innerJoin(clients, eq(clients.id, orders.clientId))
      .leftJoin(enteredBy, eq(enteredBy.id, results.enteredBy))
      .leftJoin(verifiedBy, eq(verifiedBy.id, results.verifiedBy)) as typeof q,
  item: resultListItem,
  searchWhere: (term, p) => amongMatches(testOrders.sampleId, sampleIdsMatching(term, p)),
  // The programmes the caller may read, or the one `program__name` names.
  extraWhere: (query, p) => [underReview(), programIn(testOrders.programId, programsWhere(p, 'read', programsQueried(query)))],
  filters: { status: results.status, test_type: testOrders.testTypeId as never, flag: results.flag, sample: testOrders.sampleId as never },
  ordering: { entered_at: results.enteredAt, verified_at: results.verifiedAt, approved_at: results.approvedAt, id: results.id },
  defaultOrdering: '-entered_at',
  access: { read: (p) => mayInAny(p, 'read') },
  scope: { column: results.facilityId, valueKey: 'facilityId', of: facilityScope },
  customDetail: true,
  tags: ['results'],
};
