import type { AssetDetail } from '@nlims/contracts';
import { Table, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkoutText, day, naira, ValidityTag, when } from './labels';

/** An asset's history: check-outs, maintenance (with the periods out of service), calibrations and certificates. */
export function History({ asset }: { asset: AssetDetail }) {
  const { t } = useTranslation('assets');
  const table = { size: 'small' as const, rowKey: 'id', pagination: { pageSize: 10, hideOnSinglePage: true }, scroll: { x: 'max-content' } };
  return (
    <Tabs
      className="asset-history"
      items={[
        {
          key: 'checkouts',
          label: t('history.checkouts', { count: asset.checkouts.length }),
          children: (
            <Table
              {...table}
              dataSource={asset.checkouts}
              locale={{ emptyText: t('history.none') }}
              columns={[
                { key: 'to', title: t('history.to'), render: (_, c) => checkoutText(t, c) },
                {
                  key: 'out',
                  title: t('history.out'),
                  render: (_, c) => (
                    <span>
                      {when(c.checked_out_at)}
                      <span className="asset-muted asset-block">{c.checked_out_by}</span>
                    </span>
                  ),
                },
                { key: 'expected', title: t('checkout.expectedBack'), render: (_, c) => day(c.expected_back) },
                {
                  key: 'in',
                  title: t('history.in'),
                  render: (_, c) =>
                    c.checked_in_at ? (
                      <span>
                        {when(c.checked_in_at)}
                        <span className="asset-muted asset-block">{c.checked_in_by}</span>
                      </span>
                    ) : (
                      <span className={c.overdue ? 'asset-overdue' : 'asset-muted'}>{t(c.overdue ? 'history.overdue' : 'history.stillOut')}</span>
                    ),
                },
                { key: 'note', title: t('checkout.note'), render: (_, c) => <span className="asset-pre">{c.note}</span> },
              ]}
            />
          ),
        },
        {
          key: 'maintenance',
          label: t('history.maintenance', { count: asset.maintenance.length }),
          children: (
            <Table
              {...table}
              dataSource={asset.maintenance}
              locale={{ emptyText: t('history.none') }}
              columns={[
                { key: 'kind', title: t('move.kind'), render: (_, m) => t(`maintenance.${m.kind}`) },
                { key: 'from', title: t('move.downFrom'), render: (_, m) => when(m.down_from) },
                {
                  key: 'to',
                  title: t('move.downTo'),
                  render: (_, m) => (m.down_to ? when(m.down_to) : <span className="asset-overdue">{t('history.open')}</span>),
                },
                { key: 'work', title: t('move.workDone'), render: (_, m) => <span className="asset-pre">{m.work_done}</span> },
                { key: 'by', title: t('move.performedBy'), render: (_, m) => m.performed_by || '—' },
                { key: 'cost', title: t('move.cost'), align: 'end', render: (_, m) => (m.cost_kobo ? naira(m.cost_kobo) : '—') },
              ]}
            />
          ),
        },
        {
          key: 'calibrations',
          label: t('history.calibrations', { count: asset.calibrations.length }),
          children: (
            <Table
              {...table}
              dataSource={asset.calibrations}
              locale={{ emptyText: t('history.none') }}
              columns={[
                { key: 'on', title: t('move.calibratedOn'), render: (_, c) => day(c.calibrated_on) },
                { key: 'until', title: t('move.validUntil'), render: (_, c) => day(c.valid_until) },
                { key: 'by', title: t('move.calibrator'), render: (_, c) => c.calibrator || '—' },
                { key: 'report', title: t('move.report'), render: (_, c) => <span className="asset-pre">{c.report}</span> },
                { key: 'recorded', title: t('history.recordedBy'), render: (_, c) => c.recorded_by },
              ]}
            />
          ),
        },
        {
          key: 'certificates',
          label: t('history.certificates', { count: asset.certificates_list.length }),
          children: (
            <Table
              {...table}
              dataSource={asset.certificates_list}
              locale={{ emptyText: t('history.none') }}
              columns={[
                { key: 'agency', title: t('move.agency'), render: (_, c) => c.agency },
                { key: 'number', title: t('move.number'), render: (_, c) => <bdi>{c.number || '—'}</bdi> },
                { key: 'from', title: t('move.validFrom'), render: (_, c) => day(c.valid_from) },
                { key: 'to', title: t('move.validTo'), render: (_, c) => <ValidityTag state={c.state} date={c.valid_to} /> },
              ]}
            />
          ),
        },
      ]}
    />
  );
}
