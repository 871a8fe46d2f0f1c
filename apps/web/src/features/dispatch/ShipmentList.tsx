import type { ShipmentItem } from '@nlims/contracts';
import { Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '../../shared/page/LoadError';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { type Direction, SHIPMENT_PAGE, useShipments } from './api';
import { PhoneCards } from './PhoneCards';
import { day, OverdueTag, SHIPMENT_STATUSES, ShipmentStatusTag, shipmentStatusText, when } from './labels';

/** The facility's shipments going out (to testing laboratories) or coming in (from referring facilities), newest first; a row opens one. */
export function ShipmentList({ direction }: { direction: Direction }) {
  const { t } = useTranslation('dispatch');
  const navigate = useNavigate();
  const [status, setStatus] = useState<number | undefined>(undefined);
  const [page, setPage] = useState(1);
  const list = useShipments({ direction, status, page });
  const open = (id: number) => navigate(`/dispatch/shipment/${id}`);
  // A table from a tablet up; on a phone, one card per shipment.
  const wide = useMediaQuery(TABLET_UP);
  return (
    <div className="dsp-list" data-testid={`shipments-${direction}`}>
      <Space wrap className="dsp-toolbar">
        <Select
          allowClear
          className="dsp-status-filter"
          aria-label={t('filterStatus')}
          placeholder={t('allStatuses')}
          value={status}
          onChange={(v) => {
            setStatus(v ?? undefined);
            setPage(1);
          }}
          options={SHIPMENT_STATUSES.map((code) => ({ value: code, label: shipmentStatusText(t, code) }))}
        />
      </Space>
      {list.error && !list.data ? (
        <LoadError title={t('listError')} error={list.error} onRetry={() => void list.refetch()} />
      ) : !wide ? (
        <PhoneCards<ShipmentItem>
          rows={list.data?.results ?? []}
          rowKey={(s) => s.id}
          loading={list.isFetching}
          empty={t(direction === 'outgoing' ? 'noOutgoing' : 'noIncoming')}
          total={list.data?.count ?? 0}
          page={page}
          pageSize={SHIPMENT_PAGE}
          onPage={setPage}
          render={(s) => (
            <Link to={`/dispatch/shipment/${s.id}`} className="dsp-card__link">
              <span className="dsp-card__head">
                <bdi className="dsp-link">{s.number}</bdi>
                <span className="dsp-tags">
                  <ShipmentStatusTag code={s.status} />
                  {s.overdue && <OverdueTag />}
                </span>
              </span>
              <span>{direction === 'outgoing' ? s.receiving_facility_name : s.sending_facility_name}</span>
              <span className="dsp-muted">{t('cardLine', { count: s.samples_count, pickup: day(s.pickup_date), due: when(s.due_at) })}</span>
            </Link>
          )}
        />
      ) : (
        <Table<ShipmentItem>
          size="small"
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.results ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t(direction === 'outgoing' ? 'noOutgoing' : 'noIncoming') }}
          rowClassName={() => 'dsp-row'}
          onRow={(s) => ({ onClick: () => open(s.id) })}
          pagination={{
            current: page,
            total: list.data?.count ?? 0,
            pageSize: SHIPMENT_PAGE,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            {
              key: 'number',
              title: t('column.number'),
              render: (_, s) => (
                <Link to={`/dispatch/shipment/${s.id}`} className="dsp-link" onClick={(e) => e.stopPropagation()}>
                  <bdi>{s.number}</bdi>
                </Link>
              ),
            },
            {
              key: 'other',
              title: t(direction === 'outgoing' ? 'column.to' : 'column.from'),
              render: (_, s) => (direction === 'outgoing' ? s.receiving_facility_name : s.sending_facility_name),
            },
            { key: 'samples', title: t('column.samples'), dataIndex: 'samples_count', align: 'end' },
            {
              key: 'status',
              title: t('column.status'),
              render: (_, s) => (
                <span className="dsp-tags">
                  <ShipmentStatusTag code={s.status} />
                  {s.overdue && <OverdueTag />}
                </span>
              ),
            },
            { key: 'pickup', title: t('column.pickupDate'), render: (_, s) => day(s.pickup_date) },
            { key: 'due', title: t('column.due'), render: (_, s) => when(s.due_at) },
          ]}
        />
      )}
    </div>
  );
}
