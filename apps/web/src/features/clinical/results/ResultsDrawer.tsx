import { RESULT_STATUS as R } from '@nlims/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../shared/list/ListTable';
import { useOrder } from '../api';
import { ClientFacts } from '../common/ClientSummary';
import { ClinicalDrawer } from '../common/ClinicalDrawer';
import { formatDateTime } from '../../../shared/format/format';
import { ResultValue } from '../common/ResultValue';
import { TestStatusTag } from '../../../shared/status/status';
import { useProgramme } from '../programme';
import { OrderSamples } from '../samples/SampleDrawer';
import type { OrderTest } from '../types';
import { AmendModal } from './AmendModal';
import { FollowOn } from './FollowOn';
import { HeadlineAlert } from './HeadlineAlert';
import { useTestConfig } from './useTestConfig';
import { ReportButtons } from './ReportButtons';
import { Slot } from '../../../shared/registry';
import { RESULTS_DRAWER_FOOT, SAMPLE_ALERTS, TEST_ACTIONS } from '../slots';

/** A sample's results with who approved them and when, the order's other samples, the programme's follow-on tests; a supervisor may amend a released one. */
export function ResultsDrawer({ sampleId, canAmend, onClose }: { sampleId: number; canAmend: boolean; onClose: () => void }) {
  const { t } = useTranslation('clinical');
  const programme = useProgramme();
  const [id, setId] = useState(sampleId);
  const { data } = useOrder(programme, id);
  const shown = data?.id === id ? data : undefined;
  const [amending, setAmending] = useState<OrderTest | null>(null);
  const { byId } = useTestConfig();
  return (
    <ClinicalDrawer title={t('manage.results')} labNumber={shown?.barcode} width={820} data={shown} onClose={onClose}>
      {(data) => (
        <div className="clin-drawer-body">
          <OrderSamples data={data} onOpen={setId} />
          <p>
            {data.client_name} · <ClientFacts client={data} />
          </p>
          <div className="clin-actions" style={{ marginBottom: 16 }}>
            <ReportButtons sampleId={data.id} labNumber={data.lab_number} />
          </div>
          <Slot slot={SAMPLE_ALERTS} sampleId={data.id} />
          <ListTable<OrderTest>
            size="small"
            scroll={{ x: 640 }}
            dataSource={data.tests}
            columns={[
              {
                key: 'test',
                title: t('samples.test'),
                // the test's attachments beside its name, in sight on a phone too
                render: (_, x) => (
                  <div className="clin-actions">
                    <span>{x.test_type_name}</span>
                    <Slot slot={TEST_ACTIONS} testOrderId={x.id} testName={x.test_type_name} />
                  </div>
                ),
              },
              { key: 'status', title: t('samples.status'), render: (_, x) => <TestStatusTag status={x.status} sampleStatus={data.status} /> },
              { key: 'result', title: t('results.result'), render: (_, x) => <ResultValue result={x.result} code={x.code} decimals={x.decimals} /> },
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
                      <div>{x.result.approved_by_name ?? x.result.approved_by}</div>
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
          <Slot slot={RESULTS_DRAWER_FOOT} sampleId={data.id} />
          {amending?.result && (
            <AmendModal
              target={{
                result: amending.result,
                testName: amending.test_type_name,
                resultType: amending.result_type,
                unit: amending.unit,
                codes: amending.codes,
                code: byId.get(amending.test_type)?.code,
              }}
              onClose={() => setAmending(null)}
            />
          )}
          <HeadlineAlert sample={data} />
          <FollowOn sample={data} />
        </div>
      )}
    </ClinicalDrawer>
  );
}
