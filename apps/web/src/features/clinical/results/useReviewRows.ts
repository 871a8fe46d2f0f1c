import { SAMPLE_STATUS as S } from '@nlims/contracts';
import { useOrderDetails, useOrdersIn } from '../api';
import type { OrderDetail, OrderTest, ResultItem } from '../types';

export interface ReviewRow {
  key: number;
  order: OrderDetail;
  test: OrderTest;
  result: ResultItem;
}

/** Samples whose results are under review: results are entered on accepted samples, which then read ONGOING (or stay PARTIALLY REJECTED). */
const REVIEW_SAMPLE_STATUSES = [S.ONGOING, S.PARTIALLY_REJECTED] as const;

/**
 * Current results in one result status (ENTERED for validation, VERIFIED for
 * approval, APPROVAL for release), one row per test. The list rows name each
 * test's status, so only the samples that have such a test are read in full.
 */
export function useReviewRows(resultStatus: number) {
  const samples = useOrdersIn(REVIEW_SAMPLE_STATUSES);
  const ids = samples.rows.filter((o) => o.tests.some((x) => x.status === resultStatus)).map((o) => o.id);
  const details = useOrderDetails(ids);
  const rows: ReviewRow[] = details.orders.flatMap((order) =>
    order.tests.filter((test) => test.status === resultStatus && test.result).map((test) => ({ key: test.result!.id, order, test, result: test.result! })),
  );
  return { rows, loading: samples.loading || details.loading, fetching: samples.fetching };
}
