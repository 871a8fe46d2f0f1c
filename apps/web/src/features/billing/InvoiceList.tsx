import { SearchOutlined } from '@ant-design/icons';
import { INVOICE_STATES, type InvoiceItem, type InvoiceState } from '@nlims/contracts';
import { Empty, Input, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../shared/page/LoadError';
import { formatDateTime } from '../../shared/format/format';
import { DateInput } from '../../shared/forms/DateInput';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { ListTable } from '../../shared/list/ListTable';
import { Pager } from '../../shared/list/Pager';
import '../../shared/list/list.css';
import { type InvoiceFilters, PAGE, useInvoices } from './api';
import { InvoiceStateTag, Money } from './labels';

const detailPath = (id: number) => `/payment-details?invoice=${id}`;

/**
 * The facility's invoices, newest first: search by number, lab number or client; the state and the days; the
 * amounts and what is still owed. A table on wide screens, cards on phones; each opens its invoice.
 */
export function InvoiceList({ fixed = {}, testId }: { fixed?: Partial<InvoiceFilters>; testId?: string }) {
  const { t } = useTranslation('billing');
  const wide = useMediaQuery(TABLET_UP);
  const [filters, setFilters] = useState<InvoiceFilters>({ page: 1 });
  const query = { ...filters, ...fixed };
  const list = useInvoices(query);
  const set = (change: Partial<InvoiceFilters>) => setFilters((f) => ({ ...f, ...change, page: 1 }));
  const rows = list.data?.results ?? [];
  const total = list.data?.count ?? 0;
  const client = (r: InvoiceItem) => (
    <>
      <span dir="auto">{r.client_name}</span>
      {r.hospital_number && (
        <span className="bill-muted bill-block">
          <bdi>{r.hospital_number}</bdi>
        </span>
      )}
    </>
  );
  return (
    <div className="bill-list" data-testid={testId}>
      <div className="clin-toolbar bill-toolbar">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('list.search')}
          aria-label={t('list.search')}
          onChange={(e) => set({ search: e.target.value || undefined })}
        />
        {!fixed.state && !fixed.has_balance && (
          <Select<InvoiceState>
            allowClear
            placeholder={t('list.anyState')}
            aria-label={t('list.state')}
            value={filters.state}
            onChange={(state) => set({ state })}
            options={INVOICE_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
            className="bill-select"
          />
        )}
        <label className="clin-date">
          <span>{t('from')}</span>
          <DateInput value={filters.start_date} max={filters.end_date} onChange={(start_date) => set({ start_date })} aria-label={t('from')} />
        </label>
        <label className="clin-date">
          <span>{t('to')}</span>
          <DateInput value={filters.end_date} min={filters.start_date} onChange={(end_date) => set({ end_date })} aria-label={t('to')} />
        </label>
      </div>
      {list.error && !list.data ? (
        <LoadError title={t('list.error')} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          {!wide ? (
            <Spin spinning={list.isFetching}>
              {rows.length ? (
                <ul className="bill-cards">
                  {rows.map((r) => (
                    <li key={r.id}>
                      <Link to={detailPath(r.id)} className="bill-card-link">
                        <span className="bill-entry__head">
                          <bdi className="bill-number">{r.number}</bdi>
                          <InvoiceStateTag state={r.state} />
                        </span>
                        <span>{client(r)}</span>
                        <span className="bill-muted">
                          <bdi>{r.lab_number}</bdi> · {formatDateTime(r.created_at)}
                        </span>
                        <span className="bill-entry__head">
                          <span className="bill-muted">
                            {t('total')} <Money kobo={r.total_kobo} />
                          </span>
                          <span>
                            {t('balance')} <Money kobo={r.balance_kobo} strong />
                          </span>
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.none')} />
              )}
            </Spin>
          ) : (
            <ListTable<InvoiceItem>
              size="small"
              loading={list.isFetching}
              dataSource={rows}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.none')} /> }}
              scroll={{ x: 900 }}
              columns={[
                {
                  key: 'number',
                  title: t('list.number'),
                  render: (_, r) => (
                    <Link to={detailPath(r.id)}>
                      <bdi className="bill-number">{r.number}</bdi>
                    </Link>
                  ),
                },
                { key: 'date', title: t('list.date'), render: (_, r) => <span className="bill-nowrap">{formatDateTime(r.created_at)}</span> },
                { key: 'client', title: t('client'), render: (_, r) => client(r) },
                { key: 'lab', title: t('labNumber'), render: (_, r) => <bdi className="clin-lab-number">{r.lab_number}</bdi> },
                { key: 'total', title: t('total'), align: 'end', render: (_, r) => <Money kobo={r.total_kobo} /> },
                { key: 'discount', title: t('discounts'), align: 'end', render: (_, r) => (r.discount_kobo ? <Money kobo={r.discount_kobo} /> : '—') },
                { key: 'paid', title: t('paid'), align: 'end', render: (_, r) => <Money kobo={r.paid_kobo - r.refunded_kobo} /> },
                { key: 'balance', title: t('balance'), align: 'end', render: (_, r) => <Money kobo={r.balance_kobo} strong /> },
                {
                  key: 'state',
                  title: t('list.state'),
                  render: (_, r) => (
                    <>
                      <InvoiceStateTag state={r.state} />
                      {r.awaiting > 0 && <span className="bill-awaiting">{t('list.awaiting', { count: r.awaiting })}</span>}
                    </>
                  ),
                },
              ]}
            />
          )}
          <Pager
            className="bill-pager"
            pageIndex={(filters.page ?? 1) - 1}
            pageSize={PAGE}
            total={total}
            compact={!wide}
            onPage={(index) => setFilters((f) => ({ ...f, page: index + 1 }))}
          />
        </>
      )}
    </div>
  );
}
