import type { ChartConfiguration, ChartDataset, TooltipItem } from 'chart.js';
import { Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isRtl } from '../../i18n/languages';
import { ChartFrame } from './ChartFrame';
import { canvasDirection, canvasText, DASHES, figureText, POINT_STYLES, seriesColour, tableRows, timeOf } from './model';
import type { ReferenceLine } from './plugins';

export interface TimeSeries {
  key: string;
  /** Its name in the legend, the tooltip and the table's header. */
  label: string;
  /** One figure per point of `x`; null for none (a gap, or a count the server suppressed). */
  values: readonly (number | null)[];
  color?: string;
  /** Drawn as a line (default) or columns. */
  type?: 'line' | 'bar';
  /** A figure as text in the tooltip and the table (default: digits grouped, a dash for none). */
  format?: (value: number | null) => string;
}

export interface TimeSeriesChartProps {
  /** What the chart shows (its accessible name and its table's caption). */
  label: string;
  /** The points in time: days (`YYYY-MM-DD`, a period's first day) or instants (ISO 8601), in order. */
  x: readonly string[];
  /** A point in time as the reader reads it (a period: "03/2026", "Q1 2026"); on the axis, in the tooltip and table. */
  xText: (x: string) => string;
  /** The table's first column header (default "Period"). */
  xTitle?: string;
  series: readonly TimeSeries[];
  /** Horizontal lines at fixed values (a QC chart's mean and ±SD); the value axis stretches to show them. */
  referenceLines?: readonly ReferenceLine[];
  /** Columns stacked rather than side by side. */
  stacked?: boolean;
  /** The value axis's ticks as text (default: digits grouped). */
  valueText?: (value: number) => string;
  /** Whole numbers only on the value axis (counts; default true). */
  integer?: boolean;
  /** The value axis starts at zero (counts; default true). A QC chart's starts near its lowest line instead. */
  fromZero?: boolean;
  height?: number;
  rowClassName?: string;
  testId?: string;
}

/**
 * A series over time (a time x-axis) with one or more lines or columns, tooltips, a legend when there are several,
 * optional reference lines; right to left in Arabic (time runs from the right, the value axis on the right).
 */
export function TimeSeriesChart(props: TimeSeriesChartProps) {
  const {
    label,
    x,
    xText,
    xTitle,
    series,
    referenceLines = [],
    stacked = false,
    valueText = figureText,
    integer = true,
    fromZero = true,
    height = 260,
  } = props;
  const { t, i18n } = useTranslation('analytics');
  const rtl = isRtl(i18n.language);
  // The chart is configured again only when what it shows changes (not on every render of its page).
  const signature = JSON.stringify([
    label,
    x,
    series.map((s) => [s.key, s.label, s.values, s.color, s.type]),
    referenceLines,
    stacked,
    integer,
    fromZero,
    rtl,
    i18n.language,
  ]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the figures and texts
  const config = useMemo((): ChartConfiguration => {
    const times = x.map(timeOf);
    const byTime = new Map(times.map((time, i) => [time, x[i]!]));
    const textOf = (time: number) => {
      const point = byTime.get(time);
      return canvasText(point == null ? new Date(time).toLocaleDateString('en-GB') : xText(point));
    };
    const several = series.length > 1;
    const labelled = !several && series[0]?.type === 'bar' && x.length <= 24;
    const datasets = series.map((s, i): ChartDataset<'line' | 'bar', (number | null)[]> => {
      const colour = seriesColour(i, s.color);
      return s.type === 'bar'
        ? { type: 'bar', label: s.label, data: [...s.values], backgroundColor: colour, borderRadius: 3, maxBarThickness: 36, order: 2 }
        : {
            type: 'line',
            label: s.label,
            data: [...s.values],
            borderColor: colour,
            backgroundColor: colour,
            borderWidth: 2,
            // Several lines differ by dash and point shape too, and a line hidden under another still shows.
            borderDash: several ? DASHES[i % DASHES.length] : [],
            pointStyle: several ? POINT_STYLES[i % POINT_STYLES.length] : 'circle',
            pointRadius: x.length > 60 ? 0 : 3,
            pointHoverRadius: 5,
            tension: 0,
            spanGaps: false,
            order: 1,
          };
    });
    return {
      type: 'line',
      data: { labels: times, datasets },
      options: {
        locale: 'en',
        interaction: { mode: 'index', intersect: false },
        layout: { padding: { top: labelled ? 18 : 8 } },
        scales: {
          x: {
            type: 'time',
            reverse: rtl,
            offset: series.some((s) => s.type === 'bar'),
            stacked,
            grid: { display: false },
            ticks: { source: 'data', autoSkip: true, autoSkipPadding: 14, maxRotation: 0, callback: (value) => textOf(Number(value)) },
          },
          y: {
            position: rtl ? 'right' : 'left',
            beginAtZero: fromZero,
            stacked,
            ticks: { precision: integer ? 0 : undefined, callback: (value) => canvasText(valueText(Number(value))) },
          },
        },
        plugins: {
          legend: {
            display: several,
            position: 'bottom',
            rtl,
            textDirection: rtl ? 'rtl' : 'ltr',
            labels: { usePointStyle: true, boxWidth: 8, boxHeight: 8, padding: 14 },
          },
          tooltip: {
            rtl,
            textDirection: rtl ? 'rtl' : 'ltr',
            usePointStyle: true,
            callbacks: {
              title: (items: TooltipItem<'line'>[]) => (items[0] ? textOf(Number(items[0].parsed.x)) : ''),
              label: (item: TooltipItem<'line'>) => canvasText(`${item.dataset.label}: ${(series[item.datasetIndex]?.format ?? figureText)(item.parsed.y)}`),
            },
          },
          // A few columns of one series carry their figures (readable on paper without a tooltip).
          barValues: { display: labelled, format: (datasetIndex, value) => canvasText((series[datasetIndex]?.format ?? figureText)(value)) },
          referenceLines: { axis: 'y', lines: referenceLines.map((l) => ({ ...l, label: l.label && canvasText(l.label) })), rtl },
        },
      },
    };
  }, [signature]);

  if (!x.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chart.empty')} />;
  const head = [xTitle ?? t('chart.period'), ...series.map((s) => s.label)];
  const xTexts = x.map(xText);
  return (
    <ChartFrame
      label={label}
      config={config}
      height={height}
      head={head}
      dir={canvasDirection(rtl, xTexts)}
      rows={tableRows(xTexts, series)}
      rowClassName={props.rowClassName}
      lines={referenceLines.map((line) => ({ label: line.label ?? '', value: valueText(line.value) }))}
      testId={props.testId}
    />
  );
}
