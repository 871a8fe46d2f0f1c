import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ClientFacts, SampleLabel } from '../common/ClientSummary';
import { formatDateTime } from '../../../shared/format/format';
import type { ReviewSample } from '../types';
import './review.css';

/** The sample: its label and type, "Urgent", when it was received, and the client. */
export function SampleFacts({ sample }: { sample: ReviewSample }) {
  const { t } = useTranslation('clinical');
  return (
    <div className="rv-sample">
      <SampleLabel row={sample} />
      {sample.priority === 'urgent' && (
        <span>
          <Tag color="red">{t('priority.urgent')}</Tag>
        </span>
      )}
      {sample.received_at && (
        <div className="clin-muted">
          {t('samples.received')}: <span className="rv-when">{formatDateTime(sample.received_at)}</span>
        </div>
      )}
      <div className="rv-sample__client">
        <div>{sample.client_name}</div>
        <ClientFacts client={sample} />
      </div>
    </div>
  );
}
