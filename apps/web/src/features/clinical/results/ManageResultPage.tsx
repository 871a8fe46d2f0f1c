import { SearchOutlined } from '@ant-design/icons';
import { RESULT_STATUS as R } from '@nlims/contracts';
import { Button, Card, Empty, Input, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../pages/pageProps';
import { TABLET_UP, useMediaQuery } from '../../layout/useMediaQuery';
import { ListTable } from '../../resources/ListTable';
import { sampleColumns } from '../common/ClientSummary';
import { ClinicalPage } from '../common/ClinicalPage';
import { ListPager } from '../common/ListPager';
import { formatDateTime } from '../common/format';
import { ResultValue } from '../common/ResultValue';
import { useProgramme } from '../programme';
import type { ResultRow } from '../types';
import { AmendModal, type AmendTarget } from './AmendModal';
import { ReportButtons } from './ReportButtons';
import { ResultsDrawer } from './ResultsDrawer';
import { useReviewRows } from './useReviewRows';
import { useTestConfig } from './useTestConfig';
import { ResultCardLines } from './ResultCardLines';
import '../../resources/resources.css';

/** Released (approved) results, one page from the server: the sample's report to view, print or download, and amendment of the result. */
export default function ManageResultPage({ page }: PageProps) {
  const { t } = useTranslation('clinical');
  const programme = useProgramme();
  // Amending a released result is result entry, signed with the password.
  const mayAmend = programme.may('enter');
  const wide = useMediaQuery(TABLET_UP);
  const { list, rows, total, loading, fetching } = useReviewRows(R.APPROVAL);
  const { byId } = useTestConfig();
  const [open, setOpen] = useState<number | null>(null);
  const [amending, setAmending] = useState<AmendTarget | null>(null);
  const amendTarget = (r: ResultRow): AmendTarget => {
    const config = byId.get(r.test_type);
    return {
      result: r,
      testName: r.test_type_name,
      resultType: config?.result_type ?? (typeof r.value === 'number' ? 'numeric' : 'text'),
      unit: config?.unit ?? r.unit,
      codes: config?.codes ?? [],
      code: config?.code,
    };
  };
  const version = (r: ResultRow) => `v${r.version}${r.amends != null ? ` · ${t('manage.amended')}` : ''}`;
  const actions = (r: ResultRow) => (
    <>
      <ReportButtons sampleId={r.sample} labNumber={r.lab_number} />
      {mayAmend && (
        <Button size="small" onClick={() => setAmending(amendTarget(r))}>
          {t('manage.amend')}
        </Button>
      )}
      <Button size="small" onClick={() => setOpen(r.sample)}>
        {t('manage.results')}
      </Button>
    </>
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
      {!wide && loading && <Spin className="clin-loading" />}
      {!wide && !loading && !rows.length && <Empty description={t('manage.empty')} />}
      {!wide && (
        <div className="clin-cards">
          {rows.map((r) => (
            <Card key={r.id} size="small" className="clin-card">
              <div className="clin-card__head">
                <span className="clin-lab-number">{r.barcode}</span>
                <span className="clin-muted">{version(r)}</span>
              </div>
              <ResultCardLines row={r} />
              <div className="clin-muted">
                {t('manage.released')}: {formatDateTime(r.approved_at as string)}
              </div>
              <div className="clin-actions">{actions(r)}</div>
            </Card>
          ))}
        </div>
      )}
      {wide && (
        <ListTable<ResultRow>
          className="clin-table"
          loading={loading || fetching}
          dataSource={rows}
          emptyText={t('manage.empty')}
          columns={[
            ...sampleColumns(t),
            { key: 'test', title: t('samples.test'), render: (_, r) => r.test_type_name },
            { key: 'result', title: t('results.result'), render: (_, r) => <ResultValue result={r} /> },
            { key: 'version', title: t('manage.versionColumn'), render: (_, r) => version(r) },
            { key: 'released', title: t('manage.released'), render: (_, r) => formatDateTime(r.approved_at as string) },
            {
              key: 'actions',
              title: t('samples.actions'),
              fixed: 'end',
              render: (_, r) => <div className="clin-actions clin-actions--nowrap">{actions(r)}</div>,
            },
          ]}
        />
      )}
      <ListPager list={list} total={total} />
      {open != null && <ResultsDrawer sampleId={open} canAmend={mayAmend} onClose={() => setOpen(null)} />}
      {amending && <AmendModal target={amending} onClose={() => setAmending(null)} />}
    </ClinicalPage>
  );
}
