import { ArrowDownOutlined, ArrowUpOutlined, DownloadOutlined, MinusOutlined } from '@ant-design/icons';
import { groupDigits, type ShownCount, SUPPRESSED_LABEL, type TierTable, WITHHELD } from '@nlims/contracts';
import type { TFunction } from 'i18next';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ExportFormat, exportTable, type TierEndpoint, type TierExtra } from './api';
import type { TierFilters } from './filters';

/** A count, its digits grouped ("1,234"). */
export const countText = (value: number | null | undefined): string => (value == null ? '—' : groupDigits(value));

/** A percentage as the API gives it (one decimal), or a dash when there is nothing to divide by. */
export const percentText = (value: number | null | undefined): string => (value == null ? '—' : `${value}%`);

/** An average turnaround from its minutes: minutes under an hour, hours under a day, days (one decimal) beyond. */
export function durationText(t: TFunction, minutes: number | null | undefined): string {
  if (minutes == null) return '—';
  if (minutes < 60) return t('duration.minutes', { value: groupDigits(minutes) });
  if (minutes < 1440) return t('duration.hours', { value: (Math.round(minutes / 6) / 10).toString() });
  return t('duration.days', { value: (Math.round(minutes / 144) / 10).toString() });
}

/** Positives and positivity belong to tests with a qualitative reading: none, and they read as a dash. */
export const hasReading = (r: { with_reading: number }) => r.with_reading > 0;

/** A count of cases: the number, "< 5" where the server suppressed 1–4 cases, or "withheld" where it hid one that would give such a count back (never worked out here), explained on hover. */
export function Cases({ value }: { value: ShownCount | undefined }) {
  const { t } = useTranslation('tierAnalytics');
  if (value === WITHHELD)
    return (
      <Tooltip title={t('withheldHint')}>
        <abbr className="tier-suppressed" title={t('withheldHint')}>
          {t('withheld')}
        </abbr>
      </Tooltip>
    );
  if (value !== null) return <>{countText(value)}</>;
  return (
    <Tooltip title={t('suppressed')}>
      <abbr className="tier-suppressed" title={t('suppressed')} aria-label={t('suppressedShort')}>
        <bdi dir="ltr">{SUPPRESSED_LABEL}</bdi>
      </abbr>
    </Tooltip>
  );
}

/**
 * Positivity against the previous period: an arrow and its word (up is coloured as a warning); without a base on
 * both sides no arrow, and why: no tests (this period) or no comparison (the previous period had none).
 */
export function Trend({ trend, now, before }: { trend: 'up' | 'down' | 'flat' | null; now?: { with_reading: number }; before?: { with_reading: number } }) {
  const { t } = useTranslation('tierAnalytics');
  if (trend == null || !now?.with_reading || !before?.with_reading)
    return (
      <span className="tier-trend tier-trend--none" data-trend="none">
        {now && !now.with_reading ? t('trend.noTests') : t('trend.none')}
      </span>
    );
  const icon = trend === 'up' ? <ArrowUpOutlined /> : trend === 'down' ? <ArrowDownOutlined /> : <MinusOutlined />;
  return (
    <span className={`tier-trend tier-trend--${trend}`} data-trend={trend}>
      {icon} {t(`trend.${trend}`)}
    </span>
  );
}

/** Export one table of a dashboard as CSV or XLSX, with the filters on screen. */
export function ExportButtons({
  endpoint,
  filters,
  extra = {},
  table,
}: {
  endpoint: TierEndpoint | 'global_dashboard';
  filters: TierFilters;
  extra?: TierExtra;
  table: TierTable;
}) {
  const { t } = useTranslation('tierAnalytics');
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = (format: ExportFormat) => {
    setBusy(format);
    exportTable(endpoint, filters, extra, table, format)
      .catch(() => undefined)
      .finally(() => setBusy(null));
  };
  return (
    <span className="tier-export clin-no-print">
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          size="small"
          icon={<DownloadOutlined />}
          loading={busy === format}
          onClick={() => run(format)}
          data-testid={`tier-export-${table}-${format}`}
        >
          {t(`export.${format}`)}
          {/* which table, for a screen reader: after the words shown, so a spoken command finds the button by them */}
          <span className="sr-only"> · {t(`table.${table}`)}</span>
        </Button>
      ))}
    </span>
  );
}
