import { TABLET_UP, useMediaQuery } from '../page/useMediaQuery';
import { Pager } from './Pager';

/** The paging state of a clinical list (see usePagedParams). */
interface PagedList {
  params: { pageIndex: number; pageSize: number };
  setPage: (pageIndex: number) => void;
  set: (change: { pageSize: number }) => void;
}

/** The Pager under a clinical list, wired to its paging state; compact on phones. */
export function ListPager({ list, total }: { list: PagedList; total: number }) {
  const phone = !useMediaQuery(TABLET_UP);
  return (
    <Pager
      pageIndex={list.params.pageIndex}
      pageSize={list.params.pageSize}
      total={total}
      compact={phone}
      onPage={list.setPage}
      onPageSize={(pageSize) => list.set({ pageSize })}
    />
  );
}
