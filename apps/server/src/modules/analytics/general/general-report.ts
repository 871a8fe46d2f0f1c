import { printedValue, type StoredValue, storedValueJson } from '../../results/result-value.js';
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@nlims/contracts';
import { facilityScope } from '../../../core/access.js';
import type { Db } from '../../../core/db.js';
import { forbidden, ValidationError } from '../../../core/errors.js';
import { testTypes } from '../../catalogue/catalogue.table.js';
import { clients } from '../../clients/clients.table.js';
import { results } from '../../samples/results.table.js';
import type { Principal } from '../../users/users.service.js';
import { dateRange } from '../../samples/samples.read.js';
import { formPrograms, programIn } from '../../samples/forms.js';
import { orders, samples, testOrders } from '../../samples/samples.table.js';
import { legHours } from '../kit/measures.js';

export interface ReportQuery {
  test_type?: number;
  test_order_status?: number;
  start_date?: string;
  end_date?: string;
  page?: number;
  page_size?: number;
}

export const REPORT_COLUMNS = [
  'lab_number',
  'client_name',
  'sex',
  'date_of_birth',
  'test',
  'test_order_status',
  'result',
  'unit',
  'flag',
  'ordered_at',
  'collected_at',
  'received_at',
  'approved_at',
  'tat_hours',
] as const;

const CSV_LIMIT = 100_000;

function where(p: Principal, q: ReportQuery, names: string[]): SQL | undefined {
  const scope = facilityScope(p);
  return and(
    ...(scope == null ? [] : [eq(testOrders.facilityId, scope)]),
    programIn(testOrders.programId, names),
    ...(q.test_type ? [eq(testOrders.testTypeId, q.test_type)] : []),
    ...(q.test_order_status ? [eq(testOrders.status, q.test_order_status)] : []),
    ...dateRange(samples.createdAt, q as Record<string, unknown>),
  );
}

const select = {
  lab_number: samples.barcode,
  client_name: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
  sex: clients.sex,
  date_of_birth: clients.dateOfBirth,
  test: testTypes.name,
  test_order_status: testOrders.status,
  result: sql<StoredValue | null>`${storedValueJson('results', 'test_types')}`,
  // A result stored without its unit (older rows) takes the catalogue's.
  unit: sql<string | null>`case when ${results.id} is not null then coalesce(nullif(${results.unit}, ''), ${testTypes.unit}) end`,
  flag: results.flag,
  ordered_at: orders.createdAt,
  collected_at: samples.collectedAt,
  received_at: samples.receivedAt,
  approved_at: results.approvedAt,
  tat_hours: legHours(sql`${samples.receivedAt}`, sql`${results.approvedAt}`),
};

/** Each row's result as printed: at its test's declared decimals, a censored one as "< 40". */
const printed = <Row extends { result: StoredValue | null }>(rows: Row[]) => rows.map((r) => ({ ...r, result: printedValue(r.result) }));

/** The general order report (SPEC §7): one row per test, with its current result. */
export async function generalOrderReport(db: Db, p: Principal, q: ReportQuery, csv: boolean) {
  const names = formPrograms(p, 'general_order', 'read');
  if (!names.length) throw forbidden('Your role may not view this report.');
  const size = q.page_size ?? DEFAULT_PAGE_SIZE;
  if (!csv && !(PAGE_SIZES as readonly number[]).includes(size)) throw ValidationError.field('page_size', `page_size must be one of ${PAGE_SIZES.join(', ')}.`);
  const base = () =>
    db
      .select(select)
      .from(testOrders)
      .innerJoin(samples, eq(samples.id, testOrders.sampleId))
      .innerJoin(orders, eq(orders.id, testOrders.orderId))
      .innerJoin(clients, eq(clients.id, orders.clientId))
      .innerJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
      .leftJoin(results, and(eq(results.testOrderId, testOrders.id), eq(results.current, true)))
      .where(where(p, q, names))
      .orderBy(asc(samples.createdAt), asc(testOrders.id));
  if (csv) return { rows: printed(await base().limit(CSV_LIMIT)) };
  const page = q.page ?? 1;
  const [total] = await db
    .select({ n: count() })
    .from(testOrders)
    .innerJoin(samples, eq(samples.id, testOrders.sampleId))
    .where(where(p, q, names));
  const n = Number(total?.n ?? 0);
  return {
    count: n,
    next: null as string | null,
    previous: null as string | null,
    page,
    results: printed(
      await base()
        .limit(size)
        .offset((page - 1) * size),
    ),
  };
}
