import { ENTERABLE_TEST_STATUSES, SAMPLE_STATUS as S } from '@nlims/contracts';
import { useOrdersIn } from '../api';
import { useTestConfig } from '../results/useTestConfig';
import type { OrderRow } from '../types';

export interface WorkItem {
  order: OrderRow;
  test: OrderRow['tests'][number];
  section: string | null;
  due: number | null;
}

/** Samples in the laboratory whose tests still wait for a result. */
const IN_LAB = [S.APPROVED, S.ONGOING, S.WORKSHEET, S.PARTIALLY_REJECTED] as const;

/** Tests to be run, by section (bench), earliest due first; urgent before routine when due at the same time. */
export function useWorkplan() {
  const samples = useOrdersIn(IN_LAB);
  const { byId, loading } = useTestConfig();
  const items: WorkItem[] = samples.rows.flatMap((order) =>
    order.tests
      .filter((test) => ENTERABLE_TEST_STATUSES.includes(test.status))
      .map((test) => ({ order, test, section: byId.get(test.test_type)?.section_name ?? null, due: test.due_at ? new Date(test.due_at as string).getTime() : null })),
  );
  const bySection = new Map<string | null, WorkItem[]>();
  for (const item of items) bySection.set(item.section, [...(bySection.get(item.section) ?? []), item]);
  const order = (a: WorkItem, b: WorkItem) => (a.due ?? Infinity) - (b.due ?? Infinity) || Number(b.order.priority === 'urgent') - Number(a.order.priority === 'urgent');
  const sections = [...bySection.entries()].map(([section, list]) => ({ section, items: list.sort(order) })).sort((a, b) => (a.section ?? '~').localeCompare(b.section ?? '~'));
  return { sections, total: items.length, loading: samples.loading || loading, fetching: samples.fetching };
}
