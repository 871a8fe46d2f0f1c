import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { useNotices } from '../../shared/notices';
import { type DecisionTarget, useDecide } from './api';
import { naira } from './money';

/**
 * Approve (after a confirmation naming what is approved) or decline (saying why) a discount, waiver or refund;
 * shown only to a supervisor or manager who did not ask for it (the server says so on each request).
 */
export function DecisionButtons({ target, what, amountKobo }: { target: DecisionTarget; what: string; amountKobo: number }) {
  const { t } = useTranslation('billing');
  const { message } = useNotices();
  const decide = useDecide();
  const [declining, setDeclining] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [form] = Form.useForm<{ note?: string }>();
  const failed = (error: unknown) =>
    error instanceof ApiError
      ? (error.detail ??
        Object.values(error.fieldErrors ?? {})
          .flat()
          .join(' '))
      : String(error);
  const approve = async () => {
    try {
      await decide.mutateAsync({ target, approve: true, note: '' });
      void message.success(t('decide.approved', { what }));
    } catch (error) {
      void message.error(failed(error));
    }
  };
  const decline = async (v: { note?: string }) => {
    setProblem(null);
    try {
      await decide.mutateAsync({ target, approve: false, note: v.note ?? '' });
      setDeclining(false);
      void message.success(t('decide.declined', { what }));
    } catch (error) {
      setProblem(failed(error));
    }
  };
  return (
    <span className="bill-decide">
      <Popconfirm title={t('decide.confirm', { what, amount: naira(amountKobo) })} okText={t('decide.approve')} cancelText={t('cancel')} onConfirm={approve}>
        <Button size="small" type="primary" icon={<CheckOutlined />} loading={decide.isPending && !declining}>
          {t('decide.approve')}
        </Button>
      </Popconfirm>
      <Button size="small" danger icon={<CloseOutlined />} onClick={() => setDeclining(true)}>
        {t('decide.decline')}
      </Button>
      {declining && (
        <Modal
          open
          title={t('decide.declineTitle', { what })}
          okText={t('decide.decline')}
          okButtonProps={{ danger: true, htmlType: 'submit', form: `bill-decline-${target.type}-${target.id}`, loading: decide.isPending }}
          cancelText={t('cancel')}
          onCancel={() => setDeclining(false)}
          destroyOnHidden
        >
          <Form id={`bill-decline-${target.type}-${target.id}`} form={form} layout="vertical" onFinish={decline}>
            <Form.Item name="note" label={t('decide.why')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
              <Input.TextArea dir="auto" autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
            </Form.Item>
            {problem && <Alert type="error" showIcon title={problem} className="bill-alert" />}
          </Form>
        </Modal>
      )}
    </span>
  );
}
