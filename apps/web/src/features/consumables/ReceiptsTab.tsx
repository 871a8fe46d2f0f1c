import type { ConsumableReceipt } from '@nlims/contracts';
import { Empty, Pagination, Spin, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../shared/page/LoadError';
import { formatDateTime } from '../../shared/format/format';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { PAGE_SIZE, type ReceiptFilters, useReceipts } from './api';
import { day, naira, unitsText } from './labels';
import { ItemSelect } from './pickers';
import { SearchField } from './SearchField';

/** Receipts at the store, latest first: what came, from whom, at what cost, and who received it. */
export function ReceiptsTab({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('consumables');
  const wide = useMediaQuery(TABLET_UP);
  const [filters, setFilters] = useState<ReceiptFilters>({ page: 1 });
  const list = useReceipts(filters);
  const rows = list.data?.results ?? [];
  const total = list.data?.count ?? 0;
  const set = (change: Partial<ReceiptFilters>) => setFilters((f) => ({ ...f, ...change, page: change.page ?? 1 }));
  return (
    <div data-testid="cons-receipts">
      {!compact && (
        <div className="clin-toolbar">
          <SearchField label={t('receipt.search')} onSearch={(search) => set({ search })} />
          <ItemSelect value={filters.item} onChange={(item) => set({ item })} className="cons-item-filter" placeholder={t('filter.allItems')} />
        </div>
      )}
      {list.error && !list.data ? (
        <LoadError title={t('list.error')} error={list.error} onRetry={() => void list.refetch()} />
      ) : !wide ? (
        <Spin spinning={list.isFetching}>
          {rows.length ? (
            <ul className="cons-cards">
              {rows.map((r) => (
                <li key={r.id} className="cons-card">
                  <div className="cons-card__head">
                    <span className="cons-name">{r.item_name}</span>
                    <bdi className="cons-nowrap">{day(r.received_date)}</bdi>
                  </div>
                  <span>
                    <bdi className="cons-lot">{r.lot_number}</bdi> · {t('lot.expires', { date: day(r.expiry_date) })}
                  </span>
                  <strong>{unitsText(t, r.quantity, r)}</strong>
                  <span className="cons-muted">
                    {r.supplier_name ?? '—'} · {naira(r.total_cost_kobo)} · {r.received_by}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('receipt.none')} />
          )}
          {total > PAGE_SIZE && <Pagination simple size="small" current={filters.page} total={total} pageSize={PAGE_SIZE} onChange={(page) => set({ page })} />}
        </Spin>
      ) : (
        <Table<ConsumableReceipt>
          size="small"
          rowKey="id"
          className="clin-table cons-table"
          loading={list.isFetching}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('receipt.none') }}
          pagination={{ current: filters.page, total, pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false, onChange: (page) => set({ page }) }}
          columns={[
            { key: 'date', title: t('field.received_date'), render: (_, r) => <bdi className="cons-nowrap">{day(r.received_date)}</bdi> },
            {
              key: 'item',
              title: t('field.item'),
              render: (_, r) => (
                <span>
                  <span className="cons-name">{r.item_name}</span>
                  <span className="cons-muted cons-block">
                    <bdi className="cons-lot">{r.lot_number}</bdi>
                    {r.added_to_lot && (
                      <Tag className="cons-tag" style={{ marginInlineStart: 6 }}>
                        {t('receipt.added')}
                      </Tag>
                    )}
                  </span>
                </span>
              ),
            },
            { key: 'expiry', title: t('field.expiry'), render: (_, r) => <bdi className="cons-nowrap">{day(r.expiry_date)}</bdi> },
            { key: 'quantity', title: t('field.quantity'), render: (_, r) => unitsText(t, r.quantity, r) },
            { key: 'supplier', title: t('field.supplier'), render: (_, r) => r.supplier_name ?? '—' },
            { key: 'unit', title: t('receipt.unitCost'), align: 'end', render: (_, r) => <span className="cons-nowrap">{naira(r.unit_cost_kobo)}</span> },
            { key: 'total', title: t('receipt.total'), align: 'end', render: (_, r) => <span className="cons-nowrap">{naira(r.total_cost_kobo)}</span> },
            {
              key: 'by',
              title: t('receipt.by'),
              render: (_, r) => (
                <span>
                  {r.received_by}
                  <span className="cons-muted cons-block">{formatDateTime(r.recorded_at)}</span>
                </span>
              ),
            },
            { key: 'note', title: t('field.note'), render: (_, r) => <span className="cons-note">{r.note}</span> },
          ]}
        />
      )}
    </div>
  );
}
