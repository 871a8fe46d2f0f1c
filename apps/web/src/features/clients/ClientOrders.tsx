import { type ProgramForm, RESULT_STATUS } from '@nlims/contracts';
import { Empty, Pagination, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format/format';
import { ResultValue } from '../clinical/common/ResultValue';
import { StatusTag } from '../../shared/status/status';
import type { OrderDetail } from '../clinical/types';
import { useClientOrders, useOrderDetails } from './api';

const PAGE_SIZE = 5;

/**
 * The client's samples on one programme's form, newest first: laboratory number
 * (the sample's label), date, and each test with its status and, once
 * released, its result.
 */
export function ClientOrders({ clientId, form }: { clientId: number; form: ProgramForm }) {
  const { t } = useTranslation('clients');
  const [pageIndex, setPageIndex] = useState(0);
  const orders = useClientOrders(clientId, form, pageIndex, PAGE_SIZE);
  const rows = orders.data?.results ?? [];
  const details = useOrderDetails(
    form,
    rows.map((r) => r.id),
  );
  if (orders.isPending) return <Spin className="client-loading" />;
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.none')} />;
  return (
    <div className="client-orders">
      {rows.map((order, i) => {
        const detail = details[i]?.data as OrderDetail | undefined;
        return (
          <section key={order.id} className="client-order" aria-label={order.barcode}>
            <header className="client-order__head">
              {/* the sample's label: the laboratory number, then -2, -3… for an order's further samples */}
              <span className="client-lab-number">{order.barcode}</span>
              <span className="client-muted">{formatDate(String(order.created_at))}</span>
              <StatusTag code={order.status} />
            </header>
            <ul className="client-order__tests">
              {order.tests.map((test) => {
                const found = detail?.tests.find((x) => x.id === test.id);
                const result = found?.result ?? null;
                const released = result?.status === RESULT_STATUS.APPROVAL;
                return (
                  <li key={test.id}>
                    <bdi className="client-order__test">{test.test_type_name}</bdi>
                    {released ? (
                      <bdi>
                        <ResultValue result={result} code={found?.code} decimals={found?.decimals} />
                      </bdi>
                    ) : (
                      <StatusTag code={test.status} />
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
      {(orders.data?.count ?? 0) > PAGE_SIZE && (
        <Pagination
          simple
          size="small"
          current={pageIndex + 1}
          pageSize={PAGE_SIZE}
          total={orders.data?.count ?? 0}
          onChange={(page) => setPageIndex(page - 1)}
        />
      )}
    </div>
  );
}
