import { RESULT_STATUS as R } from '@nlims/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../resources/ListTable';
import { useOrder } from '../api';
import { ClientFacts } from '../common/ClientSummary';
import { ClinicalDrawer } from '../common/ClinicalDrawer';
import { formatDateTime } from '../common/format';
import { ResultValue } from '../common/ResultValue';
import { StatusTag } from '../common/status';
import type { OrderTest } from '../types';
import { AmendModal } from './AmendModal';
import { ReportButtons } from './ReportButtons';

/** A sample's results with who approved them and when; a supervisor may amend a released one. */
export function ResultsDrawer({ orderId, canAmend, onClose }: { orderId: number; canAmend: boolean; onClose: () => void }) {
  const { t } = useTranslation('clinical');
  const { data } = useOrder(orderId);
  const [amending, setAmending] = useState<OrderTest | null>(null);
  return (
    <ClinicalDrawer title={t('manage.results')} labNumber={data?.lab_number} width={820} data={data} onClose={onClose}>
      {(data) => (
        <>
          <p>
            {data.client_name} · <ClientFacts client={data} />
          </p>
          <div className="clin-actions" style={{ marginBottom: 16 }}>
            <ReportButtons orderId={data.id} labNumber={data.lab_number} />
          </div>
          <ListTable<OrderTest>
            size="small"
            dataSource={data.tests}
            columns={[
              { key: 'test', title: t('samples.test'), dataIndex: 'test_type_name' },
              { key: 'status', title: t('samples.status'), render: (_, x) => <StatusTag code={x.status} /> },
              { key: 'result', title: t('results.result'), render: (_, x) => <ResultValue result={x.result} /> },
              {
                key: 'version',
                title: t('manage.versionColumn'),
                render: (_, x) => (x.result ? `v${x.result.version}${x.result.amendment_reason ? ` · ${t('manage.amended')}` : ''}` : ''),
              },
              {
                key: 'approved',
                title: t('manage.approvedBy'),
                render: (_, x) =>
                  x.result?.approved_by ? (
                    <div>
                      <div>{x.result.approved_by}</div>
                      <div className="clin-muted">{formatDateTime(x.result.approved_at as string)}</div>
                    </div>
                  ) : (
                    '—'
                  ),
              },
              {
                key: 'amend',
                title: '',
                render: (_, x) =>
                  canAmend && x.status === R.APPROVAL && x.result ? (
                    <Button size="small" onClick={() => setAmending(x)}>
                      {t('manage.amend')}
                    </Button>
                  ) : null,
              },
            ]}
          />
          {amending?.result && (
            <AmendModal
              target={{
                result: amending.result,
                testName: amending.test_type_name,
                resultType: amending.result_type,
                unit: amending.unit,
                codes: amending.codes,
              }}
              onClose={() => setAmending(null)}
            />
          )}
        </>
      )}
    </ClinicalDrawer>
  );
}
