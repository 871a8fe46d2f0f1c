import { Card, Empty, Spin, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../shared/page/LoadError';
import { useAlerts } from './api';
import { day } from './labels';

/** What needs the administrator: items low on stock, lots expiring soon, expired lots still on the shelf, uses not recorded. */
export function AlertsTab() {
  const { t } = useTranslation('consumables');
  const alerts = useAlerts();
  const [, setParams] = useSearchParams();
  const a = alerts.data;
  if (alerts.isPending) return <Spin className="clin-loading" />;
  if (!a) return <LoadError title={t('list.error')} error={alerts.error} onRetry={() => void alerts.refetch()} />;
  const toItem = (item: number) => setParams({ tab: 'lots', item: String(item) });
  return (
    <div className="cons-alerts" data-testid="cons-alerts">
      <Card size="small" title={`${t('alerts.low')} (${a.low_stock})`} data-testid="cons-alerts-low">
        <Table
          size="small"
          rowKey="item"
          pagination={false}
          dataSource={a.low_stock_items}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alerts.noneLow')} /> }}
          onRow={(r) => ({ onClick: () => toItem(r.item), className: 'cons-clickable' })}
          columns={[
            { key: 'item', title: t('field.item'), render: (_, r) => r.item_name },
            {
              key: 'usable',
              title: t('item.usable'),
              align: 'end',
              render: (_, r) => <strong className="cons-danger">{r.usable_total.toLocaleString('en-NG')}</strong>,
            },
            { key: 'reorder', title: t('field.reorder_level'), align: 'end', render: (_, r) => r.reorder_level.toLocaleString('en-NG') },
            { key: 'months', title: t('item.monthsOfStock'), align: 'end', render: (_, r) => (r.months_of_stock == null ? '—' : r.months_of_stock) },
          ]}
        />
      </Card>
      <Card size="small" title={`${t('alerts.expiring')} (${a.expiring_soon})`} data-testid="cons-alerts-expiring">
        <Table
          size="small"
          rowKey="lot"
          pagination={false}
          dataSource={a.expiring_lots}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alerts.noneExpiring')} /> }}
          onRow={(r) => ({ onClick: () => toItem(r.item), className: 'cons-clickable' })}
          columns={[
            { key: 'lot', title: t('field.lot'), render: (_, r) => <bdi className="cons-lot">{r.lot_number}</bdi> },
            { key: 'item', title: t('field.item'), render: (_, r) => r.item_name },
            { key: 'expiry', title: t('field.expiry'), render: (_, r) => <bdi className="cons-nowrap">{day(r.effective_expiry)}</bdi> },
            { key: 'days', title: t('alerts.days'), align: 'end', render: (_, r) => <span className="cons-warning">{r.days_to_expiry}</span> },
            { key: 'balance', title: t('lot.balance'), align: 'end', render: (_, r) => r.balance.toLocaleString('en-NG') },
          ]}
        />
      </Card>
      <Card size="small" title={`${t('alerts.expired')} (${a.expired_with_stock})`} data-testid="cons-alerts-expired">
        <Table
          size="small"
          rowKey="lot"
          pagination={false}
          dataSource={a.expired_lots}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alerts.noneExpired')} /> }}
          onRow={(r) => ({ onClick: () => toItem(r.item), className: 'cons-clickable' })}
          columns={[
            { key: 'lot', title: t('field.lot'), render: (_, r) => <bdi className="cons-lot">{r.lot_number}</bdi> },
            { key: 'item', title: t('field.item'), render: (_, r) => r.item_name },
            { key: 'expiry', title: t('alerts.expiredOn'), render: (_, r) => <bdi className="cons-nowrap cons-danger">{day(r.effective_expiry)}</bdi> },
            { key: 'balance', title: t('lot.balance'), align: 'end', render: (_, r) => r.balance.toLocaleString('en-NG') },
          ]}
        />
        <p className="cons-muted">{t('alerts.expiredHint')}</p>
      </Card>
      {a.uses_short > 0 && (
        <Card size="small" title={`${t('alerts.short')} (${a.uses_short})`} data-testid="cons-alerts-short">
          <Table
            size="small"
            rowKey="item"
            pagination={false}
            dataSource={a.short_items}
            columns={[
              { key: 'item', title: t('field.item'), render: (_, r) => r.item_name },
              { key: 'runs', title: t('alerts.runs'), align: 'end', render: (_, r) => r.uses_short },
            ]}
          />
          <p className="cons-muted">{t('alerts.shortHint')}</p>
        </Card>
      )}
    </div>
  );
}
