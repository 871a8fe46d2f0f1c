import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ENTERABLE_TEST_STATUSES, SAMPLE_STATUS as S, workplanItem } from '@nlims/contracts';
import { facilityScope, mayGeneral } from '../../core/access.js';
import type { ResourceDef } from '../../core/resource.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { amongMatches } from '../clients/client-search.js';
import { clients } from '../clients/clients.table.js';
import { facilityTestServices } from '../facility-settings/facility-settings.table.js';
import { benches, sections } from '../reference/reference.table.js';
import { orderIdsMatching, withHospitalNumbers } from './samples.read.js';
import { generalOrders, testOrders } from './samples.table.js';

/** The facility's service for the test itself, and for the panel it belongs to. */
const ownService = alias(facilityTestServices, 'own_service');
const panelService = alias(facilityTestServices, 'panel_service');
const bench = alias(benches, 'work_bench');

interface Joinable {
  innerJoin: (...a: unknown[]) => Joinable;
  leftJoin: (...a: unknown[]) => Joinable;
}

/** Samples in the laboratory (not on hold, rejected or cancelled). */
const IN_LAB = [S.APPROVED, S.ONGOING, S.WORKSHEET, S.PARTIALLY_REJECTED];

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
    order: generalOrders.id,
    lab_number: generalOrders.labNumber,
    priority: generalOrders.priority,
    sample_status: generalOrders.status,
    client: generalOrders.clientId,
    client_name: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`.as('client_name'),
    sex: clients.sex,
    date_of_birth: clients.dateOfBirth,
    section: testTypes.section,
    section_name: sections.name,
    bench: bench.id,
    bench_name: bench.name,
  },
  join: (q) =>
    (q as unknown as Joinable)
      .innerJoin(generalOrders, eq(generalOrders.id, testOrders.orderId))
      .innerJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
      .innerJoin(clients, eq(clients.id, generalOrders.clientId))
      .leftJoin(sections, eq(sections.id, testTypes.section))
      .leftJoin(ownService, and(eq(ownService.facility, testOrders.facilityId), eq(ownService.test_type, testOrders.testTypeId)))
      .leftJoin(panelService, and(eq(panelService.facility, testOrders.facilityId), eq(panelService.test_type, testTypes.panel)))
      .leftJoin(bench, eq(bench.id, sql`coalesce(${ownService.bench}, ${panelService.bench})`)) as typeof q,
  item: workplanItem,
  expand: withHospitalNumbers,
  searchWhere: (term) => amongMatches(testOrders.orderId, orderIdsMatching(term)),
  extraWhere: () => [inArray(testOrders.status, [...ENTERABLE_TEST_STATUSES]), inArray(generalOrders.status, IN_LAB)],
  filters: { section: testTypes.section, bench: bench.id, priority: generalOrders.priority, test_type: testOrders.testTypeId },
  ordering: { due_at: testOrders.dueAt, lab_number: generalOrders.labNumber, priority: generalOrders.priority, test_type_name: testTypes.name },
  // Urgent samples first, then the earliest due.
  defaultOrdering: '-priority,due_at',
  // The people who run the tests (SPEC §6: analysts and supervisors; data clerks enter results too).
  access: { read: (p) => mayGeneral(p, 'entry') },
  scope: { column: testOrders.facilityId, valueKey: 'facilityId', of: facilityScope },
  customDetail: true,
  tags: ['samples'],
};
