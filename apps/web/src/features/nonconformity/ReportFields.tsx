import { NCR_SEVERITIES } from '@nlims/contracts';
import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { todayLagos } from '../../shared/format/format';
import { DateInput } from '../../shared/forms/DateInput';
import { useSections } from './api';

/** What a reporter writes (and may correct while the report is only reported): the fields of the create and edit forms. */
export const REPORT_FIELDS = ['title', 'event_date', 'description', 'immediate_action', 'suspected_cause', 'section', 'severity'] as const;

export function ReportFields() {
  const { t } = useTranslation('nonConformity');
  const sections = useSections();
  const required = (label: string) => [{ required: true, whitespace: true, message: t('form.required', { label }) }];
  return (
    <>
      <Form.Item name="title" label={t('field.title')} rules={required(t('field.title'))} className="ncr-form__wide">
        <Input dir="auto" maxLength={200} showCount />
      </Form.Item>
      <Form.Item name="event_date" label={t('field.eventDate')} rules={[{ required: true, message: t('form.required', { label: t('field.eventDate') }) }]}>
        <DateInput max={todayLagos} />
      </Form.Item>
      <Form.Item name="section" label={t('field.section')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={sections.isPending}
          placeholder={t('form.noSection')}
          options={(sections.data ?? []).filter((s) => s.is_active !== false).map((s) => ({ value: s.id, label: s.name }))}
        />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('field.description')}
        rules={required(t('field.description'))}
        extra={t('form.descriptionHint')}
        className="ncr-form__wide"
      >
        <Input.TextArea dir="auto" autoSize={{ minRows: 3, maxRows: 10 }} maxLength={4000} />
      </Form.Item>
      <Form.Item name="immediate_action" label={t('field.immediateAction')} className="ncr-form__wide">
        <Input.TextArea dir="auto" autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
      </Form.Item>
      <Form.Item name="suspected_cause" label={t('field.suspectedCause')} className="ncr-form__wide">
        <Input.TextArea dir="auto" autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
      </Form.Item>
      <Form.Item name="severity" label={t('field.severity')} rules={[{ required: true, message: t('form.chooseSeverity') }]} className="ncr-form__wide">
        <Radio.Group className="ncr-severity-choice">
          {NCR_SEVERITIES.map((s) => (
            <Radio key={s} value={s} data-testid={`severity-${s}`}>
              <strong>{t(`severity.${s}`)}</strong>
              <span className="ncr-muted ncr-severity-choice__hint">{t(`severityHint.${s}`)}</span>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
    </>
  );
}
