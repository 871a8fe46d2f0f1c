import { Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/format';
import { deleteRecord, type OfflineRecord, type RecordState } from './store';
import { retryRecord } from './sync';

const COLOURS: Record<RecordState, string> = { waiting: 'gold', sending: 'blue', sent: 'green', attention: 'red' };

/** What the user can do about a refusal: send a changed client anyway, try again, or discard the record. */
function Actions({ record, onPrint }: { record: OfflineRecord; onPrint: () => void }) {
  const { t } = useTranslation('offline');
  const code = record.reason?.code;
  return (
    <Space wrap>
      <Button size="small" onClick={onPrint}>
        {t('action.label')}
      </Button>
      {record.state === 'attention' && code === 'client_changed' && record.payload.existing_client && (
        <Button
          size="small"
          type="primary"
          onClick={() => void retryRecord(record, { ...record.payload, existing_client: { ...record.payload.existing_client!, confirm_changed: true } })}
        >
          {t('action.sendAnyway')}
        </Button>
      )}
      {record.state === 'attention' && code !== 'client_changed' && (
        <Button size="small" onClick={() => void retryRecord(record)}>
          {t('action.retry')}
        </Button>
      )}
      {record.state === 'attention' && (
        <Popconfirm title={t('action.discardConfirm')} onConfirm={() => void deleteRecord(record.id)}>
          <Button size="small" danger>
            {t('action.discard')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

/** The records kept on this device with their sync state, the server's reason when one needs attention, and the lab numbers once sent. */
export function RecordList({ records, onPrint }: { records: OfflineRecord[]; onPrint: (record: OfflineRecord) => void }) {
  const { t } = useTranslation('offline');
  return (
    <Table<OfflineRecord>
      rowKey="id"
      dataSource={records}
      pagination={false}
      size="small"
      scroll={{ x: true }}
      locale={{ emptyText: t('list.empty') }}
      columns={[
        { title: t('list.client'), dataIndex: 'clientName', render: (name: string) => <span dir="auto">{name}</span> },
        {
          title: t('list.samples'),
          key: 'samples',
          render: (_, r) =>
            r.payload.requests.flatMap((q, i) =>
              q.samples.map((s, j) => {
                const lab = r.reply?.requests[i]?.samples[j]?.barcode;
                return (
                  <div key={s.provisional_number} data-testid="offline-sample">
                    <Typography.Text code>{s.provisional_number}</Typography.Text> {q.program}
                    {lab && <Typography.Text strong> → {lab}</Typography.Text>}
                  </div>
                );
              }),
            ),
        },
        {
          title: t('list.state'),
          key: 'state',
          render: (_, r) => (
            <div data-testid="offline-state" data-state={r.state}>
              <Tag color={COLOURS[r.state]}>{t(`state.${r.state}`)}</Tag>
              {r.reason && (
                <Typography.Paragraph type="danger" style={{ marginBottom: 0 }} data-testid="offline-reason">
                  {t(`reason.${r.reason.code}`, { defaultValue: t('reason.other') })} {r.reason.detail}
                </Typography.Paragraph>
              )}
            </div>
          ),
        },
        { title: t('list.created'), dataIndex: 'created', render: (at: string) => formatDateTime(at) },
        { title: '', key: 'actions', render: (_, r) => <Actions record={r} onPrint={() => onPrint(r)} /> },
      ]}
    />
  );
}
