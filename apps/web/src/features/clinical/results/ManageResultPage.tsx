import { SearchOutlined } from '@ant-design/icons';
import { RESULT_STATUS as R } from '@nlims/contracts';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../../shared/page/pageProps';
import { ClinicalPage } from '../../../shared/page/ClinicalPage';
import { ListPager } from '../../../shared/list/ListPager';
import { useProgramme } from '../programme';
import type { ReviewSample } from '../types';
import { AmendModal, type AmendTarget } from './AmendModal';
import { ReportButtons } from './ReportButtons';
import { ResultsDrawer } from './ResultsDrawer';
import { amendmentPending, type ResultLine } from './reviewLines';
import { ReviewList } from './ReviewList';
import { useReviewList } from './useReviewList';
import { useTestConfig } from './useTestConfig';
import '../../../shared/list/list.css';

/**
 * Released results, one row per sample with its tests inside (an amendment
 * under review beside the released value it would replace): the sample's
 * report to view, print or download, its results in full, and amendment of
 * a released result.
 */
export default function ManageResultPage({ page }: PageProps) {
  const { t } = useTranslation('clinical');
  const programme = useProgramme();
  // Amending a released result is result entry, signed with the password.
  const mayAmend = programme.may('amend');
  const { list, rows, total, loading, fetching } = useReviewList(R.APPROVAL);
  const { byId } = useTestConfig();
  const [open, setOpen] = useState<number | null>(null);
  const [amending, setAmending] = useState<AmendTarget | null>(null);
  const amendTarget = ({ result, test_type, test_type_name }: ResultLine): AmendTarget => {
    const config = byId.get(test_type);
    return {
      result,
      testName: test_type_name,
      resultType: config?.result_type ?? (typeof result.value === 'number' ? 'numeric' : 'text'),
      unit: config?.unit ?? result.unit,
      codes: config?.codes ?? [],
      code: config?.code,
    };
  };
  const lineActions = (line: ResultLine, sample: ReviewSample) =>
    mayAmend &&
    line.result.status === R.APPROVAL &&
    !amendmentPending(sample.tests, line) && (
      <Button size="small" onClick={() => setAmending(amendTarget(line))}>
        {t('manage.amend')}
      </Button>
    );
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
      <ReviewList
        rows={rows}
        loading={loading || fetching}
        emptyText={t('manage.empty')}
        lineActions={mayAmend ? lineActions : undefined}
        sampleActions={(sample) => (
          <>
            <ReportButtons sampleId={sample.id} labNumber={sample.lab_number} />
            <Button size="small" onClick={() => setOpen(sample.id)}>
              {t('manage.results')}
            </Button>
          </>
        )}
      />
      <ListPager list={list} total={total} />
      {open != null && <ResultsDrawer sampleId={open} canAmend={mayAmend} onClose={() => setOpen(null)} />}
      {amending && <AmendModal target={amending} onClose={() => setAmending(null)} />}
    </ClinicalPage>
  );
}
