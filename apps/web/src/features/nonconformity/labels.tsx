import { type NcrSeverity, type NcrState, ncrRiskLevel } from '@nlims/contracts';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../shared/format/figures';
import { formatDate, formatDateTime } from '../../shared/format/format';

const STATE_COLORS: Record<NcrState, string> = { reported: 'gold', investigating: 'blue', action_planned: 'purple', closed: 'green' };
const SEVERITY_COLORS: Record<NcrSeverity, string> = { critical: 'red', major: 'orange', minor: 'default' };
const RISK_COLORS = { low: 'green', medium: 'gold', high: 'red' } as const;

export function StateTag({ state }: { state: NcrState }) {
  const { t } = useTranslation('nonConformity');
  return (
    <Tag color={STATE_COLORS[state]} className="ncr-state">
      {t(`state.${state}`)}
    </Tag>
  );
}

export function SeverityTag({ severity }: { severity: NcrSeverity }) {
  const { t } = useTranslation('nonConformity');
  return (
    <Tag color={SEVERITY_COLORS[severity]} className="ncr-severity">
      {t(`severity.${severity}`)}
    </Tag>
  );
}

/** Risk = consequence × likelihood: the number, coloured by its level (low, medium, high), with the level's name for those who cannot tell colours apart. */
export function RiskTag({ risk }: { risk: number | null }) {
  const { t } = useTranslation('nonConformity');
  const level = ncrRiskLevel(risk);
  if (risk == null || !level) return <span className="ncr-muted">—</span>;
  return (
    <Tag color={RISK_COLORS[level]} className="ncr-risk" data-risk={level}>
      <bdi>{risk}</bdi> · {t(`risk.${level}`)}
    </Tag>
  );
}

/** Open actions past their due date, in red. */
export function OverdueTag({ count }: { count: number }) {
  const { t } = useTranslation('nonConformity');
  if (!count) return null;
  return (
    <Tag color="red" className="ncr-overdue">
      {t('overdueActions', { count })}
    </Tag>
  );
}

/** An event type's name (a type the interface does not know is shown as it came). */
export const typeText = (t: TFunction, type: string | null | undefined) => (type ? t(`nonConformity:type.${type}`, { defaultValue: type }) : '—');

/** Dates as the app writes them, kept left to right inside Arabic text; a dash when there is none. */
export const day = (value: string | null | undefined) => (value ? ltr(formatDate(value)) : '—');
export const when = (value: string | null | undefined) => (value ? ltr(formatDateTime(value)) : '—');
