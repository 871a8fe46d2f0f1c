import type { ChartConfiguration } from 'chart.js';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from './setup';
import './charts.css';

export interface ChartFrameProps {
  /** What the chart shows: the canvas's accessible name and the table's caption. */
  label: string;
  config: ChartConfiguration;
  /** The drawing's height in pixels (its width is the card's). */
  height: number;
  /** The table's column headers: what a row is (period, category), then each series. */
  head: readonly string[];
  rows: readonly string[][];
  /** The direction the canvas writes its labels in (canvasDirection). */
  dir: 'rtl' | 'ltr';
  /** A class on each of the table's rows. */
  rowClassName?: string;
  /** The reference lines' labels and values, read after the table. */
  lines?: readonly { label: string; value: string }[];
  testId?: string;
}

/**
 * A chart and, beside it, a table of the same figures: the canvas is an image named by `label` for screen
 * readers, who read the table (visually hidden) instead. The chart is made once and updated in place.
 */
export function ChartFrame({ label, config, height, head, rows, dir, rowClassName, lines = [], testId }: ChartFrameProps) {
  const { t } = useTranslation('analytics');
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart | null>(null);

  useEffect(() => {
    const current = chart.current;
    if (current) {
      current.data = config.data;
      current.options = config.options ?? {};
      current.update();
    } else if (canvas.current) chart.current = new Chart(canvas.current, config);
  }, [config]);
  useEffect(
    () => () => {
      chart.current?.destroy();
      chart.current = null;
    },
    [],
  );

  return (
    <figure className="chart" data-testid={testId}>
      <div className="chart__canvas" style={{ height }}>
        <canvas ref={canvas} role="img" dir={dir} aria-label={t('chart.label', { title: label })} />
      </div>
      {/* A table's box ignores width and overflow: the hidden box is a block around it. */}
      <div className="sr-only">
        <table className="chart__table">
          <caption>{label}</caption>
          <thead>
            <tr>
              {head.map((h, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed by position
                <th key={i} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one row per point, in order
              <tr key={r} className={rowClassName}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed by position
                    <th key={i} scope="row">
                      {cell}
                    </th>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed by position
                    <td key={i}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {lines.length > 0 && (
          <ul aria-label={t('chart.lines')}>
            {lines.map((line) => (
              <li key={`${line.label}-${line.value}`}>
                {line.label}: {line.value}
              </li>
            ))}
          </ul>
        )}
      </div>
    </figure>
  );
}
