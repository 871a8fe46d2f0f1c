import { type NcrChange, type NcrDetail, ncrRiskLevel } from '@nlims/contracts';
import type { TFunction } from 'i18next';
import { day, typeText } from './labels';

/** The report's fields as the form names them, for an edit's list of the fields it changed. */
const FORM_FIELDS: Record<string, string> = {
  title: 'field.title',
  event_date: 'field.eventDate',
  description: 'field.description',
  immediate_action: 'field.immediateAction',
  suspected_cause: 'field.suspectedCause',
  section: 'field.section',
  severity: 'field.severity',
  samples: 'field.samples',
};

/** Each field a history entry names, labelled as the form labels it. */
const LABELS: Record<Exclude<NcrChange['field'], 'signed'>, string> = {
  number: 'field.number',
  severity: 'field.severity',
  source: 'detail.source',
  fields: 'history.fields',
  category: 'field.category',
  type: 'field.type',
  qse: 'field.qse',
  risk: 'field.risk',
  action: 'history.action',
  kind: 'actions.kind',
  due_date: 'actions.due',
  responsible: 'actions.responsible',
  completed_on: 'actions.completedOn',
  effective: 'history.review',
  review_note: 'actions.reviewNote',
};

/** A code worded by its catalogue key, or shown as it came when the interface does not know it. */
const word = (t: TFunction, key: string, code: string) => t(`nonConformity:${key}.${code}`, { defaultValue: code });

function valueText(t: TFunction, change: NcrChange, report: Pick<NcrDetail, 'actions'>): string {
  const { field, value } = change;
  const text = Array.isArray(value) ? value.join(', ') : String(value);
  switch (field) {
    case 'severity':
      return word(t, 'severity', text);
    case 'source':
      return word(t, 'source', text);
    case 'category':
      return word(t, 'category', text);
    case 'type':
      return typeText(t, text);
    case 'qse':
      return word(t, 'qse', text);
    case 'kind':
      return word(t, 'kind', text);
    case 'risk': {
      const level = ncrRiskLevel(Number(value));
      return level ? t('nonConformity:history.riskValue', { risk: value, level: t(`nonConformity:risk.${level}`) }) : text;
    }
    case 'fields':
      return (Array.isArray(value) ? value : [text]).map((f) => (FORM_FIELDS[f] ? t(`nonConformity:${FORM_FIELDS[f]}`) : f)).join(', ');
    case 'action': {
      const at = report.actions.findIndex((a) => a.id === value);
      return at < 0 ? '—' : `${t('nonConformity:history.actionNumber', { n: at + 1 })} · ${word(t, 'kind', report.actions[at]!.kind)}`;
    }
    case 'due_date':
    case 'completed_on':
      return day(text);
    case 'effective':
      return t(value === true ? 'nonConformity:actions.effective' : 'nonConformity:actions.notEffective');
    default:
      return text;
  }
}

/** One change of a history entry as a line in the reader's language: "Quality-system essential: Process control". */
export function changeText(t: TFunction, change: NcrChange, report: Pick<NcrDetail, 'actions'>): string {
  if (change.field === 'signed') return t('nonConformity:history.signed');
  return t('nonConformity:history.change', { label: t(`nonConformity:${LABELS[change.field]}`), value: valueText(t, change, report) });
}
