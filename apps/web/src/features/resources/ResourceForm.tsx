import { Col, Form, Row as GridRow } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldInput } from './FieldInput';
import type { FieldSpec, ResourceConfig, Row, Values } from './types';

interface Props {
  config: ResourceConfig;
  seeded?: Values;
  editing: Row | null;
  onSubmit: (values: Values, shown: FieldSpec[]) => void;
  form: ReturnType<typeof Form.useForm<Values>>[0];
}

/** The fields a form shows now: creation-only ones only when creating, conditional ones when their rule holds. */
export function shownFields(config: ResourceConfig, editing: Row | null, values: Values): FieldSpec[] {
  return config.fields.filter((f) => !(f.createOnly && editing) && (!f.visible || f.visible(values)));
}

/** A form laid out from the resource's field description. Validation and saving live in useResourceSubmit. */
export function ResourceForm({ config, seeded, editing, onSubmit, form }: Props) {
  const { t } = useTranslation('admin');
  const values = (Form.useWatch((all: Values) => all, { form, preserve: true }) ?? {}) as Values;
  const initial = editing ? (config.toForm?.(editing) ?? editing) : { ...config.defaults, ...seeded };
  const fields = shownFields(config, editing, { ...initial, ...values });

  // A look-up that depends on another field (the LGA on the state) is cleared when that field changes.
  const onValuesChange = (changed: Values) => {
    for (const field of config.fields) {
      const parent = field.lookup?.dependsOn?.field;
      if (parent && parent in changed) form.setFieldValue(field.name, field.multiple ? [] : undefined);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initial}
      onValuesChange={onValuesChange}
      onFinish={() => onSubmit(form.getFieldsValue(true) as Values, fields)}
      requiredMark
      scrollToFirstError
    >
      <GridRow gutter={16}>
        {fields.map((field) => (
          <Col key={field.name} xs={24} sm={field.wide || field.kind === 'textarea' ? 24 : 12}>
            <Form.Item
              name={field.name}
              label={t(field.label)}
              required={field.required}
              valuePropName="value"
              extra={field.extra?.({ ...initial, ...values })}
            >
              <FieldInput field={field} values={{ ...initial, ...values }} editing={editing} />
            </Form.Item>
          </Col>
        ))}
      </GridRow>
    </Form>
  );
}
