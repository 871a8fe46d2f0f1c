import { FilePdfOutlined } from '@ant-design/icons';
import { SAMPLE_STATUS } from '@nlims/contracts';
import { Button, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../shared/page/LoadError';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { viewFile } from '../../shared/files';
import { SampleTags } from '../../shared/status/status';
import { PhoneCards } from './PhoneCards';
import { REFERRED_PAGE, type ReferredSample, useReferredSamples } from './api';
import { day, when } from './labels';

/** One approved result: the test, its value and unit, its flag, and the day it was approved. */
function Result({ result }: { result: ReferredSample['results'][number] }) {
  const { t } = useTranslation('dispatch');
  return (
    <li>
      <span className="dsp-result__test">{result.test}</span>{' '}
      <bdi className="dsp-result__value">{[result.value ?? '—', result.unit].filter(Boolean).join(' ')}</bdi>
      {result.flag && (
        <Tag color="orange" className="dsp-result__flag">
          {result.flag}
        </Tag>
      )}
      {result.approved_at && <span className="dsp-result__when">{t('approvedOn', { date: day(result.approved_at) })}</span>}
    </li>
  );
}

/** What became of a referred sample: its rejection (the reason, who and when), or its approved results with the report, or a wait. */
function Outcome({ sample: s }: { sample: ReferredSample }) {
  const { t } = useTranslation('dispatch');
  if (s.rejection_reason || s.status === SAMPLE_STATUS.REJECTED)
    return (
      <div className="dsp-outcome" data-testid="referred-rejection">
        <span className="dsp-rejection">{s.rejection_reason ? t('rejectedBecause', { reason: s.rejection_reason }) : t('rejectedNoReason')}</span>
        {s.rejected_at && <span className="dsp-muted">{t('rejectedBy', { by: s.rejected_by ?? '—', when: when(s.rejected_at) })}</span>}
      </div>
    );
  if (!s.results.length) return <span className="dsp-muted">{t('awaitingResults')}</span>;
  return (
    <div className="dsp-outcome">
      <ul className="dsp-results">
        {s.results.map((r) => (
          <Result key={`${r.test}-${r.approved_at}`} result={r} />
        ))}
      </ul>
      {/* The testing laboratory's report, once one of its results is approved. */}
      {s.results.some((r) => r.approved_at) && (
        <Button size="small" icon={<FilePdfOutlined />} onClick={() => void viewFile(`/api/referred_sample/${s.id}/report/`)}>
          {t('report')}
        </Button>
      )}
    </div>
  );
}

/** The samples the facility referred: where each is, its testing laboratory, its rejection, and its approved results. */
export function ReferredSamples() {
  const { t } = useTranslation('dispatch');
  const [page, setPage] = useState(1);
  const list = useReferredSamples(page);
  // A table from a tablet up; on a phone, one card per sample.
  const wide = useMediaQuery(TABLET_UP);
  if (list.error && !list.data) return <LoadError title={t('referredError')} error={list.error} onRetry={() => void list.refetch()} />;
  if (!wide)
    return (
      <PhoneCards<ReferredSample>
        testid="referred-samples"
        rows={list.data?.results ?? []}
        rowKey={(s) => s.id}
        loading={list.isFetching}
        empty={t('noReferred')}
        total={list.data?.count ?? 0}
        page={page}
        pageSize={REFERRED_PAGE}
        onPage={setPage}
        render={(s) => (
          <>
            <span className="dsp-card__head">
              <bdi className="dsp-strong">{s.barcode}</bdi>
              <SampleTags sample={{ ...s, priority: 'routine' }} priority={false} />
            </span>
            <span className="dsp-muted">
              {s.client_name} · {s.testing_facility_name} ·{' '}
              <Link to={`/dispatch/shipment/${s.shipment}`} className="dsp-link">
                <bdi>{s.shipment_number}</bdi>
              </Link>
            </span>
            <Outcome sample={s} />
          </>
        )}
      />
    );
  return (
    <Table<ReferredSample>
      data-testid="referred-samples"
      size="small"
      rowKey="id"
      loading={list.isFetching}
      dataSource={list.data?.results ?? []}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('noReferred') }}
      pagination={{ current: page, total: list.data?.count ?? 0, pageSize: REFERRED_PAGE, hideOnSinglePage: true, showSizeChanger: false, onChange: setPage }}
      columns={[
        {
          key: 'sample',
          title: t('column.sample'),
          render: (_, s) => (
            <div>
              <bdi className="dsp-strong">{s.barcode}</bdi>
              <div className="dsp-muted">{s.client_name}</div>
            </div>
          ),
        },
        { key: 'status', title: t('column.status'), render: (_, s) => <SampleTags sample={{ ...s, priority: 'routine' }} priority={false} /> },
        {
          key: 'outcome',
          title: t('column.outcome'),
          render: (_, s) => <Outcome sample={s} />,
        },
        { key: 'lab', title: t('column.testingLab'), dataIndex: 'testing_facility_name' },
        {
          key: 'shipment',
          title: t('column.shipment'),
          render: (_, s) => (
            <Link to={`/dispatch/shipment/${s.shipment}`} className="dsp-link">
              <bdi>{s.shipment_number}</bdi>
            </Link>
          ),
        },
        { key: 'program', title: t('column.program'), render: (_, s) => t(`app:program.${s.program}`, { defaultValue: s.program }) },
      ]}
    />
  );
}
