import { RESULT_STATUS as R } from '@nlims/contracts';
import { Alert, Collapse, Empty, Input, Spin } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../../shared/page/pageProps';
import { ClinicalPage } from '../../../shared/page/ClinicalPage';
import { ListPager } from '../../../shared/list/ListPager';
import type { ReviewSample } from '../types';
import { SampleEntry } from './SampleEntry';
import { SampleFacts } from './SampleFacts';
import { SampleTests } from './SampleTests';
import { useReviewList } from './useReviewList';
import { useTestConfig } from './useTestConfig';
import '../../../shared/list/list.css';
import './entry.css';

/**
 * Results sent for a new run (an inconclusive or invalid PCR, a run the
 * validator did not accept), one row per sample with the reason; open a
 * sample to enter the new run of each test waiting for one. A sample stays
 * open on the list until it is closed, though its new run takes it off the
 * server's list.
 */
export default function RetestPage({ page }: PageProps) {
  const { t } = useTranslation(['clinical', 'ph']);
  const { list, rows, total, loading } = useReviewList(R.RETEST);
  const { byId } = useTestConfig();
  const [open, setOpen] = useState<ReviewSample[]>([]);
  const shown = [...open.filter((o) => !rows.some((r) => r.id === o.id)), ...rows];
  return (
    <ClinicalPage page={page}>
      <div className="clin-toolbar">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('samples.search')}
          aria-label={t('samples.search')}
          value={list.searchText}
          onChange={(e) => list.setSearchText(e.target.value)}
        />
      </div>
      {loading && !rows.length && <Spin className="clin-loading" />}
      {!loading && !shown.length && <Empty description={t('ph:retest.empty')} />}
      {shown.length > 0 && (
        <Collapse
          className="entry-samples"
          activeKey={open.map((o) => String(o.id))}
          onChange={(keys) => setOpen((keys as string[]).map((k) => shown.find((r) => String(r.id) === k)!).filter(Boolean))}
          items={shown.map((s) => {
            const waiting = s.tests.filter((x) => x.result?.status === R.RETEST);
            return {
              key: String(s.id),
              label: (
                <div className="retest-head" data-testid="retest-sample">
                  <SampleFacts sample={s} />
                  {waiting.length > 0 && (
                    <Alert
                      type="warning"
                      showIcon
                      className="retest-reason"
                      title={t('ph:retest.sent', { count: waiting.length })}
                      description={waiting.map((x) => (
                        <div key={x.test_order}>
                          {x.test_type_name}: <bdi dir="ltr">{String(x.result?.value ?? '—')}</bdi>
                        </div>
                      ))}
                    />
                  )}
                </div>
              ),
              children: open.some((o) => o.id === s.id) ? (
                <SampleEntry sampleId={s.id} configs={byId} />
              ) : (
                <SampleTests tests={s.tests} sampleStatus={s.status} />
              ),
            };
          })}
        />
      )}
      <ListPager list={list} total={total} />
    </ClinicalPage>
  );
}
