import type { NcrSummary } from '@nlims/contracts';
import { Card, Select, Spin, Table } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../shared/page/LoadError';
import { todayLagos } from '../../shared/format/format';
import { downloadFile } from '../../shared/files';
import { type ReportFormat, ReportActions } from '../../shared/page/ReportActions';
import { summaryFilePath, useNcrSummary } from './api';
import { lastMonths } from './filters';
import { SeverityTag, StateTag, typeText } from './labels';

const monthText = (month: string) => `${month.slice(5)}/${month.slice(0, 4)}`;

/** A month's reports: how many were reported and closed, open, overdue actions, the median days to close, and counts by type, severity and state; printable, and as CSV or Excel. */
export function SummaryPanel() {
  const { t } = useTranslation('nonConformity');
  const months = lastMonths(todayLagos());
  const [month, setMonth] = useState(months[0]!);
  const summary = useNcrSummary(month);
  const [downloading, setDownloading] = useState<ReportFormat | null>(null);
  const download = (format: ReportFormat) => {
    setDownloading(format);
    downloadFile(summaryFilePath(month, format), `non-conformity-${month}.${format}`)
      .catch(() => undefined)
      .finally(() => setDownloading(null));
  };
  const s = summary.data;
  return (
    <div className="ncr-summary" data-testid="ncr-summary">
      <div className="ncr-summary__bar">
        <Select
          aria-label={t('summary.month')}
          className="ncr-summary__month clin-no-print"
          value={month}
          onChange={setMonth}
          options={months.map((m) => ({ value: m, label: monthText(m) }))}
        />
        <ReportActions
          empty={!s}
          downloading={downloading}
          onDownload={download}
          labels={{ print: t('summary.print'), csv: t('summary.csv'), xlsx: t('summary.xlsx') }}
        />
      </div>
      <h2 className="ncr-print-title">
        {t('summary.printTitle', { month: monthText(month) })}
        {s?.facility_name ? ` · ${s.facility_name}` : ''}
      </h2>
      {summary.isPending ? (
        <Spin className="clin-loading" />
      ) : !s ? (
        <LoadError title={t('summary.error')} error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <SummaryFigures summary={s} />
      )}
    </div>
  );
}

function SummaryFigures({ summary: s }: { summary: NcrSummary }) {
  const { t } = useTranslation('nonConformity');
  const figures = [
    ['reported', s.reported],
    ['closed', s.closed],
    ['open', s.open],
    ['overdueActions', s.overdue_actions],
    ['medianDays', s.median_days_to_close == null ? '—' : s.median_days_to_close],
  ] as const;
  return (
    <>
      <ul className="ncr-figures" data-testid="ncr-figures">
        {figures.map(([key, value]) => (
          <li key={key} data-figure={key} className={key === 'overdueActions' && s.overdue_actions ? 'ncr-figures--alert' : undefined}>
            <span>{t(`summary.${key}`)}</span>
            <strong>
              <bdi>{value}</bdi>
            </strong>
          </li>
        ))}
      </ul>
      <div className="clin-grid-2 ncr-summary__tables">
        {/* The server sends the types most frequent first, and every severity and state with its count (zeros too). */}
        <CountTable
          title={t('summary.byType')}
          testid="ncr-by-type"
          rows={s.by_type}
          rowKey={(r) => r.type ?? 'none'}
          label={t('field.type')}
          render={(r) => (r.type ? typeText(t, r.type) : t('summary.unclassified'))}
          empty={t('summary.empty')}
        />
        <div className="ncr-summary__side">
          <CountTable
            title={t('summary.bySeverity')}
            testid="ncr-by-severity"
            rows={s.by_severity}
            rowKey={(r) => r.severity}
            label={t('field.severity')}
            render={(r) => <SeverityTag severity={r.severity} />}
          />
          <CountTable
            title={t('summary.byState')}
            testid="ncr-by-state"
            rows={s.by_state}
            rowKey={(r) => r.state}
            label={t('field.state')}
            render={(r) => <StateTag state={r.state} />}
          />
        </div>
      </div>
    </>
  );
}

/** One of the summary's count tables: what is counted, and how many. */
function CountTable<T extends { count: number }>(props: {
  title: string;
  testid: string;
  rows: T[];
  rowKey: (row: T) => string;
  label: string;
  render: (row: T) => ReactNode;
  empty?: string;
}) {
  const { t } = useTranslation('nonConformity');
  return (
    <Card size="small" title={props.title}>
      <Table<T>
        size="small"
        pagination={false}
        rowKey={props.rowKey}
        dataSource={props.rows}
        data-testid={props.testid}
        locale={props.empty ? { emptyText: props.empty } : undefined}
        columns={[
          { key: 'item', title: props.label, render: (_, row) => props.render(row) },
          { key: 'count', title: t('summary.count'), dataIndex: 'count', align: 'end' },
        ]}
      />
    </Card>
  );
}
