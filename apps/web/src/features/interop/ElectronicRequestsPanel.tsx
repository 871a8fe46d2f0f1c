import type { ElectronicRequestItem } from '@nlims/contracts';
import { Alert, Badge, Button, Collapse, Empty, Input, List, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorLines } from '../../api/errors';
import { formatDateTime } from '../../shared/format/format';
import { useDecideRequest, useElectronicRequests } from './api';
import './interop.css';

const problem = (e: unknown): string => (e instanceof ApiError ? errorLines(e).join(' ') : String(e));

/**
 * Orders other systems sent to this laboratory for the programme (an EMR's viral-load requests), waiting for the
 * staff who register samples: the patient, the tests, who asked and when; accept makes the client and the order,
 * reject asks for a reason.
 */
export function ElectronicRequestsPanel({ program }: { program: string }) {
  const { t } = useTranslation('interop');
  const list = useElectronicRequests(program);
  const decide = useDecideRequest();
  const [rejecting, setRejecting] = useState<ElectronicRequestItem | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const rows = list.data?.results ?? [];
  const count = list.data?.count ?? 0;
  if (list.error || (!rows.length && !done)) return null;
  const accept = async (r: ElectronicRequestItem) => {
    setError(null);
    try {
      const made = await decide.mutateAsync({ id: r.id, decision: 'accept' });
      setDone(t('requests.accepted', { name: r.summary.patient.name, lab: made.lab_number ?? '' }));
    } catch (e) {
      setError(problem(e));
    }
  };
  const reject = async () => {
    if (!rejecting || !reason.trim()) return;
    setError(null);
    try {
      await decide.mutateAsync({ id: rejecting.id, decision: 'reject', reason: reason.trim() });
      setRejecting(null);
      setReason('');
    } catch (e) {
      setError(problem(e));
    }
  };
  return (
    <div className="interop-requests" data-testid="electronic-requests">
      {done && (
        <Alert type="success" showIcon closable message={done} onClose={() => setDone(null)} className="interop-gap" data-testid="electronic-request-done" />
      )}
      {error && <Alert type="error" showIcon closable message={error} onClose={() => setError(null)} className="interop-gap" />}
      <Collapse
        defaultActiveKey={rows.length ? ['requests'] : []}
        items={[
          {
            key: 'requests',
            label: (
              <Space>
                {t('requests.title')}
                <Badge count={count} showZero color="blue" data-testid="electronic-requests-count" />
              </Space>
            ),
            children: rows.length ? (
              <List
                dataSource={rows}
                renderItem={(r) => (
                  <List.Item
                    key={r.id}
                    data-testid={`electronic-request-${r.id}`}
                    actions={[
                      <Button
                        key="accept"
                        type="primary"
                        size="small"
                        loading={decide.isPending}
                        onClick={() => void accept(r)}
                        data-testid={`electronic-request-accept-${r.id}`}
                      >
                        {t('requests.accept')}
                      </Button>,
                      <Button key="reject" size="small" danger onClick={() => setRejecting(r)}>
                        {t('requests.reject')}
                      </Button>,
                    ]}
                  >
                    <List.Item.Meta
                      title={
                        <span dir="auto">
                          {r.summary.patient.name} · {t(`sex.${r.summary.patient.sex}`, { defaultValue: r.summary.patient.sex })}
                          {r.summary.patient.birth_date ? ` · ${r.summary.patient.birth_date}` : ''}
                        </span>
                      }
                      description={
                        <div className="interop-request-facts">
                          <div>
                            {t('requests.tests')}: <span dir="auto">{r.summary.tests.map((x) => x.name).join(', ')}</span>
                          </div>
                          <div>
                            {t('requests.identifiers')}:{' '}
                            {r.summary.patient.identifiers.map((i) => (
                              <bdi key={`${i.system}|${i.value}`} className="interop-mono">
                                {i.type ? `${i.type} ` : ''}
                                {i.value}{' '}
                              </bdi>
                            ))}
                          </div>
                          <div>
                            {t('requests.requester')}: <span dir="auto">{r.requester || r.api_client || '—'}</span> · {t('requests.receivedAt')}{' '}
                            {formatDateTime(r.received_at)}
                          </div>
                          <Typography.Text type="secondary">
                            {t('requests.reference')} <bdi className="interop-mono">{r.identifier}</bdi>
                          </Typography.Text>
                        </div>
                      }
                    />
                  </List.Item>
                )}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('requests.none')} />
            ),
          },
        ]}
      />
      <Modal
        open={rejecting != null}
        title={t('requests.rejectTitle', { name: rejecting?.summary.patient.name ?? '' })}
        onCancel={() => setRejecting(null)}
        onOk={() => void reject()}
        okText={t('requests.reject')}
        okButtonProps={{ danger: true, disabled: !reason.trim() }}
        cancelText={t('cancel')}
        confirmLoading={decide.isPending}
      >
        <Input.TextArea
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={t('requests.reason')}
          aria-label={t('requests.reason')}
        />
      </Modal>
    </div>
  );
}
