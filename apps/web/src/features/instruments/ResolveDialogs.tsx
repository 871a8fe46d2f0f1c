import type { UnmatchedItem } from '@nlims/contracts';
import { type ButtonProps, Alert, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorLines } from '../../api/errors';
import { useCandidates, useResolve } from './api';

/** What went wrong, in the server's words where it gave them. */
function problem(error: unknown): string[] {
  return error instanceof ApiError ? errorLines(error) : [String((error as Error)?.message ?? error)];
}

/** An unmatched result placed on a sample's test, the value entered as any result. */
export function MatchDialog({ row, onClose }: { row: UnmatchedItem; onClose: () => void }) {
  const { t } = useTranslation('instruments');
  const [barcode, setBarcode] = useState(row.reason === 'unknown-sample' ? '' : row.barcode);
  const [chosen, setChosen] = useState<number>();
  const [value, setValue] = useState('');
  const candidates = useCandidates(barcode);
  const resolve = useResolve();
  const submit = async () => {
    if (chosen == null) return;
    await resolve.mutateAsync({ id: row.id, action: 'match', body: { test_order: chosen, ...(value.trim() ? { value: value.trim() } : {}) } });
    onClose();
  };
  return (
    <Modal
      open
      title={t('matchTitle', { barcode: row.barcode || '—', test: row.test_code })}
      okText={t('match')}
      cancelText={t('cancel')}
      onOk={() => void submit().catch(() => undefined)}
      okButtonProps={{ disabled: chosen == null, loading: resolve.isPending, 'data-testid': 'match-confirm' } as ButtonProps}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('matchValue')}{' '}
        <strong>
          <bdi>
            {row.value} {row.units}
          </bdi>
        </strong>
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('matchBarcode')}>
          <Input.Search defaultValue={barcode} onSearch={(v) => setBarcode(v.trim())} enterButton={t('find')} allowClear data-testid="match-barcode" />
        </Form.Item>
        {candidates.data && candidates.data.length === 0 && <Alert type="warning" showIcon message={t('noCandidates')} />}
        {!!candidates.data?.length && (
          <Form.Item label={t('matchTest')}>
            <Radio.Group value={chosen} onChange={(e) => setChosen(e.target.value)} className="instruments-candidates">
              <Space direction="vertical">
                {candidates.data.map((c) => (
                  <Radio key={c.test_order} value={c.test_order} data-testid={`match-candidate-${c.test_code}`}>
                    <bdi>
                      {c.lab_number} · {c.test_name} ({c.test_code}) · {c.program}
                    </bdi>
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
        )}
        <Form.Item label={t('matchOverride')} extra={t('matchOverrideHint')}>
          <Input value={value} onChange={(e) => setValue(e.target.value)} maxLength={200} data-testid="match-value" />
        </Form.Item>
      </Form>
      {resolve.error && <Alert type="error" showIcon message={problem(resolve.error).join(' ')} />}
    </Modal>
  );
}

/** An unmatched result set aside, with the reason why. */
export function DiscardDialog({ row, onClose }: { row: UnmatchedItem; onClose: () => void }) {
  const { t } = useTranslation('instruments');
  const [reason, setReason] = useState('');
  const resolve = useResolve();
  const submit = async () => {
    await resolve.mutateAsync({ id: row.id, action: 'discard', body: { reason } });
    onClose();
  };
  return (
    <Modal
      open
      title={t('discardTitle', { barcode: row.barcode || '—', test: row.test_code })}
      okText={t('discard')}
      okButtonProps={{ danger: true, disabled: !reason.trim(), loading: resolve.isPending }}
      cancelText={t('cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('discardReason')} required>
          <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} rows={3} data-testid="discard-reason" />
        </Form.Item>
      </Form>
      {resolve.error && <Alert type="error" showIcon message={problem(resolve.error).join(' ')} />}
    </Modal>
  );
}
