import { EditOutlined, ExportOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { CONSUMABLE_CATEGORIES, type ConsumableItem } from '@nlims/contracts';
import { Button, Checkbox, Empty, Pagination, Select, Spin, Table, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../shared/page/LoadError';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { type ItemFilters, PAGE_SIZE, useItems } from './api';
import { IssueDialog } from './IssueDialog';
import { ItemDrawer } from './ItemDrawer';
import { day, ItemTags, naira, unitLine, unitsText } from './labels';
import { SearchField } from './SearchField';

/** Usable stock: in all, then at the store and at each bench. */
function StockCell({ item }: { item: ConsumableItem }) {
  const { t } = useTranslation('consumables');
  return (
    <span className="cons-stock">
      <strong className={item.low_stock ? 'cons-danger' : undefined}>{unitsText(t, item.usable_total, item)}</strong>
      <span className="cons-muted cons-block">{t('item.reorderAt', { n: item.reorder_level.toLocaleString('en-NG') })}</span>
      <span className="cons-muted cons-block">
        {t('store')}: {item.usable_store.toLocaleString('en-NG')}
        {item.usable_benches.map((b) => (
          <span key={b.bench}>
            {' · '}
            {b.bench_name}: {b.quantity.toLocaleString('en-NG')}
          </span>
        ))}
      </span>
    </span>
  );
}

const monthsText = (t: TFunction, item: ConsumableItem) => (item.months_of_stock == null ? t('item.noUse') : t('item.months', { count: item.months_of_stock }));

/** The facility's items with their usable stock, months of stock, flags and cost per test; add and edit with their tests. */
export function ItemsTab() {
  const { t } = useTranslation('consumables');
  const wide = useMediaQuery(TABLET_UP);
  const [, setParams] = useSearchParams();
  const [filters, setFilters] = useState<ItemFilters>({ page: 1 });
  const [editing, setEditing] = useState<ConsumableItem | 'new' | null>(null);
  const [issuing, setIssuing] = useState<ConsumableItem | null>(null);
  const list = useItems(filters);
  const rows = list.data?.results ?? [];
  const total = list.data?.count ?? 0;
  const set = (change: Partial<ItemFilters>) => setFilters((f) => ({ ...f, ...change, page: change.page ?? 1 }));
  const card = (item: ConsumableItem) => setParams({ tab: 'card', item: String(item.id) });
  const actions = (item: ConsumableItem) => (
    <span className="clin-actions clin-actions--nowrap">
      <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(item)} aria-label={t('item.edit')} title={t('item.edit')} />
      <Button size="small" icon={<ExportOutlined />} onClick={() => setIssuing(item)} aria-label={t('issue.open')} title={t('issue.open')} />
      <Button size="small" icon={<HistoryOutlined />} onClick={() => card(item)} aria-label={t('tab.card')} title={t('tab.card')} />
    </span>
  );
  const empty = t(filters.search || filters.category || filters.low ? 'list.noneMatching' : 'item.none');
  return (
    <div data-testid="cons-items">
      <div className="clin-toolbar">
        <SearchField label={t('item.search')} onSearch={(search) => set({ search })} />
        <Select
          allowClear
          aria-label={t('field.category')}
          placeholder={t('filter.allCategories')}
          value={filters.category}
          onChange={(category) => set({ category: category ?? undefined })}
          options={CONSUMABLE_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))}
        />
        <Checkbox checked={filters.low === '1'} onChange={(e) => set({ low: e.target.checked ? '1' : undefined })}>
          {t('filter.lowOnly')}
        </Checkbox>
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="cons-item-add">
          {t('item.add')}
        </Button>
      </div>
      {list.error && !list.data ? (
        <LoadError title={t('list.error')} error={list.error} onRetry={() => void list.refetch()} />
      ) : !wide ? (
        <Spin spinning={list.isFetching}>
          {rows.length ? (
            <ul className="cons-cards">
              {rows.map((item) => (
                <li key={item.id} className="cons-card" data-testid="cons-item-card">
                  <div className="cons-card__head">
                    <strong className="cons-name">{item.name}</strong>
                    <Tag className="cons-tag">{t(`category.${item.category}`)}</Tag>
                  </div>
                  <StockCell item={item} />
                  <span className="cons-muted">
                    {monthsText(t, item)} · {t('item.nearest')}: {day(item.nearest_expiry)}
                    {item.cost_per_test_kobo != null ? ` · ${t('item.costPerTest')}: ${naira(item.cost_per_test_kobo)}` : ''}
                  </span>
                  <ItemTags item={item} />
                  {actions(item)}
                </li>
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
          )}
          {total > PAGE_SIZE && <Pagination simple size="small" current={filters.page} total={total} pageSize={PAGE_SIZE} onChange={(page) => set({ page })} />}
        </Spin>
      ) : (
        <Table<ConsumableItem>
          size="small"
          rowKey="id"
          className="clin-table cons-table"
          loading={list.isFetching}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: empty }}
          rowClassName={(r) => (r.low_stock ? 'cons-row--low' : '')}
          pagination={{ current: filters.page, total, pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false, onChange: (page) => set({ page }) }}
          columns={[
            {
              key: 'name',
              title: t('field.item'),
              render: (_, r) => (
                <span className="cons-item-cell">
                  <strong className="cons-name">{r.name}</strong>
                  <span className="cons-muted cons-block">
                    {t(`category.${r.category}`)}
                    {r.manufacturer_name ? ` · ${r.manufacturer_name}` : ''} · {unitLine(t, r)}
                  </span>
                  {r.tests.length > 0 && (
                    <span className="cons-muted cons-block">
                      {r.tests.map((x) => `${x.test_name}${x.automatic ? '' : ` (${t('test.manual')})`}`).join(', ')}
                    </span>
                  )}
                  <ItemTags item={r} />
                </span>
              ),
            },
            { key: 'stock', title: t('item.usable'), render: (_, r) => <StockCell item={r} /> },
            { key: 'months', title: t('item.monthsOfStock'), render: (_, r) => monthsText(t, r) },
            { key: 'expiry', title: t('item.nearest'), render: (_, r) => <bdi className="cons-nowrap">{day(r.nearest_expiry)}</bdi> },
            { key: 'cost', title: t('item.costPerTest'), align: 'end', render: (_, r) => <span className="cons-nowrap">{naira(r.cost_per_test_kobo)}</span> },
            { key: 'actions', title: '', render: (_, r) => actions(r) },
          ]}
        />
      )}
      {editing && <ItemDrawer item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {issuing && <IssueDialog item={issuing.id} onClose={() => setIssuing(null)} />}
    </div>
  );
}
