import { DownOutlined } from '@ant-design/icons';
import { CONSUMABLE_LOT_FILTERS, type ConsumableLot } from '@nlims/contracts';
import { Button, Dropdown, Empty, Pagination, Select, Spin, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../shared/page/LoadError';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { type LotFilters, type LotMove, PAGE_SIZE, useLots } from './api';
import { IssueDialog } from './IssueDialog';
import { LotExpiry, StateTag, unitsText } from './labels';
import { LotMoveDialog } from './LotMoveDialog';
import { ItemSelect } from './pickers';
import { SearchField } from './SearchField';

type Action = LotMove | 'issue' | 'card';

/** What can be done with a lot now: issue (usable, at the store), count, adjust, dispose, open, quarantine or release, its card. */
function actionsOf(lot: ConsumableLot): Action[] {
  if (lot.status === 'disposed') return ['card'];
  return [
    ...(lot.usable && lot.store_balance > 0 ? (['issue'] as const) : []),
    'count',
    'adjust',
    'dispose',
    ...(lot.opened || lot.expired ? [] : (['open'] as const)),
    lot.status === 'quarantined' ? 'release' : 'quarantine',
    'card',
  ];
}

function Balances({ lot }: { lot: ConsumableLot }) {
  const { t } = useTranslation('consumables');
  return (
    <span className="cons-stock">
      <strong>{unitsText(t, lot.balance, lot)}</strong>
      <span className="cons-muted cons-block">
        {t('store')}: {lot.store_balance.toLocaleString('en-NG')}
        {lot.benches.map((b) => (
          <span key={b.bench}>
            {' · '}
            {b.bench_name}: {b.quantity.toLocaleString('en-NG')}
          </span>
        ))}
      </span>
    </span>
  );
}

/** The lots, first to expire first: status, expiry, balances, whether usable and why not; a lot's moves from its menu. */
export function LotsTab() {
  const { t } = useTranslation('consumables');
  const wide = useMediaQuery(TABLET_UP);
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<LotFilters>(() => ({ page: 1, item: Number(params.get('item')) || undefined }));
  const [doing, setDoing] = useState<{ lot: ConsumableLot; action: Action } | null>(null);
  const list = useLots(filters);
  const rows = list.data?.results ?? [];
  const total = list.data?.count ?? 0;
  const set = (change: Partial<LotFilters>) => setFilters((f) => ({ ...f, ...change, page: change.page ?? 1 }));
  const run = (lot: ConsumableLot, action: Action) => {
    if (action === 'card') setParams({ tab: 'card', item: String(lot.item), lot: String(lot.id) });
    else setDoing({ lot, action });
  };
  const menu = (lot: ConsumableLot) => (
    <Dropdown
      trigger={['click']}
      menu={{ items: actionsOf(lot).map((a) => ({ key: a, label: t(`move.${a}`), danger: a === 'dispose' })), onClick: ({ key }) => run(lot, key as Action) }}
    >
      <Button size="small" data-testid="cons-lot-actions">
        {t('lot.actions')} <DownOutlined />
      </Button>
    </Dropdown>
  );
  const reason = (lot: ConsumableLot) => (lot.unusable_reason && lot.unusable_reason !== 'empty' ? t(`why.${lot.unusable_reason}`) : null);
  return (
    <div data-testid="cons-lots">
      <div className="clin-toolbar">
        <SearchField label={t('lot.search')} onSearch={(search) => set({ search })} />
        <ItemSelect value={filters.item} onChange={(item) => set({ item })} className="cons-item-filter" placeholder={t('filter.allItems')} />
        <Select
          allowClear
          aria-label={t('field.state')}
          placeholder={t('filter.allLots')}
          value={filters.state}
          onChange={(state) => set({ state: state ?? undefined })}
          options={CONSUMABLE_LOT_FILTERS.map((s) => ({ value: s, label: t(`lotFilter.${s}`) }))}
        />
      </div>
      {list.error && !list.data ? (
        <LoadError title={t('list.error')} error={list.error} onRetry={() => void list.refetch()} />
      ) : !wide ? (
        <Spin spinning={list.isFetching}>
          {rows.length ? (
            <ul className="cons-cards">
              {rows.map((lot) => (
                <li key={lot.id} className="cons-card" data-testid="cons-lot-card">
                  <div className="cons-card__head">
                    <bdi className="cons-lot">{lot.lot_number}</bdi>
                    <StateTag state={lot.state} />
                  </div>
                  <span className="cons-name">{lot.item_name}</span>
                  <LotExpiry lot={lot} />
                  <Balances lot={lot} />
                  {reason(lot) && <span className="cons-danger">{reason(lot)}</span>}
                  <span>{menu(lot)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('lot.none')} />
          )}
          {total > PAGE_SIZE && <Pagination simple size="small" current={filters.page} total={total} pageSize={PAGE_SIZE} onChange={(page) => set({ page })} />}
        </Spin>
      ) : (
        <Table<ConsumableLot>
          size="small"
          rowKey="id"
          className="clin-table cons-table"
          loading={list.isFetching}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('lot.none') }}
          rowClassName={(r) => (r.usable ? '' : 'cons-row--unusable')}
          pagination={{ current: filters.page, total, pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false, onChange: (page) => set({ page }) }}
          columns={[
            {
              key: 'lot',
              title: t('field.lot'),
              render: (_, r) => (
                <span>
                  <bdi className="cons-lot">{r.lot_number}</bdi>
                  <span className="cons-muted cons-block">{r.item_name}</span>
                </span>
              ),
            },
            {
              key: 'state',
              title: t('field.state'),
              render: (_, r) => (
                <span>
                  <StateTag state={r.state} />
                  {reason(r) && <span className="cons-danger cons-block">{reason(r)}</span>}
                </span>
              ),
            },
            { key: 'expiry', title: t('field.expiry'), render: (_, r) => <LotExpiry lot={r} /> },
            { key: 'balance', title: t('lot.balance'), render: (_, r) => <Balances lot={r} /> },
            { key: 'supplier', title: t('field.supplier'), render: (_, r) => r.supplier_name ?? '—' },
            { key: 'actions', title: '', render: (_, r) => menu(r) },
          ]}
        />
      )}
      {doing?.action === 'issue' && <IssueDialog item={doing.lot.item} lot={doing.lot.id} onClose={() => setDoing(null)} />}
      {doing && doing.action !== 'issue' && doing.action !== 'card' && <LotMoveDialog lot={doing.lot} move={doing.action} onClose={() => setDoing(null)} />}
    </div>
  );
}
