import { Empty, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { ListTable } from '../../shared/list/ListTable';
import { Pager } from '../../shared/list/Pager';
import '../../shared/list/list.css';

/** The server's page of unmatched results and of messages. */
export const PAGE_SIZE = 20;

/** A page of a list: a table on a wide screen, one card per row on a phone, with the same pager either way. */
export function PagedList<T extends { id: number }>({
  wide,
  columns,
  list,
  pageNo,
  onPage,
  empty,
  testId,
  render,
}: {
  wide: boolean;
  columns: TableProps<T>['columns'];
  list: { isFetching: boolean; data?: { results: T[]; count: number } };
  pageNo: number;
  onPage: (page: number) => void;
  empty: string;
  testId: string;
  render: (row: T) => ReactNode;
}) {
  const rows = list.data?.results ?? [];
  const count = list.data?.count ?? 0;
  const pager = (
    <Pager className="instruments-pager" pageIndex={pageNo - 1} pageSize={PAGE_SIZE} total={count} compact={!wide} onPage={(index) => onPage(index + 1)} />
  );
  if (wide)
    return (
      <>
        <ListTable<T>
          size="small"
          scroll={{ x: true }}
          loading={list.isFetching}
          columns={columns}
          dataSource={rows}
          locale={{ emptyText: <Empty description={empty} /> }}
          data-testid={testId}
        />
        {pager}
      </>
    );
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <>
      <ul className="instruments-cards" data-testid={testId}>
        {rows.map((row) => (
          <li key={row.id} className="instruments-card">
            {render(row)}
          </li>
        ))}
      </ul>
      {pager}
    </>
  );
}
