import { BarcodeOutlined } from '@ant-design/icons';
import type { InvoiceItem } from '@nlims/contracts';
import { Col, Empty, Input, type InputRef, Row, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../shared/page/LoadError';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import { formatDateTime } from '../../shared/format/format';
import type { PageProps } from '../../shared/page/pageProps';
import { useInvoice, useInvoices } from './api';
import { InvoicePanel } from './InvoicePanel';
import { InvoiceStateTag, Money } from './labels';
import './billing.css';

/**
 * The cash desk (`/add-billing`): find an invoice by lab number (a scan of the sample's label into the focused box),
 * invoice number or client, see its lines and balance, take a payment, ask for a discount or waiver, print the
 * receipt. A search that finds one invoice opens it.
 */
export default function CashDeskPage({ page }: PageProps) {
  const { t } = useTranslation('billing');
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const chosen = Number(params.get('invoice')) || null;
  const [text, setText] = useState(search);
  const box = useRef<InputRef>(null);
  const found = useInvoices({ search, page: 1 }, search.length > 0);
  const invoice = useInvoice(chosen);
  const rows = found.data?.results ?? [];
  const open = (id: number) => setParams({ q: search, invoice: String(id) }, { replace: true });
  // One invoice found (a scanned label): open it at once.
  useEffect(() => {
    if (search && !found.isFetching && found.data?.results.length === 1 && chosen !== found.data.results[0]!.id)
      setParams({ q: search, invoice: String(found.data.results[0]!.id) }, { replace: true });
  }, [search, found.isFetching, found.data, chosen, setParams]);
  useEffect(() => box.current?.focus(), []);
  const find = (value: string) => {
    const term = value.trim();
    setParams(term ? { q: term } : {}, { replace: true });
    box.current?.select();
  };
  const item = (r: InvoiceItem) => (
    <li key={r.id}>
      <button type="button" className={`bill-pick${r.id === chosen ? ' bill-pick--on' : ''}`} onClick={() => open(r.id)} data-testid="bill-found">
        <span className="bill-entry__head">
          <bdi className="bill-number">{r.number}</bdi>
          <InvoiceStateTag state={r.state} />
        </span>
        <span dir="auto">{r.client_name}</span>
        <span className="bill-muted">
          <bdi>{r.lab_number}</bdi> · {formatDateTime(r.created_at)}
        </span>
        <span>
          {t('balance')} <Money kobo={r.balance_kobo} strong />
        </span>
      </button>
    </li>
  );
  return (
    <ClinicalPage page={page} className="bill-page bill-desk">
      <Input.Search
        ref={box}
        size="large"
        allowClear
        enterButton={t('desk.find')}
        prefix={<BarcodeOutlined />}
        placeholder={t('desk.placeholder')}
        aria-label={t('desk.placeholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={find}
        data-testid="bill-desk-search"
        className="bill-desk__search"
      />
      <Row gutter={[16, 16]} className="bill-desk__body">
        {search && (
          <Col xs={24} lg={8}>
            {found.error && !found.data ? (
              <LoadError title={t('list.error')} error={found.error} onRetry={() => void found.refetch()} />
            ) : (
              <Spin spinning={found.isFetching}>
                {rows.length ? (
                  <ul className="bill-found">{rows.map(item)}</ul>
                ) : (
                  !found.isFetching && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('desk.none', { search })} />
                )}
              </Spin>
            )}
          </Col>
        )}
        <Col xs={24} lg={search ? 16 : 24}>
          {chosen == null ? (
            !search && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('desk.start')} />
          ) : invoice.error ? (
            <LoadError title={t('invoice.error')} error={invoice.error} onRetry={() => void invoice.refetch()} />
          ) : invoice.data ? (
            <InvoicePanel invoice={invoice.data} />
          ) : (
            <Spin className="clin-loading" />
          )}
        </Col>
      </Row>
    </ClinicalPage>
  );
}
