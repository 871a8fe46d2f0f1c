import { Card, Checkbox, Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ClientFacts } from '../common/ClientSummary';
import { formatDateTime } from '../common/format';
import { ResultValue } from '../common/ResultValue';
import type { ReviewRow } from './useReviewRows';

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
        <Card key={r.key} size="small" className="clin-card">
          <div className="clin-card__head">
            <Checkbox checked={selected.includes(r.key)} onChange={(e) => toggle(r.key, e.target.checked)} aria-label={`${r.order.lab_number} ${r.test.test_type_name}`} />
            <span className="clin-lab-number">{r.order.lab_number}</span>
          </div>
          <div>
            {r.order.client_name} <ClientFacts client={r.order} />
          </div>
          <div>
            <strong>{r.test.test_type_name}</strong>: <ResultValue result={r.result} />
          </div>
          {r.result.comment && <div className="clin-muted">{r.result.comment}</div>}
          <div className="clin-muted">
            {t('review.enteredBy')}: {r.result.entered_by} · {formatDateTime(r.result.entered_at as string)}
          </div>
          {showVerifier && (
            <div className="clin-muted">
              {t('review.verifiedBy')}: {r.result.verified_by} · {formatDateTime(r.result.verified_at as string)}
            </div>
          )}
          <div className="clin-actions">{actions(r)}</div>
        </Card>
      ))}
    </div>
  );
}
