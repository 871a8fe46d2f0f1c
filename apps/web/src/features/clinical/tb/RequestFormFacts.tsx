import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProgramme } from '../programme';
import { useTbFormLookup } from './api';
import { requestFormFields } from './fields';

/** The programme's request form of an order, read-only (TB: the presumptive-TB form); nothing for a family without one. */
export function RequestFormFacts({ form }: { form: Record<string, unknown> }) {
  const { t } = useTranslation('tb');
  const programme = useProgramme();
  const lookup = useTbFormLookup(programme.family === 'tb');
  const fields = requestFormFields(programme.family).filter((f) => form[f] != null && form[f] !== '');
  if (!fields.length) return null;
  const choices = lookup.data?.choices as Record<string, { value: string; label: string }[]> | undefined;
  const text = (field: string, value: unknown) => {
    if (typeof value === 'boolean') return t(value ? 'form.yes' : 'form.no');
    const choice = choices?.[field]?.find((c) => c.value === value);
    return choice || choices?.[field] ? t(`choice.${field}.${String(value)}`, { defaultValue: choice?.label ?? String(value) }) : String(value);
  };
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered title={t('form.title')} className="tb-facts">
      {fields.map((field) => (
        <Descriptions.Item key={field} label={t(`field.${field}`)}>
          {text(field, form[field])}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}
