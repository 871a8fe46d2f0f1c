import { Empty, Pagination, Spin } from 'antd';
import type { ReactNode } from 'react';

interface Props<T> {
  rows: readonly T[];
  rowKey: (row: T) => number | string;
  loading: boolean;
  empty: string;
  render: (row: T) => ReactNode;
  /** Server paging: the total, the page shown and its size. */
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  testid?: string;
}

/** A list's rows as cards on a phone, where a table's columns would run off the screen. */
export function PhoneCards<T>({ rows, rowKey, loading, empty, render, total, page, pageSize, onPage, testid }: Props<T>) {
  return (
    <Spin spinning={loading}>
      {rows.length ? (
        <ul className="dsp-cards" data-testid={testid}>
          {rows.map((row) => (
            <li key={rowKey(row)} className="dsp-card">
              {render(row)}
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      )}
      {total > pageSize && (
        <Pagination
          simple
          size="small"
          className="dsp-cards__pager"
          current={page}
          total={total}
          pageSize={pageSize}
          onChange={onPage}
          showSizeChanger={false}
        />
      )}
    </Spin>
  );
}
