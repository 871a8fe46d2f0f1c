import { Card, Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ClientFacts } from '../common/ClientSummary';
import { formatDateTime } from '../../../shared/format/format';
import { SampleTags } from '../../../shared/status/status';
import type { OrderRow } from '../types';
import { TestTags } from './TestTags';

/** Samples as cards on phones: everything the table row shows, with the actions in reach. */
export function SampleCards({ rows, loading, actions }: { rows: OrderRow[]; loading: boolean; actions: (row: OrderRow) => ReactNode }) {
  const { t } = useTranslation('clinical');
  if (loading && !rows.length) return <Spin className="clin-loading" />;
  if (!rows.length) return <Empty description={t('samples.empty')} />;
  return (
    <div className="clin-cards">
      {rows.map((r) => (
        <Card key={r.id} size="small" className="clin-card">
          <div className="clin-card__head">
            <span className="clin-lab-number">{r.barcode}</span>
            {r.sample_type_name && <span className="clin-muted">{r.sample_type_name}</span>}
            <SampleTags sample={r} />
          </div>
          <div>
            {r.client_name} <ClientFacts client={r} />
          </div>
          <TestTags tests={r.tests} />
          <div className="clin-muted">
            {t('samples.ordered')}: {formatDateTime(r.created_at as string)}
          </div>
          <div className="clin-actions">{actions(r)}</div>
        </Card>
      ))}
    </div>
  );
}
