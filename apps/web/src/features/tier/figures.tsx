import { ArrowDownOutlined, ArrowUpOutlined, DownloadOutlined, MinusOutlined } from '@ant-design/icons';
import { groupDigits, SUPPRESSED_LABEL, type TierTable } from '@nlims/contracts';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ExportFormat, exportTable, type TierEndpoint, type TierExtra } from './api';
import type { TierFilters } from './filters';

/** A count, its digits grouped ("1,234"). */
export const countText = (value: number | null | undefined): string => (value == null ? '—' : groupDigits(value));

/** A percentage as the API gives it (one decimal), or a dash when there is nothing to divide by. */
export const percentText = (value: number | null | undefined): string => (value == null ? '—' : `${value}%`);

/** Average days, one decimal, or a dash. */
export const daysText = (value: number | null | undefined): string => (value == null ? '—' : String(value));

/** A count of cases: the number, or "< 5" where the server suppressed 1–4 cases (never worked out here), explained on hover. */
export function Cases({ value }: { value: number | null | undefined }) {
  const { t } = useTranslation('tierAnalytics');
  if (value !== null) return <>{countText(value)}</>;
  return (
    <Tooltip title={t('suppressed')}>
      <abbr className="tier-suppressed" title={t('suppressed')} aria-label={t('suppressedShort')}>
        <bdi dir="ltr">{SUPPRESSED_LABEL}</bdi>
      </abbr>
    </Tooltip>
  );
}

/** Positivity against the previous period: an arrow and its word (up is coloured as a warning). */
export function Trend({ trend }: { trend: 'up' | 'down' | 'flat' | null }) {
  const { t } = useTranslation('tierAnalytics');
  if (trend == null) return <span className="tier-trend tier-trend--none">{t('trend.none')}</span>;
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
