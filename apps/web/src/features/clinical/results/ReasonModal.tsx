import { Alert, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../../shared/notices';
import { useResultRejectionReasons, useReview } from '../api';
import { errorDetail, showServerErrors } from '../../../shared/forms/forms';
/** The result to send back, named by its sample's label and its test. */
export interface ReasonTarget {
  id: number;
  barcode: string;
  testName: string;
  action: 'reject' | 'retest';
}

/** Send a result back: rejected with a listed reason (back to entry), or for a retest with a written reason (a new run). */
export function ReasonModal({ target, onClose }: { target: ReasonTarget; onClose: () => void }) {
  const { action } = target;
  const { t } = useTranslation('clinical');
  const [form] = Form.useForm();
  const review = useReview();
  const { message } = useNotices();
  const reasons = useResultRejectionReasons();
  const [problem, setProblem] = useState<string | null>(null);
  const fields = action === 'reject' ? ['reason', 'comment'] : ['reason'];
  const submit = async (values: Record<string, unknown>) => {
    setProblem(null);
    try {
      await review.mutateAsync({
        action,
        ids: [target.id],
        body: action === 'reject' ? { reason: values.reason, comment: values.comment ?? '' } : { reason: values.reason },
      });
      void message.success(t('common.saved'));
      onClose();
    } catch (error) {
      const left = showServerErrors(form, error, fields);
      setProblem(left.length ? left.join('\n') : errorDetail(error));
    }
  };
  const title = `${t(action === 'reject' ? 'review.reject' : 'review.retest')} · ${target.barcode} · ${target.testName}`;
  return (
    <Modal
      open
      title={title}
      okText={t(action === 'reject' ? 'review.reject' : 'review.retest')}
      okButtonProps={{ danger: true, htmlType: 'submit', form: 'result-reason', loading: review.isPending }}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form id="result-reason" form={form} layout="vertical" onFinish={submit}>
        {action === 'reject' ? (
          <>
            <Form.Item
              name="reason"
              label={t('review.rejectReason')}
              rules={[{ required: true, message: t('validation.required', { label: t('review.rejectReason') }) }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={reasons.isPending}
                options={(reasons.data ?? []).filter((r) => r.is_active !== false).map((r) => ({ value: r.id, label: r.reason }))}
              />
            </Form.Item>
            <Form.Item name="comment" label={t('reject.comment')}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={1000} />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="reason"
            label={t('review.retestReason')}
            rules={[{ required: true, whitespace: true, message: t('validation.required', { label: t('review.retestReason') }) }]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={1000} />
          </Form.Item>
        )}
        {problem && <Alert type="error" showIcon title={problem} />}
      </Form>
    </Modal>
  );
}
