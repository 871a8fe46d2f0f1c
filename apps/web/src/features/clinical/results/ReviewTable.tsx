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
      // the comment and an amendment's reason go with the value they explain
      render: (_, r) => (
        <>
          <ResultValue result={r} />
          {r.comment && <div className="clin-muted">{r.comment}</div>}
          <AmendmentNote result={r} />
        </>
      ),
    },
    {
      key: 'entered',
      title: showVerifier ? `${t('review.enteredBy')} · ${t('review.verifiedBy')}` : t('review.enteredBy'),
      render: (_, r) => (
        <div className="clin-review-who">
          <span>
            {r.entered_by} <span className="clin-muted">{formatDateTime(r.entered_at as string)}</span>
          </span>
          {showVerifier && (
            <span>
              {r.verified_by} <span className="clin-muted">{formatDateTime(r.verified_at as string)}</span>
            </span>
          )}
        </div>
      ),
    },
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
