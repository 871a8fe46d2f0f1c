import { Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../shared/forms/DateInput';
import { LookupSelect } from './LookupSelect';
import type { FieldSpec, Row, Values } from './types';

interface Props {
  field: FieldSpec;
  values: Values;
  editing: Row | null;
  /** Injected by Form.Item. */
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}

/** The widget of one described field; Form.Item passes it value and onChange. */
export function FieldInput({ field, values, editing, value, onChange, id }: Props) {
  const { t } = useTranslation('admin');
  const common = { id, value: value as never, onChange: onChange as never };
  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea {...common} rows={3} onChange={(e) => onChange?.(e.target.value)} />;
    case 'password':
      return <Input.Password {...common} autoComplete="new-password" onChange={(e) => onChange?.(e.target.value)} />;
    case 'number':
      return <InputNumber {...common} className="res-number" min={field.min} max={field.max} precision={field.precision} suffix={field.suffix} />;
    case 'switch':
      return <Switch id={id} checked={value === true} onChange={(checked) => onChange?.(checked)} />;
    case 'select':
      return <Select {...common} allowClear={!field.required} options={field.choices?.map((c) => ({ value: c.value, label: t(c.label) }))} />;
    case 'lookup':
      return (
        <LookupSelect
          {...common}
          spec={field.lookup!}
          mode={field.multiple ? 'multiple' : undefined}
          allowClear
          dependency={field.lookup?.dependsOn ? values[field.lookup.dependsOn.field] : undefined}
        />
      );
    case 'tags':
      return <Select {...common} mode="tags" open={false} suffixIcon={null} tokenSeparators={[',']} placeholder={t('form.tagsHint')} />;
    case 'date':
      return <DateInput id={id} value={value as string | undefined} onChange={(date) => onChange?.(date)} />;
    case 'custom':
      return <>{field.render?.({ id, value, onChange, editing })}</>;
    default:
      return <Input {...common} onChange={(e) => onChange?.(e.target.value)} />;
  }
}
