import type { TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLET_UP, useMediaQuery } from '../../layout/useMediaQuery';
import { ListTable } from '../../resources/ListTable';
import type { ReviewSample } from '../types';
import { ReviewCards } from './ReviewCards';
import { SampleFacts } from './SampleFacts';
import type { ResultLine } from './reviewLines';
import { SampleTests, SampleTestsHeading } from './SampleTests';
import './review.css';

export interface ReviewListProps {
  rows: ReviewSample[];
  loading: boolean;
  emptyText: string;
  /** Samples ticked for one bulk move; left out where samples are not ticked. */
  selection?: { selected: number[]; onSelect: (ids: number[]) => void; disabled: (sample: ReviewSample) => boolean };
  /** A line's moves: reject or retest a result, amend a released one. */
  lineActions?: (line: ResultLine, sample: ReviewSample) => ReactNode;
  /** The sample's moves: validate or approve it whole, its report. */
  sampleActions: (sample: ReviewSample) => ReactNode;
  /** What the sample's last move met (a refusal), under its tests. */
  note?: (sample: ReviewSample) => ReactNode;
}

/**
 * The review lists (validation, approval, released): one row per sample,
 * with the sample and client, its tests as lines (panel members under the
 * panel's name) and the sample's moves; cards on phones. The page's pager
 * sits below.
 */
export function ReviewList(props: ReviewListProps) {
  const { rows, loading, emptyText, selection, lineActions, sampleActions, note } = props;
  const { t } = useTranslation('clinical');
  const wide = useMediaQuery(TABLET_UP);
  if (!wide) return <ReviewCards {...props} />;
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
