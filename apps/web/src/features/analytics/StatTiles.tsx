import { Card, Col, Statistic } from 'antd';
import type { ReactNode } from 'react';
import './analytics.css';

/** One figure of a dashboard: its title, value (with unit), a note under it, and whether it calls for action. */
export interface StatTile {
  key: string;
  title: string;
  icon?: ReactNode;
  /** A number or text; or what the figure shows instead (a count suppressed as "< 5", with its explanation). */
  value: ReactNode;
  suffix?: string;
  note?: ReactNode;
  /** The figure that calls for action (RR-TB, an unsuppressed result, an infant awaiting confirmation): in red. */
  alert?: boolean;
}

/**
 * Columns of 24 for each of `count` tiles on a wide screen: four to six tiles fill one row (the later ones a column
 * wider when 24 does not divide); seven or eight make two rows of four; fewer keep a sixth each, more wrap six to a row.
 */
export function tileWidths(count: number): number[] {
  if (count === 7 || count === 8) return Array.from({ length: count }, () => 6);
  if (count < 4 || count > 6) return Array.from({ length: count }, () => 4);
  const base = Math.floor(24 / count);
  const wider = 24 - base * count;
  return Array.from({ length: count }, (_, i) => (i >= count - wider ? base + 1 : base));
}

/**
 * The programmes' dashboards' figures, one tile set for all of them: two
 * abreast on phones, three on tablets, a row on wide screens. Returned as
 * columns of the page's grid, so a page may add its own beside them.
 * `testId` prefixes each tile's `data-testid` (`<testId>-<key>`).
 */
export function StatTiles({ tiles, testId }: { tiles: readonly StatTile[]; testId: string }) {
  const widths = tileWidths(tiles.length);
  return (
    <>
      {tiles.map((s, i) => (
        <Col key={s.key} xs={12} md={8} xl={widths[i]}>
          <Card className={`stat-tile${s.alert ? ' stat-tile--alert' : ''}`} data-testid={`${testId}-${s.key}`}>
            <Statistic
              title={s.title}
              value={typeof s.value === 'number' || typeof s.value === 'string' ? s.value : undefined}
              valueRender={typeof s.value === 'number' || typeof s.value === 'string' ? undefined : () => s.value}
              prefix={s.icon}
              suffix={s.suffix}
            />
            {s.note != null && <div className="stat-tile__note">{s.note}</div>}
          </Card>
        </Col>
      ))}
    </>
  );
}
