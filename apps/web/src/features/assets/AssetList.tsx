import { ASSET_STATUSES, type AssetItem } from '@nlims/contracts';
import { PrinterOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Select, Space, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../shared/page/LoadError';
import { printFile } from '../../shared/files';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { ListTable } from '../../shared/list/ListTable';
import { Pager } from '../../shared/list/Pager';
import '../../shared/list/list.css';
import { ASSET_PAGE, type AssetFilters, labelsPath, useAssetList, useKinds, useLocations } from './api';
import { filtersFromParams, paramsOfFilters } from './filters';
import { AvailabilityTag, checkoutText, StatusTag, ValidityTag } from './labels';

/** The register: search and filters (in the address), a table on wide screens and cards on phones, tags to print. */
export function AssetList({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation('assets');
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const list = useAssetList(filters);
  const kinds = useKinds();
  const locations = useLocations();
  const wide = useMediaQuery(TABLET_UP);
  const [selected, setSelected] = useState<number[]>([]);
  const set = (change: Partial<AssetFilters>) => setParams(paramsOfFilters({ ...filters, ...change, page: change.page ?? 1 }, params), { replace: true });
  const rows = list.data?.results ?? [];
  const total = list.data?.count ?? 0;
  const filtered = Object.entries(filters).some(([k, v]) => k !== 'page' && v != null);
  const rowClass = (r: AssetItem) => (r.available ? '' : 'asset-row--down');
  const checkout = (r: AssetItem) => (r.checkout ? <span className="asset-name">{checkoutText(t, r.checkout)}</span> : <span className="asset-muted">—</span>);
  return (
    <div className="asset-list" data-testid="asset-list">
      <Space wrap className="asset-filters">
        <Input.Search
          allowClear
          className="asset-filters__search"
          placeholder={t('filter.search')}
          defaultValue={filters.search}
          onSearch={(search) => set({ search: search.trim() || undefined })}
          data-testid="asset-search"
        />
        <Select
          allowClear
          placeholder={t('filter.status')}
          aria-label={t('filter.status')}
          value={filters.status}
          onChange={(status) => set({ status })}
          options={ASSET_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
        <Select
          allowClear
          placeholder={t('filter.kind')}
          aria-label={t('filter.kind')}
          value={filters.generic}
          onChange={(generic) => set({ generic })}
          options={(kinds.data ?? []).map((k) => ({ value: k.id, label: k.name }))}
        />
        <Select
          allowClear
          placeholder={t('filter.location')}
          aria-label={t('filter.location')}
          value={filters.location}
          onChange={(location) => set({ location })}
          options={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
        />
        <Select
          allowClear
          placeholder={t('filter.checkedOut')}
          aria-label={t('filter.checkedOut')}
          value={filters.checked_out}
          onChange={(checked_out) => set({ checked_out })}
          options={[
            { value: '1', label: t('filter.out') },
            { value: '0', label: t('filter.in') },
          ]}
        />
        <Select
          allowClear
          placeholder={t('filter.calibration')}
          aria-label={t('filter.calibration')}
          value={filters.calibration}
          onChange={(calibration) => set({ calibration })}
          options={[
            { value: 'due', label: t('filter.calibrationDue') },
            { value: 'overdue', label: t('filter.calibrationOverdue') },
          ]}
        />
        {wide && (
          <Button icon={<PrinterOutlined />} disabled={!selected.length} onClick={() => void printFile(labelsPath(selected))} data-testid="asset-print-tags">
            {t('action.printTags', { count: selected.length })}
          </Button>
        )}
      </Space>
      {list.error && !list.data ? (
        <LoadError title={t('list.error')} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          {!wide ? (
            <Spin spinning={list.isFetching}>
              {rows.length ? (
                <ul className="asset-cards">
                  {rows.map((r) => (
                    <li key={r.id} className={rowClass(r)}>
                      <button type="button" className="asset-card" onClick={() => onOpen(r.id)}>
                        <span className="asset-card__head">
                          <bdi className="asset-code">{r.tag}</bdi>
                          <span className="asset-tags">
                            <StatusTag status={r.status} />
                            <AvailabilityTag unavailable={r.unavailable} />
                          </span>
                        </span>
                        <span className="asset-name">{r.name}</span>
                        <span className="asset-muted">{[r.generic_name, r.location_name].filter(Boolean).join(' · ')}</span>
                        {r.checkout && checkout(r)}
                        <span>
                          {t('field.calibration')}: <ValidityTag state={r.calibration} date={r.calibration_valid_until} />
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(filtered ? 'list.noneMatching' : 'list.none')} />
              )}
            </Spin>
          ) : (
            <ListTable<AssetItem>
              size="small"
              className="clin-table"
              loading={list.isFetching}
              dataSource={rows}
              emptyText={t(filtered ? 'list.noneMatching' : 'list.none')}
              rowClassName={rowClass}
              rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), preserveSelectedRowKeys: true }}
              // a row opens its asset; its tick box (for the tags to print) does not
              onRow={(r) => ({
                onClick: (e) => {
                  if (!(e.target as HTMLElement).closest('.ant-table-selection-column')) onOpen(r.id);
                },
                style: { cursor: 'pointer' },
              })}
              columns={[
                { key: 'tag', title: t('field.tag'), render: (_, r) => <bdi className="asset-code">{r.tag}</bdi> },
                {
                  key: 'name',
                  title: t('field.name'),
                  render: (_, r) => (
                    <span>
                      <span className="asset-name">{r.name}</span>
                      <span className="asset-muted asset-block">{[r.generic_name, r.model].filter(Boolean).join(' · ')}</span>
                    </span>
                  ),
                },
                { key: 'location', title: t('field.location'), render: (_, r) => r.location_name ?? '—' },
                {
                  key: 'status',
                  title: t('field.status'),
                  render: (_, r) => (
                    <span className="asset-tags">
                      <StatusTag status={r.status} />
                      <AvailabilityTag unavailable={r.unavailable} />
                    </span>
                  ),
                },
                { key: 'checkout', title: t('field.checkout'), render: (_, r) => checkout(r) },
                { key: 'calibration', title: t('field.calibration'), render: (_, r) => <ValidityTag state={r.calibration} date={r.calibration_valid_until} /> },
                {
                  key: 'certificates',
                  title: t('field.certificates'),
                  render: (_, r) => <ValidityTag state={r.certificates} date={r.certificates_valid_to} />,
                },
              ]}
            />
          )}
          <Pager
            className="asset-cards__pager"
            pageIndex={(filters.page ?? 1) - 1}
            pageSize={ASSET_PAGE}
            total={total}
            compact={!wide}
            onPage={(index) => set({ page: index + 1 })}
          />
        </>
      )}
    </div>
  );
}
