import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnSpec, Row } from './types';

export const DASH = '—';

/** A cell's value when the column has no renderer of its own. */
export function plainCell(value: unknown, t: TFunction): ReactNode {
  if (value === null || value === undefined || value === '') return DASH;
  if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
  if (Array.isArray(value)) return value.length ? value.join(', ') : DASH;
  return String(value);
}

export function cellOf(column: ColumnSpec, row: Row, t: TFunction): ReactNode {
  return column.render ? column.render(row) : plainCell(row[column.key], t);
}

/** Active / inactive as a coloured tag. */
export function ActiveTag({ active }: { active: unknown }) {
  const { t } = useTranslation('admin');
  return active === false ? <Tag>{t('list.inactive')}</Tag> : <Tag color="green">{t('list.active')}</Tag>;
}

/** A list of short values (codes, modules) as tags. */
export function TagList({ values }: { values: unknown }) {
  const list = Array.isArray(values) ? values : [];
  if (!list.length) return DASH;
  return (
    <span className="res-tags">
      {list.map((v) => (
        <Tag key={String(v)}>{String(v)}</Tag>
      ))}
    </span>
  );
}

/** The standard status column of resources that can be deactivated. */
export const activeColumn: ColumnSpec = { key: 'is_active', label: 'field.is_active', render: (row) => <ActiveTag active={row.is_active} /> };
