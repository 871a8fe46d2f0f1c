import {
  AlertOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  ExperimentOutlined,
  FieldTimeOutlined,
  InboxOutlined,
  PieChartOutlined,
  StopOutlined,
  TeamOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { figureAt, noteFigure, type TileIcon, type TileSpec, type TileUnit } from '@nlims/contracts';
import type { i18n as I18n, TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { percentText } from '../../shared/format/figures';
import type { StatTile } from './StatTiles';

/** The picture of each tile kind (contracts' TILE_ICONS). */
export const TILE_ICON: Record<TileIcon, ReactNode> = {
  samples: <InboxOutlined />,
  tests: <ExperimentOutlined />,
  approved: <CheckCircleOutlined />,
  positivity: <PieChartOutlined />,
  positive: <AlertOutlined />,
  warning: <WarningOutlined />,
  turnaround: <ClockCircleOutlined />,
  due: <FieldTimeOutlined />,
  rejected: <StopOutlined />,
  coverage: <TeamOutlined />,
};

const SUFFIX: Record<TileUnit, string | undefined> = { count: undefined, percent: '%', hours: 'analytics:unit.hours', days: 'analytics:unit.days' };

/**
 * A family's declared tiles (contracts' `<family>/analytics.ts`) read off its dashboard's reply: the title
 * `<ns>:dashboard.<key>`, the note `<ns>:dashboard.<key>Note` quoting the declared figures, the unit's suffix, a
 * dash for a figure the period cannot give, and red for a figure that calls for action.
 */
export function describeTiles<T>(tiles: readonly TileSpec<T>[], data: T, t: TFunction, i18n: I18n, ns: string): StatTile[] {
  return tiles.map((tile) => {
    const value = figureAt(data, tile.value);
    const unit = tile.unit ?? 'count';
    const suffix = SUFFIX[unit];
    const note = `${ns}:dashboard.${tile.key}Note`;
    const quoted = Object.fromEntries(
      Object.entries(tile.note ?? {}).map(([name, figure]) => {
        const n = noteFigure(data, figure);
        return [name, typeof figure === 'object' && 'percent' in figure ? percentText(n) : (n ?? '—')];
      }),
    );
    return {
      key: tile.key,
      title: t(`${ns}:dashboard.${tile.key}`),
      icon: TILE_ICON[tile.icon],
      value: value ?? '—',
      suffix: value == null || !suffix ? undefined : suffix === '%' ? suffix : t(suffix),
      note: i18n.exists(note) ? t(note, quoted) : undefined,
      alert: tile.alert === 'always' || (tile.alert === 'positive' && (value ?? 0) > 0),
    };
  });
}
