import { useEffect } from 'react';
import { useReviewSamples } from '../api';
import { useProgramme } from '../programme';
import { useSampleList } from '../samples/useSampleList';

/**
 * One server page of the programme's samples with a result in one status
 * (ENTERED for validation, VERIFIED for approval, APPROVAL for release), one
 * row per sample with every test inside, searchable by laboratory number or
 * client. When the last samples of a later page are moved on, the list steps
 * back to the last page left.
 */
export function useReviewList(resultStatus: number) {
  const list = useSampleList(resultStatus);
  const { pageIndex, pageSize, search } = list.params;
  const query = useReviewSamples(useProgramme(), { pageIndex, pageSize, search, status: resultStatus });
  const rows = query.data?.results ?? [];
  const total = query.data?.count ?? 0;
  const { setPage } = list;
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  const stepBack = !query.isPlaceholderData && query.data != null && !rows.length && pageIndex > lastPage;
  useEffect(() => {
    if (stepBack) setPage(lastPage);
  }, [stepBack, lastPage, setPage]);
  return { list, rows, total, loading: query.isPending, fetching: query.isFetching };
}
