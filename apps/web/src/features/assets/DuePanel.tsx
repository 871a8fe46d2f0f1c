import { PrinterOutlined } from '@ant-design/icons';
import type { AssetDue } from '@nlims/contracts';
import { Button, Card, Spin, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../shared/page/LoadError';
import { useAssetDue } from './api';
import { day, ValidityTag } from './labels';

type Row = { id: number; tag: string; name: string; location_name: string | null };

/** What falls due within 30 days or is past: calibrations, certificates, preventive maintenance; printable as a work list. */
export function DuePanel({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation('assets');
  const due = useAssetDue();
  if (due.isPending) return <Spin />;
  if (due.error || !due.data) return <LoadError title={t('due.error')} error={due.error} onRetry={() => void due.refetch()} />;
  const d: AssetDue = due.data;
  const asset = {
    key: 'asset',
    title: t('due.asset'),
    render: (_: unknown, r: Row) => (
      <span>
        <bdi className="asset-code">{r.tag}</bdi> · <span className="asset-name">{r.name}</span>
        <span className="asset-muted asset-block">{r.location_name ?? ''}</span>
      </span>
    ),
  };
  const table = <T extends Row>(rows: T[], columns: object[], testid: string) => (
    <Table<T>
      size="small"
      rowKey={(r) => `${r.id}-${(r as { agency?: string }).agency ?? ''}`}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('due.nothing') }}
      onRow={(r) => ({ onClick: () => onOpen(r.id), style: { cursor: 'pointer' } })}
      columns={[asset, ...columns] as never}
      data-testid={testid}
    />
  );
  return (
    <div className="asset-due" data-testid="asset-due">
      <Button icon={<PrinterOutlined />} className="asset-filters asset-no-print" onClick={() => window.print()}>
        {t('due.print')}
      </Button>
      <Card className="asset-due__card" title={t('due.calibration', { count: d.counts.calibration })}>
        {table(
          d.calibration,
          [
            {
              key: 'until',
              title: t('move.validUntil'),
              render: (_: unknown, r: AssetDue['calibration'][number]) =>
                r.valid_until ? <ValidityTag state={r.state} date={r.valid_until} /> : t('due.neverCalibrated'),
            },
          ],
          'due-calibration',
        )}
      </Card>
      <Card className="asset-due__card" title={t('due.certificates', { count: d.counts.certificates })}>
        {table(
          d.certificates,
          [
            {
              key: 'agency',
              title: t('move.agency'),
              render: (_: unknown, r: AssetDue['certificates'][number]) => `${r.agency}${r.number ? ` · ${r.number}` : ''}`,
            },
            {
              key: 'to',
              title: t('move.validTo'),
              render: (_: unknown, r: AssetDue['certificates'][number]) => <ValidityTag state={r.state} date={r.valid_to} />,
            },
          ],
          'due-certificates',
        )}
      </Card>
      <Card className="asset-due__card" title={t('due.maintenance', { count: d.counts.maintenance })}>
        {table(
          d.maintenance,
          [
            { key: 'last', title: t('due.lastPreventive'), render: (_: unknown, r: AssetDue['maintenance'][number]) => day(r.last) },
            {
              key: 'every',
              title: t('settings.maintenanceInterval'),
              render: (_: unknown, r: AssetDue['maintenance'][number]) => t('settings.everyDays', { count: r.interval_days }),
            },
            { key: 'due', title: t('due.dueOn'), render: (_: unknown, r: AssetDue['maintenance'][number]) => <ValidityTag state={r.state} date={r.due_on} /> },
          ],
          'due-maintenance',
        )}
      </Card>
    </div>
  );
}
