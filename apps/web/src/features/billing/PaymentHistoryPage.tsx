import { DownloadOutlined, FileExcelOutlined, SearchOutlined } from '@ant-design/icons';
import { PAYMENT_METHODS, type PaymentItem, type PaymentMethod } from '@nlims/contracts';
import { Button, Empty, Input, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../shared/page/LoadError';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import { formatDateTime, todayLagos } from '../../shared/format/format';
import { downloadFile } from '../../shared/files';
import { DateInput } from '../../shared/forms/DateInput';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { ListTable } from '../../shared/list/ListTable';
import { Pager } from '../../shared/list/Pager';
import type { PageProps } from '../../shared/page/pageProps';
import { PAGE, type PaymentFilters, paymentsFilePath, useCashiers, usePayments } from './api';
import { ReceiptButtons } from './InvoicePanel';
import { MethodText, Money } from './labels';
import '../../shared/list/list.css';
import './billing.css';

/** Payments (`/payment-history`) by days, method, cashier and client, with their total, as CSV or Excel too. */
export default function PaymentHistoryPage({ page }: PageProps) {
  const { t } = useTranslation('billing');
  const wide = useMediaQuery(TABLET_UP);
  const [filters, setFilters] = useState<PaymentFilters>({ page: 1 });
  const payments = usePayments(filters);
  const cashiers = useCashiers();
  const [downloading, setDownloading] = useState<'csv' | 'xlsx' | null>(null);
  const set = (change: Partial<PaymentFilters>) => setFilters((f) => ({ ...f, ...change, page: 1 }));
  const rows = payments.data?.results ?? [];
  const total = payments.data?.count ?? 0;
  const download = (format: 'csv' | 'xlsx') => {
    setDownloading(format);
    downloadFile(paymentsFilePath(filters, format), `payments-${todayLagos()}.${format}`)
      .catch(() => undefined)
      .finally(() => setDownloading(null));
  };
  const extra = (
    <>
      <Button icon={<DownloadOutlined />} loading={downloading === 'csv'} onClick={() => download('csv')}>
        {t('history.csv')}
      </Button>
      <Button type="primary" icon={<FileExcelOutlined />} loading={downloading === 'xlsx'} onClick={() => download('xlsx')}>
        {t('history.xlsx')}
      </Button>
    </>
  );
  const invoiceLink = (p: PaymentItem) => (
    <Link to={`/payment-details?invoice=${p.invoice}`}>
      <bdi className="bill-nowrap">{p.invoice_number}</bdi>
    </Link>
  );
  return (
    <ClinicalPage page={page} extra={extra} className="bill-page">
      <div className="clin-toolbar bill-toolbar">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('history.search')}
          aria-label={t('history.search')}
          onChange={(e) => set({ search: e.target.value || undefined })}
        />
        <label className="clin-date">
          <span>{t('from')}</span>
          <DateInput value={filters.start_date} max={filters.end_date} onChange={(start_date) => set({ start_date })} aria-label={t('from')} />
        </label>
        <label className="clin-date">
          <span>{t('to')}</span>
          <DateInput value={filters.end_date} min={filters.start_date} onChange={(end_date) => set({ end_date })} aria-label={t('to')} />
        </label>
        <Select<PaymentMethod>
          allowClear
          placeholder={t('history.anyMethod')}
          aria-label={t('payment.method')}
          value={filters.method}
          onChange={(method) => set({ method })}
          options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`method.${m}`) }))}
          className="bill-select"
        />
        <Select<number>
          allowClear
          placeholder={t('history.anyCashier')}
          aria-label={t('history.cashier')}
          value={filters.cashier}
          onChange={(cashier) => set({ cashier })}
          options={(cashiers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          className="bill-select"
        />
      </div>
      {payments.data && (
        <p className="bill-total" data-testid="bill-history-total">
          {t('history.total', { count: total })} <Money kobo={payments.data.total_kobo} strong />
        </p>
      )}
      {payments.error && !payments.data ? (
        <LoadError title={t('history.error')} error={payments.error} onRetry={() => void payments.refetch()} />
      ) : (
        <>
          {!wide ? (
            <Spin spinning={payments.isFetching}>
              {rows.length ? (
                <ul className="bill-entries">
                  {rows.map((p) => (
                    <li key={p.id}>
                      <div className="bill-entry__head">
                        <span>
                          <bdi className="bill-receipt">{p.receipt_number}</bdi> · <MethodText method={p.method} />
                        </span>
                        <Money kobo={p.amount_kobo} strong />
                      </div>
                      <div>
                        <span dir="auto">{p.client_name}</span> · {invoiceLink(p)}
                      </div>
                      <div className="bill-muted">
                        {formatDateTime(p.received_at)} · {p.received_by}
                        {p.reference && (
                          <>
                            {' · '}
                            <bdi>{p.reference}</bdi>
                          </>
                        )}
                      </div>
                      <ReceiptButtons paymentId={p.id} receipt={p.receipt_number} />
                    </li>
                  ))}
                </ul>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.none')} />
              )}
            </Spin>
          ) : (
            <ListTable<PaymentItem>
              size="small"
              loading={payments.isFetching}
              dataSource={rows}
              scroll={{ x: 1280 }}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.none')} /> }}
              columns={[
                { key: 'receipt', title: t('history.receipt'), render: (_, p) => <bdi className="bill-receipt">{p.receipt_number}</bdi> },
                { key: 'date', title: t('list.date'), render: (_, p) => <span className="bill-nowrap">{formatDateTime(p.received_at)}</span> },
                {
                  key: 'method',
                  title: t('payment.method'),
                  render: (_, p) => (
                    <>
                      <MethodText method={p.method} />
                      {p.scheme && <span className="bill-muted bill-block">{p.scheme}</span>}
                    </>
                  ),
                },
                { key: 'reference', title: t('reference'), render: (_, p) => (p.reference ? <bdi className="bill-nowrap">{p.reference}</bdi> : '—') },
                { key: 'amount', title: t('amount'), align: 'end', render: (_, p) => <Money kobo={p.amount_kobo} strong /> },
                { key: 'cashier', title: t('history.cashier'), dataIndex: 'received_by' },
                { key: 'client', title: t('client'), render: (_, p) => <span dir="auto">{p.client_name}</span> },
                { key: 'invoice', title: t('history.invoice'), render: (_, p) => invoiceLink(p) },
                { key: 'lab', title: t('labNumber'), render: (_, p) => <bdi className="clin-lab-number bill-nowrap">{p.lab_number}</bdi> },
                { key: 'print', title: t('history.receiptPdf'), render: (_, p) => <ReceiptButtons paymentId={p.id} receipt={p.receipt_number} /> },
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
    </ClinicalPage>
  );
}
