import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderRow } from '../types';
import { MoveModal } from './MoveModal';

/** Put a sample on hold with a reason; release returns it to where it was. */
export function HoldModal({ order, onClose }: { order: OrderRow; onClose: () => void }) {
  const { t } = useTranslation('clinical');
  return (
    <MoveModal order={order} action="hold" title={t('actions.hold')} okText={t('actions.hold')} fields={['reason']} onClose={onClose}>
      {() => (
        <Form.Item
          name="reason"
          label={t('hold.reason')}
          rules={[{ required: true, whitespace: true, message: t('validation.required', { label: t('hold.reason') }) }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={1000} />
        </Form.Item>
      )}
    </MoveModal>
  );
}
