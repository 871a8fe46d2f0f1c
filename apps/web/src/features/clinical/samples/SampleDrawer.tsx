import { PrinterOutlined } from '@ant-design/icons';
import { RESULT_STATUS } from '@nlims/contracts';
import { Button, Descriptions, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLET_UP, useMediaQuery } from '../../../shared/page/useMediaQuery';
import { ListTable } from '../../../shared/list/ListTable';
import { useOrder } from '../api';
import { ClientFacts } from '../common/ClientSummary';
import { ClinicalDrawer } from '../common/ClinicalDrawer';
import { formatDateTime } from '../../../shared/format/format';
import { viewFile } from '../../../shared/files';
import { labelPath } from '../paths';
import { ResultValue } from '../common/ResultValue';
import { SampleTags, sampleStatusText, TestStatusTag } from '../../../shared/status/status';
import { useProgramme } from '../programme';
import { FollowOn } from '../results/FollowOn';
import { HeadlineAlert } from '../results/HeadlineAlert';
import { ReportButtons } from '../results/ReportButtons';
import { RequestFormFacts } from '../request-form/RequestFormFacts';
import type { OrderDetail, OrderTest } from '../types';
import { Slot } from '../../../shared/registry';
import { SAMPLE_ALERTS, SAMPLE_DRAWER_FOOT } from '../slots';

/** The samples of an order, one tab each (label, sample type and status); the one shown is the one chosen. */
export function OrderSamples({ data, onOpen }: { data: OrderDetail; onOpen: (sampleId: number) => void }) {
  const { t } = useTranslation('clinical');
  if (data.samples.length < 2) return null;
  return (
    <div className="clin-order-samples">
      <Typography.Text type="secondary">{t('samples.orderSamples', { count: data.samples.length })}</Typography.Text>
      <Segmented
        value={data.id}
        onChange={(id) => onOpen(Number(id))}
        options={data.samples.map((s) => ({
          value: s.id,
          label: (
            <span className="clin-order-samples__item">
              <span className="clin-lab-number">{s.barcode}</span>
              <span>{s.sample_type_name ?? '—'}</span>
              <span className="clin-muted">{sampleStatusText(t, s)}</span>
            </span>
          ),
        }))}
      />
    </div>
  );
}

/** One sample in full: client, order details and request form, the order's other samples, and every test with its status, due time and current result. */
export function SampleDrawer({ sampleId, onClose }: { sampleId: number; onClose: () => void }) {
  const { t } = useTranslation('clinical');
  const programme = useProgramme();
  const [id, setId] = useState(sampleId);
  const { data } = useOrder(programme, id);
  const shown = data?.id === id ? data : undefined;
  return (
    <ClinicalDrawer title={t('actions.view')} labNumber={shown?.barcode} width={760} data={shown} onClose={onClose}>
      {(data) => (
        <div className="clin-drawer-body">
          <OrderSamples data={data} onOpen={setId} />
          <HeadlineAlert sample={data} />
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label={t('samples.client')} span={2}>
              {data.client_name}
              <div>
                <ClientFacts client={data} />
              </div>
            </Descriptions.Item>
            <Descriptions.Item label={t('samples.status')}>
              <span className="clin-tests">
                <SampleTags sample={data} priority={false} />
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('labOrder.priority')}>{t(`priority.${data.priority}`, { defaultValue: data.priority })}</Descriptions.Item>
            <Descriptions.Item label={t('labOrder.labNumber')}>
              <span className="clin-lab-number">{data.lab_number}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('collect.sampleType')}>{data.sample_type_name ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('labOrder.clinician')}>{data.requesting_clinician || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('samples.ordered')}>{formatDateTime(data.created_at as string)}</Descriptions.Item>
            <Descriptions.Item label={t('samples.collected')}>{formatDateTime(data.collected_at as string) || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('samples.received')}>{formatDateTime(data.received_at as string) || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('samples.completedAt')} span={2}>
              {formatDateTime(data.completed_at as string) || '—'}
            </Descriptions.Item>
            {data.clinical_notes ? (
              <Descriptions.Item label={t('labOrder.notes')} span={2}>
                {data.clinical_notes}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <RequestFormFacts form={data.form} context={{ dateOfBirth: data.date_of_birth, collectedAt: (data.collected_at ?? data.created_at) as string }} />
          <div className="clin-actions">
            <Button size="small" icon={<PrinterOutlined />} onClick={() => void viewFile(labelPath(programme, data.id)).catch(() => undefined)}>
              {t('actions.printLabel')}
            </Button>
            {/* the order's report, once a result of it is released */}
            {data.tests.some((x) => x.status === RESULT_STATUS.APPROVAL) && <ReportButtons sampleId={data.id} labNumber={data.lab_number} />}
          </div>
          <Slot slot={SAMPLE_ALERTS} sampleId={data.id} />
          <SampleTests tests={data.tests} sampleStatus={data.status} />
          <FollowOn sample={data} />
          <Slot slot={SAMPLE_DRAWER_FOOT} sampleId={data.id} />
        </div>
      )}
    </ClinicalDrawer>
  );
}

/** A sample's tests: status (AWAITING RESULT until a result moves it), due time while open, and current result with its flag; lines on a phone. */
export function SampleTests({ tests, sampleStatus }: { tests: OrderTest[]; sampleStatus?: number }) {
  const { t } = useTranslation('clinical');
  const wide = useMediaQuery(TABLET_UP);
  if (!wide) {
    return (
      <ul className="clin-test-lines">
        {tests.map((x) => (
          <li key={x.id}>
            <div className="clin-test-lines__head">
              <strong>{x.test_type_name}</strong>
              <TestStatusTag status={x.status} sampleStatus={sampleStatus} />
            </div>
            <ResultValue result={x.result} code={x.code} decimals={x.decimals} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ListTable<OrderTest>
      size="small"
      // the drawer is wide enough: cells wrap rather than scroll a flag out of sight
      scroll={undefined}
      dataSource={tests}
      columns={[
        { key: 'test', title: t('samples.test'), dataIndex: 'test_type_name' },
        { key: 'status', title: t('samples.status'), render: (_, x) => <TestStatusTag status={x.status} sampleStatus={sampleStatus} /> },
        { key: 'due', title: t('samples.due'), render: (_, x) => (x.result?.approved_at ? '—' : formatDateTime(x.due_at as string) || '—') },
        { key: 'result', title: t('results.result'), render: (_, x) => <ResultValue result={x.result} code={x.code} decimals={x.decimals} /> },
      ]}
    />
  );
}
