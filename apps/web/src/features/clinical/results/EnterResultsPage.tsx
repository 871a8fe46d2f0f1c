import { SAMPLE_STATUS as S } from '@nlims/contracts';
import { Segmented, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../../shared/page/pageProps';
import { useOrders } from '../api';
import { ClinicalPage } from '../../../shared/page/ClinicalPage';
import { SampleToolbar } from '../samples/SampleToolbar';
import { useSampleList } from '../samples/useSampleList';
import { SampleEntryList } from './SampleEntryList';
import { SectionEntryList } from './SectionEntryList';
import { useStickyRows } from './useStickyRows';
import { useTestConfig } from './useTestConfig';
import { ListPager } from '../../../shared/list/ListPager';
import { useProgramme } from '../programme';
import '../../../shared/list/list.css';
import './entry.css';

/** Samples whose tests can take results (including results rejected or sent for retest): accepted, in progress, on a worksheet, partially rejected; finished ones are left out. */
const ENTRY_STATUSES = [S.APPROVED, S.ONGOING, S.WORKSHEET, S.PARTIALLY_REJECTED] as const;

/** The result-entry worklist: by sample (expand one to enter its tests) or by section. */
export default function EnterResultsPage({ page }: PageProps) {
  const { t } = useTranslation('clinical');
  // No status chosen: every sample that can take results, in one list.
  const list = useSampleList();
  const { data, isFetching } = useOrders(useProgramme(), { ...list.params, statuses: ENTRY_STATUSES, completed: false });
  const { byId, loading } = useTestConfig();
  const [view, setView] = useState<'sample' | 'section'>('sample');
  const [section, setSection] = useState<string | undefined>();
  const sections = [...new Set([...byId.values()].map((c) => c.section_name).filter((s): s is string => !!s))].sort();
  const { search, status, start_date, end_date, pageIndex, pageSize } = list.params;
  // On the section view the page's rows stay while its tests are being entered (see useStickyRows).
  const worked = useStickyRows(data?.results, JSON.stringify([search, status, start_date, end_date, pageIndex, pageSize]));
  const rows = (view === 'section' ? worked : (data?.results ?? [])).filter(
    (r) => !section || r.tests.some((x) => byId.get(x.test_type)?.section_name === section),
  );

  const extra = (
    <Segmented
      value={view}
      onChange={setView}
      options={[
        { value: 'sample', label: t('entry.bySample') },
        { value: 'section', label: t('entry.bySection') },
      ]}
    />
  );
  return (
    <ClinicalPage page={page} extra={extra}>
      <div className="clin-toolbar">
        <SampleToolbar list={list} statuses={ENTRY_STATUSES} />
        <Select
          allowClear
          placeholder={t('entry.allSections')}
          aria-label={t('entry.section')}
          value={section}
          onChange={setSection}
          options={sections.map((s) => ({ value: s, label: s }))}
        />
      </div>
      {(isFetching || loading) && !data && <Spin className="clin-loading" />}
      {view === 'sample' && data && <SampleEntryList rows={rows} configs={byId} section={section} />}
      {view === 'section' && data && <SectionEntryList rows={rows} configs={byId} section={section} />}
      <ListPager list={list} total={data?.count ?? 0} />
    </ClinicalPage>
  );
}
