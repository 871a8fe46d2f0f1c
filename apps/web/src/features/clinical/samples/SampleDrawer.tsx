import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../resources/ListTable';
import { useOrder } from '../api';
import { ClientFacts } from '../common/ClientSummary';
import { ClinicalDrawer } from '../common/ClinicalDrawer';
import { formatDateTime } from '../common/format';
import { ResultValue } from '../common/ResultValue';
import { SampleTags, StatusTag } from '../common/status';
import type { OrderTest } from '../types';

/** One sample in full: client, order details, times, and every test with its status, due time and current result. */
export function OrderDrawer({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const { t } = useTranslation('clinical');
  const { data } = useOrder(orderId);
  return (
    <ClinicalDrawer title={t('actions.view')} labNumber={data?.lab_number} width={720} data={data} onClose={onClose}>
      {(data) => (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label={t('samples.client')} span={2}>
              {data.client_name}
              <div>
                <ClientFacts client={data} />
              </div>
            </Descriptions.Item>
            <Descriptions.Item label={t('samples.status')}>
              <span className="clin-tests">
                <SampleTags sample={data} priority={false} />
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('labOrder.priority')}>{t(`priority.${data.priority}`, { defaultValue: data.priority })}</Descriptions.Item>
            <Descriptions.Item label={t('labOrder.clinician')}>{data.requesting_clinician || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('samples.ordered')}>{formatDateTime(data.created_at as string)}</Descriptions.Item>
            <Descriptions.Item label={t('samples.collected')}>{formatDateTime(data.collected_at as string) || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('samples.received')}>{formatDateTime(data.received_at as string) || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('samples.completed')} span={2}>
              {formatDateTime(data.completed_at as string) || '—'}
            </Descriptions.Item>
            {data.clinical_notes ? (
              <Descriptions.Item label={t('labOrder.notes')} span={2}>
                {data.clinical_notes}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <ListTable<OrderTest>
            style={{ marginTop: 16 }}
            size="small"
            dataSource={data.tests}
            columns={[
              { key: 'test', title: t('samples.test'), dataIndex: 'test_type_name' },
              { key: 'status', title: t('samples.status'), render: (_, x) => <StatusTag code={x.status} /> },
              { key: 'due', title: t('samples.due'), render: (_, x) => formatDateTime(x.due_at as string) || '—' },
              { key: 'result', title: t('results.result'), render: (_, x) => <ResultValue result={x.result} /> },
            ]}
          />
        </>
      )}
    </ClinicalDrawer>
  );
}
