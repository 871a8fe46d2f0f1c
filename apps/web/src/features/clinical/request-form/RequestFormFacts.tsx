import { ageInWeeks, answered, type FieldSpec, type RequestContext, requestFormSpecOf } from '@nlims/contracts';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/format';
import { useProgramme } from '../programme';

interface Fact {
  key: string;
  label: string;
  text: string;
}

/** A declared form's answers, in the interface language. */
function useSpecFacts(form: Record<string, unknown>): { title: string; facts: Fact[] } | null {
  const programme = useProgramme();
  const spec = requestFormSpecOf(programme.name);
  const { t } = useTranslation([spec?.namespace ?? 'clinical', 'clinical']);
  if (!spec) return null;
  const ns = spec.namespace;
  const choice = (f: FieldSpec, v: unknown) => {
    const declared = 'choices' in f ? f.choices.find((c) => c.value === v)?.label : undefined;
    return t(`${ns}:choice.${f.name}.${String(v)}`, { defaultValue: declared ?? String(v) });
  };
  const text = (f: FieldSpec, v: unknown): string => {
    switch (f.kind) {
      case 'choices':
        return (v as unknown[]).map((x) => choice(f, x)).join(', ');
      case 'choice':
        return choice(f, v);
      case 'boolean':
        return t(v ? 'clinical:requestForm.yes' : 'clinical:requestForm.no');
      case 'date':
        return formatDate(String(v));
      case 'number':
        return f.unit ? `${String(v)} ${f.unit}` : String(v);
      default:
        return String(v);
    }
  };
  const facts = spec.fields
    .filter((f) => answered(form[f.name]))
    .map((f) => ({ key: f.name, label: t(`${ns}:field.${f.name}`, { defaultValue: f.label }), text: text(f, form[f.name]) }));
  return { title: t(`${ns}:form.title`, { defaultValue: t('clinical:requestForm.title') }), facts };
}

/** The programme's request form of an order, read-only, from its declaration; nothing for a programme without one. */
export function RequestFormFacts({ form, context }: { form: Record<string, unknown>; context?: RequestContext }) {
  const programme = useProgramme();
  const { t } = useTranslation('eid');
  let shown = useSpecFacts(form);
  // EID: the infant's age in completed weeks on the day the sample was collected (registered, until then).
  const weeks = programme.family === 'eid' && context?.collectedAt ? ageInWeeks(context.dateOfBirth, context.collectedAt) : null;
  if (shown && weeks != null)
    shown = { ...shown, facts: [{ key: 'age', label: t('age.atCollection'), text: t('age.weeks', { count: weeks }) }, ...shown.facts] };
  if (!shown?.facts.length) return null;
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered title={shown.title} className="request-facts">
      {shown.facts.map((fact) => (
        <Descriptions.Item key={fact.key} label={fact.label}>
          {fact.text}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}
