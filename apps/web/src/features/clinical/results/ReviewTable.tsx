import type { TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLET_UP, useMediaQuery } from '../../layout/useMediaQuery';
import { ListTable } from '../../resources/ListTable';
import { sampleColumns } from '../common/ClientSummary';
import { formatDateTime } from '../common/format';
import { AmendmentNote, ResultValue } from '../common/ResultValue';
import { ReviewCards } from './ReviewCards';
import type { ReviewRow } from './useReviewRows';

interface Props {
  rows: ReviewRow[];
  loading: boolean;
  selected?: number[];
  onSelect?: (keys: number[]) => void;
  /** Who verified: shown on the approval list. */
  showVerifier?: boolean;
  actions: (row: ReviewRow) => ReactNode;
}

/** One page of results under review (cards on phones; the page's pager sits below): sample, client, test, value with flag and range, who entered (and verified) it, and the row's moves. */
export function ReviewTable({ rows, loading, selected, onSelect, showVerifier, actions }: Props) {
  const { t } = useTranslation('clinical');
  const wide = useMediaQuery(TABLET_UP);
  const columns: TableProps<ReviewRow>['columns'] = [
    ...sampleColumns(t),
    { key: 'test', title: t('samples.test'), render: (_, r) => r.test_type_name },
    {
      key: 'result',
      title: t('results.result'),
      render: (_, r) => (
        <>
          <ResultValue result={r} />
          <AmendmentNote result={r} />
        </>
      ),
    },
    { key: 'comment', title: t('entry.comment'), render: (_, r) => r.comment || <span className="clin-muted">—</span> },
    {
      key: 'entered',
      title: t('review.enteredBy'),
      render: (_, r) => (
        <div>
          <div>{r.entered_by}</div>
          <div className="clin-muted">{formatDateTime(r.entered_at as string)}</div>
        </div>
      ),
    },
    ...(showVerifier
      ? [
          {
            key: 'verified',
            title: t('review.verifiedBy'),
            render: (_: unknown, r: ReviewRow) => (
              <div>
                <div>{r.verified_by}</div>
                <div className="clin-muted">{formatDateTime(r.verified_at as string)}</div>
              </div>
            ),
          },
        ]
      : []),
    { key: 'actions', title: t('samples.actions'), fixed: 'end', render: (_, r) => <div className="clin-actions clin-actions--nowrap">{actions(r)}</div> },
  ];
  if (!wide && selected && onSelect)
    return <ReviewCards rows={rows} loading={loading} selected={selected} onSelect={onSelect} showVerifier={showVerifier} actions={actions} />;
  return (
    <ListTable<ReviewRow>
      className="clin-table"
      columns={columns}
      dataSource={rows}
      loading={loading}
      rowSelection={onSelect ? { selectedRowKeys: selected, onChange: (keys) => onSelect(keys as number[]) } : undefined}
      emptyText={t('review.empty')}
    />
  );
}
