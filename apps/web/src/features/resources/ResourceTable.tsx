import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { cellOf } from './cells';
import { ListTable } from '../../shared/list/ListTable';
import { RowActions } from './RowActions';
import type { ResourceConfig, Row } from './types';

interface Props {
  config: ResourceConfig;
  rows: Row[];
  loading: boolean;
  ordering: string;
  onOrdering: (ordering: string) => void;
  onEdit: (row: Row) => void;
}

/** The table view: server-side ordering by header click (`ordering=field` / `-field`), paging done by the Pager. */
export function ResourceTable({ config, rows, loading, ordering, onOrdering, onEdit }: Props) {
  const { t } = useTranslation('admin');
  // The actions stay in view while a wide table scrolls, except on a phone where they would take half the screen.
  const pinActions = useMediaQuery(TABLET_UP);
  const columns: TableProps<Row>['columns'] = [
    ...config.columns.map((column) => ({
      key: column.key,
      dataIndex: column.key,
      title: t(column.label),
      align: column.align,
      sorter: column.sort ? true : undefined,
      sortOrder: column.sort && ordering.replace(/^-/, '') === column.sort ? (ordering.startsWith('-') ? ('descend' as const) : ('ascend' as const)) : null,
      render: (_: unknown, row: Row) => cellOf(column, row, t),
    })),
    {
      key: 'actions',
      title: t('list.actions'),
      fixed: pinActions ? ('end' as const) : undefined,
      render: (_: unknown, row: Row) => <RowActions config={config} row={row} onEdit={onEdit} />,
    },
  ];

  const onChange: TableProps<Row>['onChange'] = (_pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = config.columns.find((c) => c.key === one?.columnKey);
    if (!column?.sort || !one?.order) onOrdering('');
    else onOrdering(one.order === 'descend' ? `-${column.sort}` : column.sort);
  };

  return <ListTable<Row> className="res-table" columns={columns} dataSource={rows} loading={loading} onChange={onChange} showSorterTooltip={false} />;
}
