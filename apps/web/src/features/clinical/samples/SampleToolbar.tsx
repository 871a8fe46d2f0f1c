import { SearchOutlined } from '@ant-design/icons';
import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../shared/forms/DateInput';
import { statusText } from '../../../shared/status/status';
import type { SampleListState } from './useSampleList';

interface Props {
  list: SampleListState;
  /** Status choices; none hides the filter. */
  statuses?: readonly number[];
  /** The status filter may not be cleared (lists that only ever show some statuses). */
  statusRequired?: boolean;
  /** Offer "in progress" / "completed" (samples whose every result is released). */
  progress?: boolean;
}

/** Search (laboratory number, name, phone, identifier), status and the ordered-date range. */
export function SampleToolbar({ list, statuses, statusRequired, progress }: Props) {
  const { t } = useTranslation('clinical');
  const { params, set } = list;
  return (
    <div className="clin-toolbar">
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('samples.search')}
        aria-label={t('samples.search')}
        value={list.searchText}
        onChange={(e) => list.setSearchText(e.target.value)}
      />
      {statuses && (
        <Select
          allowClear={!statusRequired}
          placeholder={t('samples.allStatuses')}
          aria-label={t('samples.status')}
          value={params.status}
          onChange={(status?: number) => set({ status })}
          options={statuses.map((s) => ({ value: s, label: statusText(t, s) }))}
        />
      )}
      {progress && (
        <Select
          allowClear
          placeholder={t('samples.anyProgress')}
          aria-label={t('samples.progress')}
          value={params.completed}
          onChange={(completed?: boolean) => set({ completed })}
          options={[
            { value: false, label: t('samples.inProgress') },
            { value: true, label: t('samples.completed') },
          ]}
        />
      )}
      <label className="clin-date">
        <span>{t('samples.from')}</span>
        <DateInput value={params.start_date} max={params.end_date} onChange={(start_date) => set({ start_date })} aria-label={t('samples.from')} />
      </label>
      <label className="clin-date">
        <span>{t('samples.to')}</span>
        <DateInput value={params.end_date} min={params.start_date} onChange={(end_date) => set({ end_date })} aria-label={t('samples.to')} />
      </label>
    </div>
  );
}
