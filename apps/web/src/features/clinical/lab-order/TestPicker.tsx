import { SearchOutlined } from '@ant-design/icons';
import { Checkbox, Empty, Input, Spin, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNaira } from '../../resources/format';
import type { OrderableTest } from '../types';
import './testPicker.css';

interface Props {
  tests: OrderableTest[];
  loading?: boolean;
  /** Offer panels as one item, without their member tests (the programmes other than General). */
  panelsOnly?: boolean;
  /** Show prices and the total (General's lab order: the facility's prices). */
  priced?: boolean;
  value?: number[];
  onChange?: (value: number[]) => void;
}

/** The sum of the chosen tests' prices; a panel member without its own price adds nothing. */
export function orderTotal(tests: OrderableTest[], chosen: number[]): number {
  return tests.filter((t) => chosen.includes(t.id)).reduce((sum, t) => sum + (t.price ?? 0), 0);
}

/** Tests and panels the facility offers, searchable by name or code, with prices and the total. */
export function TestPicker({ tests: all, loading, panelsOnly, priced = true, value = [], onChange }: Props) {
  const { t } = useTranslation('clinical');
  const [search, setSearch] = useState('');
  const tests = useMemo(() => (panelsOnly ? all.filter((x) => x.panel == null) : all), [all, panelsOnly]);
  const byId = useMemo(() => new Map(all.map((x) => [x.id, x])), [all]);
  const shown = useMemo(() => {
    const term = search.trim().toLowerCase();
    const list = term ? tests.filter((x) => x.name.toLowerCase().includes(term) || x.code.toLowerCase().includes(term)) : tests;
    // Panels first, then the rest in catalogue (name) order.
    return [...list].sort((a, b) => Number(b.is_panel) - Number(a.is_panel));
  }, [tests, search]);
  const toggle = (id: number, on: boolean) => onChange?.(on ? [...value, id] : value.filter((v) => v !== id));
  const inChosenPanel = (x: OrderableTest) => x.panel != null && value.includes(x.panel);

  return (
    <div className="test-picker">
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('labOrder.searchTests')}
        aria-label={t('labOrder.searchTests')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <ul className="test-picker__list">
        {loading && (
          <li>
            <Spin className="clin-loading" />
          </li>
        )}
        {!loading && !shown.length && (
          <li>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('labOrder.noTests')} />
          </li>
        )}
        {shown.map((x) => (
          <li key={x.id}>
            <label className="test-picker__row">
              <Checkbox
                aria-label={`${x.name} (${x.code})`}
                checked={value.includes(x.id) || inChosenPanel(x)}
                disabled={inChosenPanel(x)}
                onChange={(e) => toggle(x.id, e.target.checked)}
              />
              <span className="test-picker__name">
                {x.name} <span className="clin-muted">({x.code})</span>
                {x.is_panel && <Tag color="blue">{t('labOrder.panel')}</Tag>}
                {x.panel != null && <Tag>{t('labOrder.inPanel', { panel: byId.get(x.panel)?.code ?? '' })}</Tag>}
              </span>
              {priced && <span className="test-picker__price">{x.price == null ? '—' : formatNaira(x.price)}</span>}
            </label>
          </li>
        ))}
      </ul>
      <div className="test-picker__chosen">
        {value.map((id) => (
          <Tag key={id} closable onClose={() => toggle(id, false)}>
            {byId.get(id)?.name ?? id}
          </Tag>
        ))}
      </div>
      <div className="test-picker__total">
        <span>{t('labOrder.chosenCount', { count: value.length })}</span>
        {priced && (
          <strong>
            {t('labOrder.total')}: {formatNaira(orderTotal(tests, value))}
          </strong>
        )}
      </div>
    </div>
  );
}
