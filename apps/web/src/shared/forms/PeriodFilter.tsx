import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from './DateInput';

export interface Period {
  start_date?: string;
  end_date?: string;
}

/** The filter bar every dashboard and report opens with: the days (DD/MM/YYYY) its samples were registered; `children` adds the page's own filters. Not printed. */
export function PeriodFilter({
  value,
  onChange,
  className,
  children,
}: {
  value: Period;
  onChange: (change: Period) => void;
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('clinical');
  return (
    <div className={`clin-toolbar clin-no-print${className ? ` ${className}` : ''}`}>
      <label className="clin-date">
        <span>{t('samples.from')}</span>
        <DateInput value={value.start_date} max={value.end_date} onChange={(start_date) => onChange({ start_date })} aria-label={t('samples.from')} />
      </label>
      <label className="clin-date">
        <span>{t('samples.to')}</span>
        <DateInput value={value.end_date} min={value.start_date} onChange={(end_date) => onChange({ end_date })} aria-label={t('samples.to')} />
      </label>
      {children}
    </div>
  );
}
