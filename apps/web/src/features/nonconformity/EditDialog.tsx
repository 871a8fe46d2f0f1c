import type { NcrDetail } from '@nlims/contracts';
import { Alert, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UpdateBody, useUpdateNcr } from './api';
import { REPORT_FIELDS, ReportFields } from './ReportFields';
import { showOnFields } from '../../shared/forms/serverErrors';

/** Correct what was reported (the reporter while it is only reported, a manager while it is open); only what changed is sent. */
export function EditDialog({ report, onClose }: { report: NcrDetail; onClose: () => void }) {
  const { t } = useTranslation('nonConformity');
  const [form] = Form.useForm<UpdateBody>();
  const update = useUpdateNcr(report.id);
  const [problem, setProblem] = useState<string | null>(null);
  const initial: UpdateBody = Object.fromEntries(REPORT_FIELDS.map((f) => [f, report[f]]));
  const submit = async (v: UpdateBody) => {
    setProblem(null);
    const changed = Object.fromEntries(Object.entries(v).filter(([k, value]) => (value ?? null) !== (initial[k as keyof UpdateBody] ?? null)));
    if (!Object.keys(changed).length) return onClose();
    try {
      await update.mutateAsync(changed);
      onClose();
    } catch (error) {
      const rest = showOnFields(form, error, REPORT_FIELDS);
      setProblem(rest.length ? rest.join('\n') : null);
    }
  };
  return (
    <Modal
      open
      width={720}
      title={t('edit.title', { number: report.number })}
      okText={t('edit.ok')}
      cancelText={t('cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'ncr-edit', loading: update.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<UpdateBody> id="ncr-edit" form={form} layout="vertical" initialValues={initial} onFinish={submit} className="ncr-form">
        <div className="ncr-form__grid">
          <ReportFields />
        </div>
        {problem && <Alert type="error" showIcon title={problem} className="ncr-alert" />}
      </Form>
    </Modal>
  );
}
