import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import type { QcSummaryRow } from '@nlims/contracts';
import { Button, Card, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../shared/page/LoadError';
import { todayLagos } from '../../shared/format/format';
import { downloadFile } from '../../shared/files';
import { useQcSummary } from './api';

/** The last twelve months, this one first, as `YYYY-MM`. */
function lastMonths(today: string): string[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - i, 1));
    return d.toISOString().slice(0, 7);
  });
}

const fixed = (v: number | null, digits: number) => (v == null ? '—' : v.toFixed(digits));

/**
 * A month's QC per control material of the programme's tests: n, mean, SD, CV against the target, and the rules its
 * results fired; printable with the page, and as CSV or Excel.
 */
export function MonthlySummary({ tests }: { tests: ReadonlySet<number> }) {
  const { t } = useTranslation('qc');
  const months = lastMonths(todayLagos());
  const [month, setMonth] = useState(months[0]!);
  const summary = useQcSummary(month);
  const rows = (summary.data?.rows ?? []).filter((r) => tests.has(r.test_type));
  const file = (format: 'csv' | 'xlsx') => void downloadFile(`/api/qc_summary/?month=${month}&format=${format}`, `qc-summary-${month}.${format}`);
  return (
    <Card
      title={t('summary.title')}
      className="qc-summary"
      extra={
        <Space wrap className="clin-no-print">
          <Select
            aria-label={t('summary.month')}
            value={month}
            onChange={setMonth}
            options={months.map((m) => ({ value: m, label: `${m.slice(5)}/${m.slice(0, 4)}` }))}
          />
          <Button icon={<DownloadOutlined />} onClick={() => file('csv')}>
            CSV
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => file('xlsx')}>
            Excel
          </Button>
          <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
            {t('summary.print')}
          </Button>
        </Space>
      }
    >
      {!summary.data && !summary.isPending ? (
        <LoadError title={t('loadError')} error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <Table<QcSummaryRow>
          size="small"
          rowKey="material"
          loading={summary.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={rows}
          data-testid="qc-summary"
          locale={{ emptyText: t('summary.empty') }}
          columns={[
            { key: 'test', title: t('test'), dataIndex: 'test' },
            { key: 'level', title: t('summary.level'), render: (_, r) => t(`level.${r.level}`, { defaultValue: r.level }) },
            { key: 'lot', title: t('summary.lot'), dataIndex: 'lot_number' },
            { key: 'target', title: t('summary.target'), render: (_, r) => <bdi dir="ltr">{`${r.target_mean} ± ${r.target_sd} ${r.unit}`.trim()}</bdi> },
            { key: 'n', title: 'n', dataIndex: 'n', align: 'end' },
            { key: 'mean', title: t('summary.mean'), render: (_, r) => fixed(r.mean, 2), align: 'end' },
            { key: 'sd', title: t('summary.sd'), render: (_, r) => fixed(r.sd, 3), align: 'end' },
            { key: 'cv', title: t('summary.cv'), render: (_, r) => (r.cv == null ? '—' : `${r.cv.toFixed(1)}%`), align: 'end' },
            { key: 'warnings', title: t('summary.warnings'), dataIndex: 'warnings', align: 'end' },
            { key: 'rejections', title: t('summary.rejections'), dataIndex: 'rejections', align: 'end' },
            { key: 'runs', title: t('summary.rejectedRuns'), dataIndex: 'rejected_runs', align: 'end' },
          ]}
        />
      )}
    </Card>
  );
}
