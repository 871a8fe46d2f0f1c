import { AppstoreOutlined, PlusOutlined, SearchOutlined, TableOutlined } from '@ant-design/icons';
import { Button, Input, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LookupSelect } from './LookupSelect';
import type { FilterSpec } from './types';
import type { ListState } from './useListState';

export type ViewMode = 'table' | 'grid';

interface Props {
  list: ListState;
  filters: FilterSpec[];
  searchable: boolean;
  view: ViewMode;
  onView: (view: ViewMode) => void;
  onAdd?: () => void;
}

/** Search, filters, the table/grid switch and the add button above a list. */
export function ListToolbar({ list, filters, searchable, view, onView, onAdd }: Props) {
  const { t } = useTranslation('admin');
  return (
    <div className="res-toolbar">
      {searchable && (
        <Input
          className="res-toolbar__search"
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('list.search')}
          aria-label={t('list.search')}
          value={list.searchText}
          onChange={(e) => list.setSearchText(e.target.value)}
        />
      )}
      {filters.map((filter) => {
        const common = {
          className: 'res-toolbar__filter',
          allowClear: !filter.required,
          placeholder: t(filter.label),
          'aria-label': t(filter.label),
          value: list.params.filters[filter.name],
          onChange: (value: unknown) => list.setFilter(filter.name, value == null ? undefined : (value as string | number)),
        };
        return filter.lookup ? (
          <LookupSelect key={filter.name} spec={filter.lookup} {...common} />
        ) : (
          <Select key={filter.name} {...common} options={filter.choices?.map((c) => ({ value: c.value, label: t(c.label) }))} />
        );
      })}
      <div className="res-toolbar__end">
        <Segmented<ViewMode>
          value={view}
          onChange={onView}
          options={[
            { value: 'table', icon: <TableOutlined />, title: t('list.viewTable') },
            { value: 'grid', icon: <AppstoreOutlined />, title: t('list.viewGrid') },
          ]}
        />
        {onAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            {t('list.add')}
          </Button>
        )}
      </div>
    </div>
  );
}
