import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProgramme } from '../programme';
import { useTbFormLookup } from './api';
import { requestFormFields, TB_CHOICE_FIELDS } from './fields';

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
    if (!TB_CHOICE_FIELDS.has(field)) return String(value);
    // the catalog knows every code; the look-up's English label stands in for a code it does not
    const label = choices?.[field]?.find((c) => c.value === value)?.label;
    return t(`choice.${field}.${String(value)}`, { defaultValue: label ?? String(value) });
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
