import { Card, Checkbox, Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../common/format';
import { AmendmentNote } from '../common/ResultValue';
import type { ReviewRow } from './useReviewRows';
import { ResultCardLines } from './ResultCardLines';

interface Props {
  rows: ReviewRow[];
  loading: boolean;
  selected: number[];
  onSelect: (keys: number[]) => void;
  showVerifier?: boolean;
  actions: (row: ReviewRow) => ReactNode;
}

/** Results under review as cards on phones, each with its selection box and moves. */
export function ReviewCards({ rows, loading, selected, onSelect, showVerifier, actions }: Props) {
  const { t } = useTranslation('clinical');
  if (loading && !rows.length) return <Spin className="clin-loading" />;
  if (!rows.length) return <Empty description={t('review.empty')} />;
  const toggle = (key: number, on: boolean) => onSelect(on ? [...selected, key] : selected.filter((k) => k !== key));
  return (
    <div className="clin-cards">
      {rows.map((r) => (
        <Card key={r.id} size="small" className="clin-card">
          <div className="clin-card__head">
            <Checkbox checked={selected.includes(r.id)} onChange={(e) => toggle(r.id, e.target.checked)} aria-label={`${r.barcode} ${r.test_type_name}`} />
            <span className="clin-lab-number">{r.barcode}</span>
          </div>
          <ResultCardLines row={r} />
          <AmendmentNote result={r} />
          {r.comment && <div className="clin-muted">{r.comment}</div>}
          <div className="clin-muted">
            {t('review.enteredBy')}: {r.entered_by} · {formatDateTime(r.entered_at as string)}
          </div>
          {showVerifier && (
            <div className="clin-muted">
              {t('review.verifiedBy')}: {r.verified_by} · {formatDateTime(r.verified_at as string)}
            </div>
          )}
          <div className="clin-actions">{actions(r)}</div>
        </Card>
      ))}
    </div>
  );
}
