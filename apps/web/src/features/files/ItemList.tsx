import { Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { ListTable } from '../../shared/list/ListTable';
import { Pager } from '../../shared/list/Pager';
import '../../shared/list/list.css';

export interface Column<T> {
  key: string;
  title: string;
  render: (row: T) => ReactNode;
  /** Kept on one line in the table. */
  nowrap?: boolean;
  align?: 'start' | 'end';
}

interface Props<T> {
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** The first column heads a phone's card; the others follow as label and value. */
  columns: Column<T>[];
  /** The row's buttons: the table's last column, a card's foot. */
  actions?: (row: T) => ReactNode;
  actionsTitle?: string;
  loading?: boolean;
  empty: string;
  rowClassName?: (row: T) => string;
  /** Server paging (1-based page), when the list has more than one page. */
  paging?: { page: number; pageSize: number; total: number; onPage: (page: number) => void };
  testid?: string;
}

/**
 * A list of folders, files or attachments: a table from a tablet up, and one card per row on a
 * phone (label and value per line), so nothing runs off a 375 px screen.
 */
export function ItemList<T extends object>({ rows, rowKey, columns, actions, actionsTitle, loading, empty, rowClassName, paging, testid }: Props<T>) {
  const wide = useMediaQuery(TABLET_UP);
  const pager = paging && (
    <Pager
      className="files-pager"
      pageIndex={paging.page - 1}
      pageSize={paging.pageSize}
      total={paging.total}
      compact={!wide}
      onPage={(index) => paging.onPage(index + 1)}
    />
  );
  if (!wide) {
    const [head, ...rest] = columns;
    return (
      <Spin spinning={!!loading}>
        {rows.length ? (
          <ul className="files-cards" data-testid={testid}>
            {rows.map((row) => (
              <li key={rowKey(row)} className={`files-card ${rowClassName?.(row) ?? ''}`}>
                {head && <div className="files-card__head">{head.render(row)}</div>}
                <dl className="files-card__facts">
                  {rest.map((c) => (
                    <div key={c.key}>
                      <dt>{c.title}</dt>
                      <dd>{c.render(row)}</dd>
                    </div>
                  ))}
                </dl>
                {actions && <div className="files-card__actions">{actions(row)}</div>}
              </li>
            ))}
          </ul>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
        )}
        {pager}
      </Spin>
    );
  }
  return (
    <>
      <ListTable<T>
        size="small"
        rowKey={(row) => rowKey(row)}
        loading={loading}
        dataSource={rows as T[]}
        emptyText={empty}
        rowClassName={rowClassName}
        data-testid={testid}
        columns={[
          ...columns.map((c) => ({
            key: c.key,
            title: c.title,
            align: c.align,
            className: c.nowrap ? 'files-nowrap' : undefined,
            render: (_: unknown, row: T) => c.render(row),
          })),
          ...(actions
            ? [{ key: 'actions', title: actionsTitle ?? '', render: (_: unknown, row: T) => <span className="files-row-actions">{actions(row)}</span> }]
            : []),
        ]}
      />
      {pager}
    </>
  );
}
