import type { ConsumableItem } from '@nlims/contracts';
import { Select, type SelectProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBenches, useItem, useItemChoices } from './api';

/** An item of the facility, found by what is typed (the server searches); the one chosen stays shown. */
export function ItemSelect({
  value,
  onChange,
  onItem,
  ...rest
}: { value?: number | null; onChange?: (id: number | undefined) => void; onItem?: (item: ConsumableItem | undefined) => void } & Omit<
  SelectProps,
  'value' | 'onChange' | 'options'
>) {
  const { t } = useTranslation('consumables');
  const [search, setSearch] = useState('');
  const choices = useItemChoices(search);
  const chosen = useItem(value ?? null);
  const items = useMemo(() => {
    const list = choices.data?.results ?? [];
    return chosen.data && !list.some((i) => i.id === chosen.data.id) ? [chosen.data, ...list] : list;
  }, [choices.data, chosen.data]);
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      placeholder={t('field.chooseItem')}
      loading={choices.isFetching}
      notFoundContent={choices.isFetching ? null : t('noItems')}
      {...rest}
      value={value ?? undefined}
      onChange={(id: number | undefined) => {
        onChange?.(id);
        onItem?.(items.find((i) => i.id === id));
      }}
      options={items.map((i) => ({ value: i.id, label: i.name }))}
    />
  );
}

/** A bench (the reference list), or the store when `store` is set (value null). */
export function PlaceSelect({
  value,
  onChange,
  store = true,
  only,
  ...rest
}: {
  value?: number | null;
  onChange?: (bench: number | null) => void;
  store?: boolean;
  /** Offer only these benches (those holding some of a lot). */
  only?: number[];
} & Omit<SelectProps, 'value' | 'onChange' | 'options'>) {
  const { t } = useTranslation('consumables');
  const benches = useBenches();
  const STORE = -1;
  const options = [
    ...(store ? [{ value: STORE, label: t('store') }] : []),
    ...(benches.data ?? [])
      .filter((b) => b.is_active !== false || only?.includes(b.id))
      .filter((b) => !only || only.includes(b.id))
      .map((b) => ({ value: b.id, label: b.name })),
  ];
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      loading={benches.isPending}
      placeholder={t('field.chooseBench')}
      {...rest}
      value={value === null ? (store ? STORE : undefined) : value}
      onChange={(v: number) => onChange?.(v === STORE ? null : v)}
      options={options}
    />
  );
}
