import { censoredFormsOf, formatResultValue } from '@nlims/contracts';
import { Alert, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../../shared/notices';
import { useHookSlot } from '../../../shared/registry';
import { SAMPLE_EVENTS } from '../slots';
import { useAmend } from '../api';
import { errorDetail, showServerErrors } from '../../../shared/forms/forms';
import { choiceText, resultVocabulary } from './vocabulary';
import type { ResultItem } from '../types';

const FIELDS = ['value', 'reason', 'comment', 'password'] as const;

/** The released result to amend and how its test takes a value. */
export interface AmendTarget {
  result: Pick<ResultItem, 'id' | 'value' | 'unit' | 'comment' | 'version'>;
  testName: string;
  resultType: string;
  unit: string;
  codes: string[];
  /** The test's catalogue code: its vocabulary's labels go by it. */
  code?: string;
}

/** Propose the amendment of a released result: a new version with a reason, confirmed with the password, that replaces the released one once another person verifies and approves it. */
export function AmendModal({ target, onClose }: { target: AmendTarget; onClose: () => void }) {
  const { t } = useTranslation(['clinical', 'tb']);
  const [form] = Form.useForm();
  const amend = useAmend();
  const { message } = useNotices();
  // An amended result is a non-conformity: offer to report it, pre-filled from the amendment.
  const tell = useHookSlot(SAMPLE_EVENTS);
  const [problem, setProblem] = useState<string | null>(null);
  const { result } = target;
  const submit = async (values: Record<string, unknown>) => {
    setProblem(null);
    try {
      const amendment = await amend.mutateAsync({
        id: result.id,
        body: { value: values.value, reason: values.reason, comment: values.comment ?? '', password: values.password },
      });
      void message.success(t('manage.amendEntered'));
      for (const heard of tell) heard({ kind: 'result_amended', id: amendment.id });
      onClose();
    } catch (error) {
      const left = showServerErrors(form, error, FIELDS);
      setProblem(left.length ? left.join('\n') : (error as { status?: number }).status === 400 ? null : errorDetail(error));
    }
  };
  return (
    <Modal
      open
      title={`${t('manage.amend')} · ${target.testName}`}
      okText={t('manage.amend')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'amend-result', loading: amend.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form id="amend-result" form={form} layout="vertical" onFinish={submit} initialValues={{ value: result.value, comment: result.comment }}>
        <p className="clin-muted">
          {t('manage.current')}: {formatResultValue(result.value)} {result.unit} · {t('manage.version', { version: result.version })}
        </p>
        <Form.Item name="value" label={t('manage.newValue')} rules={[{ required: true, message: t('validation.required', { label: t('manage.newValue') }) }]}>
          {target.resultType === 'numeric' && censoredFormsOf(target.codes).length ? (
            <Input dir="ltr" maxLength={40} autoComplete="off" placeholder={t('entry.censoredPlaceholder')} suffix={target.unit || undefined} />
          ) : target.resultType === 'numeric' ? (
            <InputNumber style={{ width: '100%' }} suffix={target.unit || undefined} />
          ) : target.codes.length ? (
            <Select
              popupMatchSelectWidth={false}
              options={resultVocabulary(target.code, target.codes).map((c) => ({ value: c.value, label: choiceText(t, c) }))}
            />
          ) : (
            <Input maxLength={200} />
          )}
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('manage.reason')}
          rules={[{ required: true, whitespace: true, message: t('validation.required', { label: t('manage.reason') }) }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={1000} />
        </Form.Item>
        <Form.Item name="comment" label={t('entry.comment')}>
          <Input maxLength={2000} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('review.password')}
          extra={t('manage.signHint')}
          rules={[{ required: true, message: t('validation.required', { label: t('review.password') }) }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {problem && <Alert type="error" showIcon title={problem} />}
      </Form>
    </Modal>
  );
}
