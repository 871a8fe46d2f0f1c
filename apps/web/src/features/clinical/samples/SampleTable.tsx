import type { Paginated } from '@nlims/contracts';
import type { TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../shared/list/ListTable';
import { ListPager } from '../../../shared/list/ListPager';
import '../../../shared/list/list.css';
import { TABLET_UP, useMediaQuery } from '../../../shared/page/useMediaQuery';
import { sampleColumns } from '../common/ClientSummary';
import { formatDateTime } from '../../../shared/format/format';
import { SampleTags } from '../../../shared/status/status';
import type { OrderRow } from '../types';
import { SampleCards } from './SampleCards';
import { TestTags } from './TestTags';
import type { SampleListState } from './useSampleList';

interface Props {
  list: SampleListState;
  data: Paginated<OrderRow> | undefined;
  loading: boolean;
  actions: (row: OrderRow) => ReactNode;
  /** Rows ticked for a move on many samples at once (tables only). */
  selection?: { selected: number[]; onSelect: (ids: number[]) => void; selectable: (row: OrderRow) => boolean };
}

/** A server page of samples (cards on phones): laboratory number, client, tests, status, ordered time and the row's actions. */
export function SampleTable({ list, data, loading, actions, selection }: Props) {
  const { t } = useTranslation('clinical');
  const phone = !useMediaQuery(TABLET_UP);
  const rows = data?.results ?? [];
  const ordered = (r: OrderRow) => {
    // the date over the time: narrow enough that every column fits at 1366 px
    const [day, time] = formatDateTime(r.created_at as string).split(' ');
    return (
      <div className="clin-when">
        <div>{day}</div>
        <div className="clin-muted">{time}</div>
      </div>
    );
  };
  const columns: TableProps<OrderRow>['columns'] = [
    ...sampleColumns(t),
    { key: 'tests', title: t('samples.tests'), render: (_, r) => <TestTags tests={r.tests} /> },
    {
      key: 'status',
      title: selection ? `${t('samples.status')} · ${t('samples.ordered')}` : t('samples.status'),
      // narrow enough that the status, completed and urgent tags stack rather than run under the actions
      width: 150,
      render: (_, r) => (
        <>
          <span className="clin-tests">
            <SampleTags sample={r} />
          </span>
          {/* a list with a selection column keeps the time under the status, so nothing runs under the actions */}
          {selection && ordered(r)}
        </>
      ),
    },
    ...(selection ? [] : [{ key: 'ordered', title: t('samples.ordered'), render: (_: unknown, r: OrderRow) => ordered(r) }]),
    { key: 'actions', title: t('samples.actions'), fixed: 'end', render: (_, r) => <div className="clin-actions clin-actions--nowrap">{actions(r)}</div> },
  ];
  return (
    <>
      {phone ? (
        <SampleCards rows={rows} loading={loading} actions={actions} />
      ) : (
        <ListTable<OrderRow>
          className="clin-table"
          columns={columns}
          dataSource={rows}
          loading={loading}
          emptyText={t('samples.empty')}
          rowSelection={
            selection && {
              selectedRowKeys: selection.selected,
              onChange: (keys) => selection.onSelect(keys as number[]),
              getCheckboxProps: (row) => ({ disabled: !selection.selectable(row), 'aria-label': row.barcode }),
            }
          }
        />
      )}
      <ListPager list={list} total={data?.count ?? 0} />
    </>
  );
}
