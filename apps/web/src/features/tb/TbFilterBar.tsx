import { Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../forms/DateInput';
import { type TbFilters, useTbTestTypes } from './api';

/** The filters both TB pages open with: the days samples were registered (DD/MM/YYYY) and a test type; `children` adds the page's own. */
export function TbFilterBar({ value, onChange, children }: { value: TbFilters; onChange: (change: TbFilters) => void; children?: ReactNode }) {
  const { t } = useTranslation('clinical');
  const { tests, loading } = useTbTestTypes();
  return (
    <div className="clin-toolbar tb-filters clin-no-print">
      <label className="clin-date">
        <span>{t('samples.from')}</span>
        <DateInput value={value.start_date} max={value.end_date} onChange={(start_date) => onChange({ start_date })} aria-label={t('samples.from')} />
      </label>
      <label className="clin-date">
        <span>{t('samples.to')}</span>
        <DateInput value={value.end_date} min={value.start_date} onChange={(end_date) => onChange({ end_date })} aria-label={t('samples.to')} />
      </label>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={loading}
        placeholder={t('report.allTests')}
        aria-label={t('samples.test')}
        value={value.test_type}
        onChange={(test_type?: number) => onChange({ test_type })}
        options={tests.map((x) => ({ value: x.id, label: x.name }))}
        className="tb-filters__test"
      />
      {children}
    </div>
  );
}
