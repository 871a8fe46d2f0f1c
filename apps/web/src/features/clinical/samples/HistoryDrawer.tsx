import { Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHistory } from '../api';
import { ClinicalDrawer } from '../common/ClinicalDrawer';
import { formatDateTime } from '../../../shared/format/format';
import { statusText } from '../../../shared/status/status';
import { useProgramme } from '../programme';
import type { OrderRow } from '../types';

/** "order.collect" → "collect"; unknown actions are shown as written. */
const actionKey = (action: string) => action.replace(/^(order|result)\./, '');
const KNOWN_ACTIONS = new Set([
  'created',
  'collect',
  'accept',
  'reject',
  'hold',
  'release',
  'cancel',
  'entered',
  'verified',
  'approved',
  'rejected',
  'sent_for_retest',
  'amended',
  'retrospective_entry',
  'completed',
  'follow_on',
]);

/** The audit trail of one sample and its results: when, who, what, from → to, and why. */
export function HistoryDrawer({ order, onClose }: { order: OrderRow; onClose: () => void }) {
  const { t } = useTranslation('clinical');
  const { data, isPending } = useHistory(useProgramme(), order.id);
  const label = (action: string) => (KNOWN_ACTIONS.has(actionKey(action)) ? t(`history.action.${actionKey(action)}`) : action);
  return (
    <ClinicalDrawer
      title={t('actions.history')}
      labNumber={order.barcode}
      width={480}
      data={data}
      loading={isPending}
      isEmpty={(rows) => !rows.length}
      onClose={onClose}
    >
      {(data) => (
        <Timeline
          items={data.map((h, i) => ({
            key: i,
            content: (
              <div className="clin-history">
                <Typography.Text strong>{label(h.action)}</Typography.Text>
                <div className="clin-muted">
                  {formatDateTime(h.at as string)} · {h.user ?? t('history.system')}
                </div>
                {(h.from_status != null || h.to_status != null) && (
                  <div>
                    {h.from_status != null && h.from_status !== h.to_status && `${statusText(t, h.from_status)} → `}
                    {statusText(t, h.to_status)}
                  </div>
                )}
                {h.reason && <div className="clin-muted">{h.reason}</div>}
              </div>
            ),
          }))}
        />
      )}
    </ClinicalDrawer>
  );
}
