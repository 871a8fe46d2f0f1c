import { DEFAULT_PAGE_SIZE } from '@nlims/contracts';
import type { OrderListParams } from '../api';
import { usePagedParams } from '../../../shared/list/usePagedParams';

/** Page, size, search (debounced), status, progress and date range of a sample list. */
export const useSampleList = (initialStatus?: number) => usePagedParams<OrderListParams>({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE, status: initialStatus });
export type SampleListState = ReturnType<typeof useSampleList>;
