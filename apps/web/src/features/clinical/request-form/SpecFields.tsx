import { type FieldSpec, type FormSpec, fieldAsked, formSections, todayInNigeria } from '@nlims/contracts';
import { Card, Checkbox, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../shared/forms/DateInput';
import './requestForm.css';

const name = (field: string) => ['form', field];

/** What Form.Item hands its control: the id, the value and its change handler (passed on to the input). */
interface Control {
  id?: string;
  value?: never;
  onChange?: never;
}

/** A field's input: radio buttons for a few choices, a select for many, a checklist, text, a DD/MM/YYYY date, a number, yes/no (or a tick). */
function FieldInput({ field, ns, ...control }: { field: FieldSpec; ns: string } & Control) {
  const { t } = useTranslation([ns, 'clinical']);
  const options = (f: Extract<FieldSpec, { choices: unknown }>) =>
    f.choices.map((c) => ({ value: c.value, label: t(`${ns}:choice.${f.name}.${c.value}`, { defaultValue: c.label }) }));
  switch (field.kind) {
    case 'choice':
      return (field.display ?? (field.choices.length <= 4 ? 'radio' : 'select')) === 'radio' ? (
        <Radio.Group {...control} options={options(field)} />
      ) : (
        <Select
          {...control}
          options={options(field)}
          allowClear={!field.required}
          placeholder={t('clinical:requestForm.choose')}
          showSearch
          optionFilterProp="label"
        />
      );
    case 'choices':
      return <Checkbox.Group {...control} options={options(field)} className="request-form__checklist" />;
    case 'text':
      return <Input {...control} maxLength={field.max} autoComplete="off" placeholder={field.pattern?.example} />;
    case 'date':
      return <DateInput {...control} max={todayInNigeria} style={{ width: '100%' }} />;
    case 'number':
      return (
        <InputNumber
          {...control}
          min={field.min}
          max={field.max}
          precision={field.integer ? 0 : undefined}
          style={{ width: '100%' }}
          inputMode={field.integer ? 'numeric' : 'decimal'}
          suffix={field.unit}
        />
      );
    case 'boolean':
      if (field.display === 'checkbox') return <Checkbox {...control}>{t('clinical:requestForm.yes')}</Checkbox>;
      return (
        <Radio.Group
          {...control}
          options={[
            { value: true, label: t('clinical:requestForm.yes') },
            { value: false, label: t('clinical:requestForm.no') },
          ]}
        />
      );
  }
}

/** One field, shown only while its condition holds (its answer is dropped when it is hidden again). */
function SpecField({ spec, field }: { spec: FormSpec; field: FieldSpec }) {
  const { t } = useTranslation(spec.namespace);
  const item = (
    <Form.Item
      key={field.name}
      name={name(field.name)}
      label={t(`field.${field.name}`, { defaultValue: field.label })}
      extra={field.hint ? t(`hint.${field.name}`, { defaultValue: field.hint }) : undefined}
      required={field.required}
      valuePropName={field.kind === 'boolean' && field.display === 'checkbox' ? 'checked' : undefined}
      preserve={false}
      className={field.kind === 'choices' ? 'request-form__wide' : undefined}
    >
      <FieldInput field={field} ns={spec.namespace} />
    </Form.Item>
  );
  if (!field.when) return item;
  return (
    <Form.Item noStyle dependencies={spec.fields.map((f) => name(f.name))}>
      {({ getFieldValue }) => (fieldAsked(spec, field.name, (getFieldValue('form') ?? {}) as Record<string, unknown>) ? item : null)}
    </Form.Item>
  );
}

/**
 * A programme's request form rendered from its declaration (contracts,
 * form-spec.ts): one card per section, each field with its label, hint and
 * condition. The order form checks the answers with the same schema the
 * server applies (`checkRequestForm`).
 */
export function SpecFields({ spec }: { spec: FormSpec }) {
  const { t } = useTranslation(spec.namespace);
  return (
    <>
      {formSections(spec).map((section) => (
        <Card key={section.key} title={t(`section.${section.key}`, { defaultValue: section.title })} style={{ marginTop: 16 }} className="request-form">
          <div className="request-form__grid">
            {section.fields.map((field) => (
              <SpecField key={field.name} spec={spec} field={field} />
            ))}
          </div>
        </Card>
      ))}
    </>
  );
}
