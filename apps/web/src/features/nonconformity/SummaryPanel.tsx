import { NCR_SEVERITIES, NCR_STATES, type NcrSummary } from '@nlims/contracts';
import { Card, Select, Spin, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../analytics/LoadError';
import { todayLagos } from '../clinical/common/format';
import { downloadFile } from '../clinical/common/pdf';
import { type ReportFormat, ReportActions } from '../clinical/common/ReportActions';
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
  const bySeverity = NCR_SEVERITIES.map((severity) => ({ severity, count: s.by_severity.find((x) => x.severity === severity)?.count ?? 0 }));
  const byState = NCR_STATES.map((state) => ({ state, count: s.by_state.find((x) => x.state === state)?.count ?? 0 }));
  const byType = [...s.by_type].sort((a, b) => b.count - a.count);
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
        <Card size="small" title={t('summary.byType')}>
          <Table
            size="small"
            pagination={false}
            rowKey={(r) => r.type ?? 'none'}
            dataSource={byType}
            data-testid="ncr-by-type"
            locale={{ emptyText: t('summary.empty') }}
            columns={[
              { key: 'type', title: t('field.type'), render: (_, r) => (r.type ? typeText(t, r.type) : t('summary.unclassified')) },
              { key: 'count', title: t('summary.count'), dataIndex: 'count', align: 'end' },
            ]}
          />
        </Card>
        <div className="ncr-summary__side">
          <Card size="small" title={t('summary.bySeverity')}>
            <Table
              size="small"
              pagination={false}
              rowKey="severity"
              dataSource={bySeverity}
              data-testid="ncr-by-severity"
              columns={[
                { key: 'severity', title: t('field.severity'), render: (_, r) => <SeverityTag severity={r.severity} /> },
                { key: 'count', title: t('summary.count'), dataIndex: 'count', align: 'end' },
              ]}
            />
          </Card>
          <Card size="small" title={t('summary.byState')}>
            <Table
              size="small"
              pagination={false}
              rowKey="state"
              dataSource={byState}
              data-testid="ncr-by-state"
              columns={[
                { key: 'state', title: t('field.state'), render: (_, r) => <StateTag state={r.state} /> },
                { key: 'count', title: t('summary.count'), dataIndex: 'count', align: 'end' },
              ]}
            />
          </Card>
        </div>
      </div>
    </>
  );
}
