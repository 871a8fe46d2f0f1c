import type { NcrDetail } from '@nlims/contracts';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../shared/notices';
import { type CloseBody, useCloseNcr } from './api';
import { showOnFields } from '../../shared/forms/serverErrors';

const FIELDS = ['effectiveness_check', 'password'] as const;

/**
 * Close the report: what was checked to see that the actions worked, signed with the closer's password, then
 * confirmed once more (a closed report is not reopened).
 */
export function CloseDialog({ report, onClose }: { report: NcrDetail; onClose: () => void }) {
  const { t } = useTranslation('nonConformity');
  const [form] = Form.useForm<CloseBody>();
  const close = useCloseNcr(report.id);
  const { message } = useNotices();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async () => {
    setProblem(null);
    try {
      await close.mutateAsync(form.getFieldsValue(true) as CloseBody);
      void message.success(t('close.done', { number: report.number }));
      onClose();
    } catch (error) {
      setConfirming(false);
      const rest = showOnFields(form, error, FIELDS);
      setProblem(rest.length ? rest.join('\n') : null);
    }
  };
  const footer = confirming
    ? [
        <Button key="back" onClick={() => setConfirming(false)}>
          {t('back')}
        </Button>,
        <Button key="ok" type="primary" danger loading={close.isPending} onClick={() => void send()} data-testid="ncr-close-confirm">
          {t('close.confirmOk')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          {t('cancel')}
        </Button>,
        <Button key="next" type="primary" htmlType="submit" form="ncr-close" data-testid="ncr-close-next">
          {t('close.ok')}
        </Button>,
      ];
  return (
    <Modal open title={t('close.title', { number: report.number })} footer={footer} onCancel={onClose} destroyOnHidden>
      <Form id="ncr-close" form={form} layout="vertical" onFinish={() => setConfirming(true)} disabled={confirming}>
        <Form.Item
          name="effectiveness_check"
          label={t('field.effectivenessCheck')}
          extra={t('close.checkHint')}
          rules={[{ required: true, whitespace: true, message: t('form.required', { label: t('field.effectivenessCheck') }) }]}
        >
          <Input.TextArea dir="auto" autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('close.password')}
          extra={t('close.passwordHint')}
          rules={[{ required: true, message: t('form.required', { label: t('close.password') }) }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      </Form>
      {confirming && (
        <Alert
          type="warning"
          showIcon
          className="ncr-alert"
          title={t('close.confirmTitle')}
          description={t('close.confirmText')}
          data-testid="ncr-close-warning"
        />
      )}
      {problem && <Alert type="error" showIcon title={problem} className="ncr-alert" />}
    </Modal>
  );
}
