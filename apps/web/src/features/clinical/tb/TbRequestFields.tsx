import { Card, Checkbox, Form, Input, InputNumber, Radio, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Choice, useTbFormLookup } from './api';
import './tb.css';

/**
 * The presumptive-TB request form (WHO/NTBLCP), as the order's `form`:
 * patient category, reason for examination (with the month of treatment for
 * a follow-up), presumptive DR-TB, HIV status, LGA TB and DR-TB register
 * numbers, test status, specimen (named when "other") and its appearance.
 * The choices come from `tb_form_lookup/`; the order form checks the values
 * with the contracts' schema (requestForm.ts) and the server's `form.<field>`
 * errors land here too.
 */
export function TbRequestFields() {
  const { t } = useTranslation('tb');
  const lookup = useTbFormLookup();
  const data = lookup.data;
  if (!data) {
    return (
      <Card title={t('form.title')} style={{ marginTop: 16 }}>
        <Skeleton active />
      </Card>
    );
  }
  const label = (field: string) => t(`field.${field}`);
  const options = (field: keyof typeof data.choices) =>
    data.choices[field].map((c: Choice) => ({ value: c.value, label: t(`choice.${field}.${c.value}`, { defaultValue: c.label }) }));
  const name = (field: string) => ['form', field];
  return (
    <Card title={t('form.title')} style={{ marginTop: 16 }} className="tb-form">
      <div className="tb-form__grid">
        <Form.Item name={name('patient_category')} label={label('patient_category')} required>
          <Select options={options('patient_category')} placeholder={t('form.choose')} />
        </Form.Item>
        <Form.Item name={name('reason_for_examination')} label={label('reason_for_examination')} required>
          <Radio.Group options={options('reason_for_examination')} />
        </Form.Item>
        <Form.Item noStyle dependencies={[name('reason_for_examination')]}>
          {({ getFieldValue }) =>
            getFieldValue(name('reason_for_examination')) === 'follow_up' && (
              <Form.Item
                name={name('treatment_month')}
                label={label('treatment_month')}
                extra={t('form.monthHint', data.treatment_month)}
                required
                preserve={false}
              >
                <InputNumber min={data.treatment_month.min} max={data.treatment_month.max} precision={0} style={{ width: '100%' }} inputMode="numeric" />
              </Form.Item>
            )
          }
        </Form.Item>
        <Form.Item name={name('hiv_status')} label={label('hiv_status')} required>
          <Radio.Group options={options('hiv_status')} />
        </Form.Item>
        <Form.Item name={name('test_status')} label={label('test_status')} required>
          <Radio.Group options={options('test_status')} />
        </Form.Item>
        <Form.Item name={name('presumptive_drtb')} label={label('presumptive_drtb')} valuePropName="checked">
          <Checkbox>{t('form.presumptiveDrtb')}</Checkbox>
        </Form.Item>
        <Form.Item name={name('lga_tb_number')} label={label('lga_tb_number')}>
          <Input maxLength={50} autoComplete="off" />
        </Form.Item>
        <Form.Item name={name('drtb_register_number')} label={label('drtb_register_number')}>
          <Input maxLength={50} autoComplete="off" />
        </Form.Item>
        <Form.Item name={name('specimen')} label={label('specimen')} required>
          <Select options={options('specimen')} placeholder={t('form.choose')} />
        </Form.Item>
        <Form.Item noStyle dependencies={[name('specimen')]}>
          {({ getFieldValue }) =>
            getFieldValue(name('specimen')) === 'other' && (
              <Form.Item name={name('specimen_other')} label={label('specimen_other')} required preserve={false}>
                <Input maxLength={100} autoComplete="off" />
              </Form.Item>
            )
          }
        </Form.Item>
        <Form.Item name={name('visual_appearance')} label={label('visual_appearance')}>
          <Select allowClear options={options('visual_appearance')} placeholder={t('form.optional')} />
        </Form.Item>
      </div>
    </Card>
  );
}
