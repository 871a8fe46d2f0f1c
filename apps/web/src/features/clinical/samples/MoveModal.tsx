import { Alert, Form, Modal, Spin, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSampleMove, type SampleMove } from '../api';
import { errorDetail, showServerErrors } from '../../../shared/forms/forms';
import { useProgramme } from '../programme';
import type { OrderRow } from '../types';

interface Props {
  order: OrderRow;
  action: SampleMove;
  title: string;
  okText: string;
  danger?: boolean;
  fields: readonly string[];
  /** Turn the form's values into the request body. */
  toBody?: (values: Record<string, unknown>) => object;
  initialValues?: Record<string, unknown>;
  /** Look-ups the form's initial values come from are still loading. */
  loading?: boolean;
  onClose: () => void;
  /** After the move succeeded, before the dialog closes. */
  onDone?: () => void;
  children?: (form: FormInstance) => ReactNode;
}

/** A sample move that needs input (collect, reject, hold): a form in a dialog, with the server's refusal shown inside it. */
export function MoveModal({ order, action, title, okText, danger, fields, toBody = (v) => v, initialValues, loading, onClose, onDone, children }: Props) {
  const { t } = useTranslation('clinical');
  const [form] = Form.useForm();
  const move = useSampleMove(useProgramme());
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (values: Record<string, unknown>) => {
    setProblem(null);
    try {
      await move.mutateAsync({ id: order.id, action, body: toBody(values) });
      onDone?.();
      onClose();
    } catch (error) {
      const left = showServerErrors(form, error, fields);
      setProblem(left.length ? left.join('\n') : fields.length ? null : errorDetail(error));
    }
  };
  return (
    <Modal
      open
      title={`${title} · ${order.barcode}`}
      okText={okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger, loading: move.isPending, htmlType: 'submit', form: `move-${action}` }}
      onCancel={onClose}
      destroyOnHidden
    >
      {loading ? (
        <Spin className="clin-loading" />
      ) : (
        <Form id={`move-${action}`} form={form} layout="vertical" onFinish={submit} initialValues={initialValues}>
          {children?.(form)}
          {problem && <Alert type="error" showIcon title={problem} style={{ whiteSpace: 'pre-line' }} />}
        </Form>
      )}
    </Modal>
  );
}
