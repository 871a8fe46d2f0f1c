import { NCR_CATEGORIES, NCR_QSES, NCR_TYPE_KEYS, NCR_TYPES, type NcrCategory, type NcrDetail, ncrRisk } from '@nlims/contracts';
import { Alert, Button, Form, Input, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../shared/notices';
import { type ClassifyBody, useClassifyNcr } from './api';
import { RiskTag, typeText } from './labels';
import { showOnFields } from '../../shared/forms/serverErrors';

const FIELDS = ['category', 'type', 'qse', 'consequence', 'likelihood', 'root_cause'] as const;
const SCALE = [1, 2, 3] as const;

/**
 * The manager's classification: category, the type (of that category), the quality-system essential, consequence and
 * likelihood of recurrence (1–3 each, the risk their product, shown as they are chosen) and the root cause. The first
 * classification moves a reported report to investigating; later ones correct it.
 */
export function ClassifyForm({ report }: { report: NcrDetail }) {
  const { t } = useTranslation('nonConformity');
  const [form] = Form.useForm<ClassifyBody>();
  const classify = useClassifyNcr(report.id);
  const { message } = useNotices();
  const [problem, setProblem] = useState<string | null>(null);
  const category = Form.useWatch('category', form) as NcrCategory | undefined;
  const consequence = Form.useWatch('consequence', form);
  const likelihood = Form.useWatch('likelihood', form);
  // A type the reporter's event suggested, with its category, until a manager chooses.
  const suggested = report.type && report.type in NCR_TYPES ? (report.type as keyof typeof NCR_TYPES) : undefined;
  const initial: Partial<ClassifyBody> = {
    category: report.category ?? (suggested ? NCR_TYPES[suggested] : undefined),
    type: suggested,
    qse: report.qse ?? undefined,
    consequence: report.consequence ?? undefined,
    likelihood: report.likelihood ?? undefined,
    root_cause: report.root_cause,
  };
  const submit = async (v: ClassifyBody) => {
    setProblem(null);
    try {
      await classify.mutateAsync({ ...v, root_cause: v.root_cause ?? '' });
      void message.success(t('classify.saved'));
    } catch (error) {
      const rest = showOnFields(form, error, FIELDS);
      setProblem(rest.length ? rest.join('\n') : null);
    }
  };
  const scale = (name: 'consequence' | 'likelihood') => (
    <Form.Item name={name} label={t(`field.${name}`)} rules={[{ required: true, message: t('form.chooseScale') }]}>
      <Radio.Group optionType="button" buttonStyle="solid" data-testid={`ncr-${name}`}>
        {SCALE.map((n) => (
          <Radio.Button key={n} value={n} title={t(`${name}.${n}`)}>
            {n} · {t(`${name}.${n}`)}
          </Radio.Button>
        ))}
      </Radio.Group>
    </Form.Item>
  );
  return (
    <Form<ClassifyBody> form={form} layout="vertical" initialValues={initial} onFinish={submit} className="ncr-form" data-testid="ncr-classify">
      <div className="ncr-form__grid">
        <Form.Item name="category" label={t('field.category')} rules={[{ required: true, message: t('form.chooseCategory') }]}>
          <Select
            options={NCR_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))}
            onChange={(c: NcrCategory) => {
              // a type of another category no longer fits
              const type = form.getFieldValue('type') as keyof typeof NCR_TYPES | undefined;
              if (type && NCR_TYPES[type] !== c) form.setFieldValue('type', undefined);
            }}
          />
        </Form.Item>
        <Form.Item name="type" label={t('field.type')} rules={[{ required: true, message: t('form.chooseType') }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            disabled={!category}
            placeholder={category ? undefined : t('form.categoryFirst')}
            options={NCR_TYPE_KEYS.filter((x) => NCR_TYPES[x] === category).map((x) => ({ value: x, label: typeText(t, x) }))}
          />
        </Form.Item>
        <Form.Item name="qse" label={t('field.qse')} rules={[{ required: true, message: t('form.chooseQse') }]} className="ncr-form__wide">
          <Select showSearch={{ optionFilterProp: 'label' }} options={NCR_QSES.map((q) => ({ value: q, label: t(`qse.${q}`) }))} />
        </Form.Item>
        {scale('consequence')}
        {scale('likelihood')}
        <div className="ncr-form__wide ncr-risk-live" data-testid="ncr-risk-live">
          <span>{t('field.risk')}:</span> <RiskTag risk={ncrRisk(consequence, likelihood)} />
          <span className="ncr-muted">{t('classify.riskHint')}</span>
        </div>
        <Form.Item name="root_cause" label={t('field.rootCause')} className="ncr-form__wide">
          <Input.TextArea dir="auto" autoSize={{ minRows: 2, maxRows: 8 }} maxLength={4000} />
        </Form.Item>
      </div>
      {problem && <Alert type="error" showIcon title={problem} className="ncr-alert" />}
      <Button type="primary" htmlType="submit" loading={classify.isPending} data-testid="ncr-classify-save">
        {report.state === 'reported' ? t('classify.submit') : t('classify.update')}
      </Button>
    </Form>
  );
}
