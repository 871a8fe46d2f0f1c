import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ENTERABLE_TEST_STATUSES, FILTER_PREFIX, type ListQuery, SAMPLE_STATUS as S, workplanItem } from '@nlims/contracts';
import { facilityScope, mayInAny, programsWhere } from '../../core/access.js';
import type { ResourceDef } from '../../core/resource.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { amongMatches } from '../clients/clients.service.js';
import { clients } from '../clients/clients.table.js';
import { facilityTestServices } from '../facility-settings/facility-settings.table.js';
import { benches, sections } from '../reference/reference.table.js';
import { programIn, programsQueried } from './forms.js';
import { sampleIdsMatching, withHospitalNumbers } from './samples.read.js';
import { orders, samples, testOrders } from './samples.table.js';

/** The facility's service for the test itself, and for the panel it belongs to. */
const ownService = alias(facilityTestServices, 'own_service');
const panelService = alias(facilityTestServices, 'panel_service');
const bench = alias(benches, 'work_bench');

interface Joinable {
  innerJoin: (...a: unknown[]) => Joinable;
  leftJoin: (...a: unknown[]) => Joinable;
}

const withTestType = (q: Joinable) => q.innerJoin(testTypes, eq(testTypes.id, testOrders.testTypeId));
/** The bench that runs the test: the facility's service for the test, else for its panel (after `withTestType`). */
const withBench = (q: Joinable) =>
  q
    .leftJoin(ownService, and(eq(ownService.facility, testOrders.facilityId), eq(ownService.test_type, testOrders.testTypeId)))
    .leftJoin(panelService, and(eq(panelService.facility, testOrders.facilityId), eq(panelService.test_type, testTypes.panel)))
    .leftJoin(bench, eq(bench.id, sql`coalesce(${ownService.bench}, ${panelService.bench})`));

/** The joins a query's conditions and ordering read: the display tables are left out. */
function pickingJoins<Q>(q: Q, query: ListQuery): Q {
  let j = (q as unknown as Joinable).innerJoin(samples, eq(samples.id, testOrders.sampleId));
  const filtered = (name: string) => query[`${FILTER_PREFIX}${name}`] !== undefined && query[`${FILTER_PREFIX}${name}`] !== '';
  const ordering = query.ordering || WORKPLAN_ORDERING;
  if (filtered('priority') || /(^|,)-?priority\b/.test(ordering)) j = j.innerJoin(orders, eq(orders.id, testOrders.orderId));
  if (filtered('section') || filtered('bench') || /(^|,)-?test_type_name\b/.test(ordering)) j = withTestType(j);
  if (filtered('bench')) j = withBench(j);
  return j as unknown as Q;
}

/** Urgent samples first, then the earliest due. */
const WORKPLAN_ORDERING = '-priority,due_at';

/** Samples in the laboratory (not on hold, rejected or cancelled). */
export const IN_LAB = [S.APPROVED, S.ONGOING, S.WORKSHEET, S.PARTIALLY_REJECTED];

/**
 * `GET workplan/`: the tests waiting for a run in the caller's facility —
 * accepted, or back from a rejected result or a retest — on samples in the
 * laboratory, urgent first, then earliest due, with the section and the bench that runs
 * them (the facility's test service, or its panel's). Paged, so the whole
 * backlog is reachable; `Filters.section`, `Filters.bench`, `Filters.priority`.
 */
export const workplanResource: ResourceDef = {
  path: 'workplan',
  entity: 'test_order',
  table: testOrders,
  id: testOrders.id,
  fields: {
    id: testOrders.id,
    test_type: testOrders.testTypeId,
    test_type_name: testTypes.name,
    status: testOrders.status,
    due_at: testOrders.dueAt,
    order: orders.id,
    lab_number: orders.labNumber,
    sample: samples.id,
    barcode: samples.barcode,
    priority: orders.priority,
    sample_status: samples.status,
    client: orders.clientId,
    client_name: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`.as('client_name'),
    sex: clients.sex,
    date_of_birth: clients.dateOfBirth,
    section: testTypes.section,
    section_name: sections.name,
    bench: bench.id,
    bench_name: bench.name,
  },
  join: (q) =>
    withBench(
      withTestType((q as unknown as Joinable).innerJoin(samples, eq(samples.id, testOrders.sampleId)).innerJoin(orders, eq(orders.id, testOrders.orderId))),
    )
      .innerJoin(clients, eq(clients.id, orders.clientId))
      .leftJoin(sections, eq(sections.id, testTypes.section)) as unknown as typeof q,
  // Choosing (and counting) a page of the backlog reads the sample's status always, the order for its priority,
  // and the test type or bench only when a filter or the ordering asks.
  pageJoin: pickingJoins,
  item: workplanItem,
  expand: withHospitalNumbers,
  searchWhere: (term, p) => amongMatches(testOrders.sampleId, sampleIdsMatching(term, p)),
  extraWhere: (query, p) => [
    inArray(testOrders.status, [...ENTERABLE_TEST_STATUSES]),
    inArray(samples.status, IN_LAB),
    // The programmes whose workplan the caller may see, or the one `program__name` names.
    programIn(testOrders.programId, [
      ...new Set([...programsWhere(p, 'workplan', programsQueried(query)), ...programsWhere(p, 'enter', programsQueried(query))]),
    ]),
  ],
  filters: { section: testTypes.section, bench: bench.id, priority: orders.priority, test_type: testOrders.testTypeId },
  ordering: { due_at: testOrders.dueAt, lab_number: samples.barcode, priority: orders.priority, test_type_name: testTypes.name },
  defaultOrdering: WORKPLAN_ORDERING,
  // The people who run or enter the tests (SPEC §6: analysts and supervisors; data clerks enter results too).
  access: { read: (p) => mayInAny(p, 'workplan') || mayInAny(p, 'enter') },
  scope: { column: testOrders.facilityId, valueKey: 'facilityId', of: facilityScope },
  customDetail: true,
  tags: ['samples'],
};
