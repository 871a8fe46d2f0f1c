import { Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import { useProgramme } from '../clinical/programme';
import { DateInput } from '../../shared/forms/DateInput';
import type { PageProps } from '../../shared/page/pageProps';
import { useWorksheets } from './api';
import { WorksheetTable } from './WorksheetPage';
import { WorksheetView } from './WorksheetView';
import './worksheets.css';

/** Closed, failed and cancelled worksheets with their plate, file and results: found by a sample's barcode, the worksheet number or the date; printable again. */
export default function WorksheetArchivePage({ page }: PageProps) {
  const { t } = useTranslation('worksheets');
  const programme = useProgramme();
  const [params, setParams] = useSearchParams();
  const open = Number(params.get('worksheet')) || null;
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [date, setDate] = useState<string | undefined>(params.get('date') ?? undefined);
  const [pageNo, setPageNo] = useState(1);
  const list = useWorksheets(programme, { state: 'archive', search: params.get('search') ?? '', date, page: pageNo });
  if (open)
    return (
      <ClinicalPage page={page} className="ws-page">
        <WorksheetView id={open} onClose={() => setParams({})} />
      </ClinicalPage>
    );
  return (
    <ClinicalPage page={page} className="ws-page">
      <Space wrap className="ws-archive__filters">
        <Input.Search
          aria-label={t('searchArchive')}
          placeholder={t('searchArchive')}
          allowClear
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(value) => {
            setPageNo(1);
            setParams(value ? { search: value.trim() } : {});
          }}
          className="ws-archive__search"
        />
        <DateInput
          aria-label={t('date')}
          value={date}
          onChange={(v) => {
            setPageNo(1);
            setDate(v || undefined);
          }}
        />
      </Space>
      <WorksheetTable list={list} onOpen={(id) => setParams({ worksheet: String(id) })} page={pageNo} onPage={setPageNo} />
    </ClinicalPage>
  );
}
