import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/errors';
import { errorDetail, showServerErrors } from '../../../shared/forms/forms';
import { useProgramme } from '../programme';

interface Props {
  count: number;
  /** The labels of the samples signed for. */
  samples?: string[];
  title: string;
  okText: string;
  onSign: (password: string) => Promise<unknown>;
  onClose: () => void;
}

/** Electronic signature: the approver types their password again for this one act. */
export function SignatureModal({ count, samples, title, okText, onSign, onClose }: Props) {
  const { t } = useTranslation('clinical');
  const [form] = Form.useForm<{ password: string }>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Results held by a rejected QC run: the way to the programme's QC page, on the test's charts.
  const qcPath = useProgramme().pathOf('qualityControl');
  const [qcLink, setQcLink] = useState<string | null>(null);
  const submit = async ({ password }: { password: string }) => {
    setBusy(true);
    setProblem(null);
    setQcLink(null);
    try {
      await onSign(password);
      onClose();
    } catch (error) {
      const left = showServerErrors(form, error, ['password']);
      if (!form.getFieldError('password').length) setProblem(left.join('\n') || errorDetail(error));
      const qc = error instanceof ApiError ? (error.body as { qc?: { test_type?: number } } | null)?.qc : undefined;
      if (qc?.test_type && qcPath) setQcLink(`${qcPath}?test=${qc.test_type}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'e-signature', loading: busy }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form id="e-signature" form={form} layout="vertical" onFinish={submit}>
        <p>{t('review.signatureText', { count })}</p>
        {samples && samples.length > 0 && (
          <ul className="rv-sign-list" aria-label={t('review.signedSamples')}>
            {samples.map((label) => (
              <li key={label} className="clin-lab-number">
                {label}
              </li>
            ))}
          </ul>
        )}
        <Form.Item
          name="password"
          label={t('review.password')}
          rules={[{ required: true, message: t('validation.required', { label: t('review.password') }) }]}
        >
          <Input.Password autoFocus autoComplete="current-password" />
        </Form.Item>
        {problem && (
          <Alert type="error" showIcon title={problem} description={qcLink && <Link to={qcLink}>{t('review.openQc')}</Link>} data-testid="signature-problem" />
        )}
      </Form>
    </Modal>
  );
}
