import type { ShipmentAction, ShipmentDetail } from '@nlims/contracts';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { errorDetail, showServerErrors } from '../clinical/common/forms';
import { needsReason } from './access';
import { useMoveShipment } from './api';

const DANGER = new Set<ShipmentAction>(['reject', 'cancel']);

/** One move of the shipment (notify, dispatch, deliver, reject, cancel): a confirmation with its reason (required to reject or cancel). */
export function MoveButton({ shipment, action, primary }: { shipment: ShipmentDetail; action: ShipmentAction; primary?: boolean }) {
  const { t } = useTranslation('dispatch');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type={primary ? 'primary' : 'default'} danger={DANGER.has(action)} onClick={() => setOpen(true)} data-testid={`move-${action}`}>
        {t(`move.${action}`)}
      </Button>
      {open && <MoveDialog shipment={shipment} action={action} onClose={() => setOpen(false)} />}
    </>
  );
}

function MoveDialog({ shipment, action, onClose }: { shipment: ShipmentDetail; action: ShipmentAction; onClose: () => void }) {
  const { t } = useTranslation('dispatch');
  const move = useMoveShipment(shipment.id);
  const [problem, setProblem] = useState<string | null>(null);
  const [form] = Form.useForm<{ reason?: string }>();
  const required = needsReason(action);
  const submit = async ({ reason }: { reason?: string }) => {
    setProblem(null);
    try {
      await move.mutateAsync({ action, reason: reason?.trim() ?? '' });
      onClose();
    } catch (error) {
      const left = showServerErrors(form, error, ['reason']);
      const onField = error instanceof ApiError && !!error.fieldErrors && !left.length;
      setProblem(onField ? null : left.length ? left.join('\n') : (errorDetail(error) ?? t('moveError')));
    }
  };
  return (
    <Modal
      open
      title={t(`moveTitle.${action}`, { number: shipment.number })}
      okText={t(`move.${action}`)}
      cancelText={t('back')}
      okButtonProps={{ danger: DANGER.has(action), loading: move.isPending, htmlType: 'submit', form: `move-${action}` }}
      onCancel={onClose}
    >
      <p>{t(`moveText.${action}`, { count: shipment.samples_count })}</p>
      <Form id={`move-${action}`} form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="reason"
          label={t(required ? 'reason' : 'note')}
          rules={required ? [{ required: true, whitespace: true, message: t('reasonRequired') }] : []}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
        </Form.Item>
        {problem && <Alert type="error" showIcon title={problem} className="dsp-alert" />}
      </Form>
    </Modal>
  );
}
