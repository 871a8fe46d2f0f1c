import { Table, type TableProps } from 'antd';

type Props<T extends object> = TableProps<T> & {
  /** Shown in place of rows when there are none; Ant Design's own text when left out. */
  emptyText?: string;
};

/**
 * The list tables' common ground: rows keyed by `id`, wide tables scroll sideways, and no paging of
 * their own (the Pager below asks the server for the next page). Any prop given wins over these.
 */
export function ListTable<T extends object>({ emptyText, ...props }: Props<T>) {
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      pagination={false}
      scroll={{ x: 'max-content' }}
      {...(emptyText !== undefined && { locale: { emptyText } })}
      {...props}
    />
  );
}
