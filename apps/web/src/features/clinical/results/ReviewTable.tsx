import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../shared/list/ListTable';
import type { ReviewSample } from '../types';
import { SampleFacts } from './SampleFacts';
import type { ReviewListProps } from './reviewListProps';
import { SampleTests, SampleTestsHeading } from './SampleTests';

/** The review list as a table (desktops and tablets): one row per sample, with the sample and client, its tests as lines and its moves. */
export function ReviewTable({ rows, loading, emptyText, selection, lineActions, sampleActions, note }: ReviewListProps) {
  const { t } = useTranslation('clinical');
  const columns: TableProps<ReviewSample>['columns'] = [
    { key: 'sample', title: `${t('samples.labNumber')} · ${t('samples.client')}`, render: (_, s) => <SampleFacts sample={s} /> },
    {
      key: 'tests',
      title: <SampleTestsHeading actions={lineActions != null} />,
      render: (_, s) => (
        <>
          <SampleTests tests={s.tests} sampleStatus={s.status} headed actions={lineActions && ((line) => lineActions(line, s))} />
          {note?.(s)}
        </>
      ),
    },
    { key: 'actions', title: t('samples.actions'), render: (_, s) => <div className="rv-action">{sampleActions(s)}</div> },
  ];
  return (
    <ListTable<ReviewSample>
      className="clin-table rv-table"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={undefined}
      tableLayout="auto"
      rowSelection={
        selection && {
          selectedRowKeys: selection.selected,
          onChange: (keys) => selection.onSelect(keys as number[]),
          getCheckboxProps: (s) => ({ disabled: selection.disabled(s), 'aria-label': s.barcode }),
        }
      }
      emptyText={emptyText}
    />
  );
}
