import { rejectionReasonsFor, SHIPMENT_TIMED_MOVES, type ShipmentAction, type ShipmentDetail } from '@nlims/contracts';
import { Alert, Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { fromLocalInput, toLocalInput } from '../../shared/format/format';
import { errorDetail, showServerErrors } from '../../shared/forms/forms';
import { DateTimeInput } from '../../shared/forms/DateInput';
import { useRejectionReasons } from '../lookups/hooks';
import { needsReason } from './access';
import { useMoveShipment } from './api';

interface Fields {
  reason?: string;
  /** When it happened (Lagos wall-clock time, to the minute): the pick-up or the hand-over. */
  at?: string;
  rejection_reason?: number;
}

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
  const [form] = Form.useForm<Fields>();
  const required = needsReason(action);
  const timed = SHIPMENT_TIMED_MOVES.includes(action);
  const rejecting = action === 'reject';
  const submit = async ({ reason, at, rejection_reason }: Fields) => {
    setProblem(null);
    try {
      await move.mutateAsync({
        action,
        reason: reason?.trim() ?? '',
        // The time as offered is now: the server stamps it to the second.
        ...(timed && form.isFieldTouched('at') ? { at: fromLocalInput(at) } : {}),
        ...(rejecting ? { rejection_reason } : {}),
      });
      onClose();
    } catch (error) {
      const left = showServerErrors(form, error, ['reason', 'at', 'rejection_reason']);
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
      <Form id={`move-${action}`} form={form} layout="vertical" onFinish={submit} initialValues={timed ? { at: toLocalInput() } : {}}>
        {timed && (
          <Form.Item name="at" label={t(action === 'dispatch' ? 'field.pickedUpAt' : 'field.deliveredAt')} rules={[{ required: true, message: t('required') }]}>
            <DateTimeInput max={toLocalInput} />
          </Form.Item>
        )}
        {rejecting && <RejectionReason shipment={shipment} />}
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

/** The rejection reason every sample of a rejected shipment carries: those of its programmes (the list's). */
function RejectionReason({ shipment }: { shipment: ShipmentDetail }) {
  const { t } = useTranslation('dispatch');
  const reasons = useRejectionReasons();
  const active = (reasons.data ?? []).filter((r) => r.is_active !== false);
  const programmes = [...new Set(shipment.samples.map((s) => s.program))];
  const offered = [...new Map(programmes.flatMap((program) => rejectionReasonsFor(active, { program })).map((r) => [r.id, r])).values()];
  return (
    <Form.Item name="rejection_reason" label={t('column.rejectionReason')} rules={[{ required: true, message: t('reasonRequired') }]}>
      <Select<number>
        placeholder={t('receive.chooseReason')}
        loading={reasons.isPending}
        showSearch={{ optionFilterProp: 'label' }}
        options={offered.map((r) => ({ value: r.id, label: r.reason }))}
        data-testid="reject-reason"
      />
    </Form.Item>
  );
}
