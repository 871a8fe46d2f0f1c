import type { ChartConfiguration, ChartDataset, TooltipItem } from 'chart.js';
import { Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isRtl } from '../../i18n/languages';
import { ChartFrame } from './ChartFrame';
import { canvasDirection, canvasText, figureText, seriesColour, tableRows, wrapLabel } from './model';
import type { ReferenceLine } from './plugins';

export interface BarCategory {
  key: string;
  label: string;
}

export interface BarSeries {
  key: string;
  /** Its name in the legend, the tooltip and the table's header. */
  label: string;
  /** One figure per category. */
  values: readonly (number | null)[];
  color?: string;
  /** One colour per category (a single series whose bars mean different things: suppressed, unsuppressed). */
  colors?: readonly string[];
  /** A figure as text on the bar, in the tooltip and the table (default: digits grouped). */
  format?: (value: number | null) => string;
}

export interface BarChartProps {
  /** What the chart shows (its accessible name and its table's caption). */
  label: string;
  categories: readonly BarCategory[];
  series: readonly BarSeries[];
  /** The table's first column header (default "Category"). */
  categoryTitle?: string;
  /** Several series stacked in one bar rather than side by side. */
  stacked?: boolean;
  /** Columns (vertical) rather than bars (horizontal, the default: long labels read beside them). */
  vertical?: boolean;
  /** Lines across the bars at fixed values (a target). */
  referenceLines?: readonly ReferenceLine[];
  /** The value axis's ticks as text (default: digits grouped). */
  valueText?: (value: number) => string;
  /** Whole numbers only on the value axis (counts; default true). */
  integer?: boolean;
  /** The drawing's height; by default from the number of bars. */
  height?: number;
  rowClassName?: string;
  testId?: string;
}

/**
 * Categories as bars (horizontal by default, with their figures written at their ends when there is one series),
 * grouped or stacked; right to left in Arabic (bars grow leftwards from labels on the right).
 */
export function BarChart(props: BarChartProps) {
  const { label, categories, series, categoryTitle, stacked = false, vertical = false, referenceLines = [], valueText = figureText, integer = true } = props;
  const { t, i18n } = useTranslation('analytics');
  const rtl = isRtl(i18n.language);
  const several = series.length > 1;
  const slots = stacked || !several ? 1 : series.length;
  const labels = categories.map((c) => (vertical ? wrapLabel(c.label, 12, 2) : wrapLabel(c.label, 20, 3)));
  // Each bar's row is high enough for its bars (side by side when grouped) and its label's lines.
  const lines = Math.max(1, ...labels.map((l) => (Array.isArray(l) ? l.length : 1)));
  const height = props.height ?? (vertical ? 240 : Math.max(96, categories.length * Math.max(14 + 16 * slots, 8 + 15 * lines) + (several ? 64 : 32)));
  const signature = JSON.stringify([
    label,
    categories,
    series.map((s) => [s.key, s.label, s.values, s.color, s.colors]),
    stacked,
    vertical,
    referenceLines,
    integer,
    rtl,
    i18n.language,
  ]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the figures and texts
  const config = useMemo((): ChartConfiguration => {
    const datasets = series.map(
      (s, i): ChartDataset<'bar', (number | null)[]> => ({
        label: s.label,
        data: [...s.values],
        backgroundColor: s.colors ? [...s.colors] : seriesColour(i, s.color),
        borderRadius: 3,
        maxBarThickness: 22,
        categoryPercentage: several && !stacked ? 0.8 : 0.9,
        barPercentage: 0.9,
      }),
    );
    const valueAxis = vertical ? 'y' : 'x';
    const categoryAxis = vertical ? 'x' : 'y';
    const format = (datasetIndex: number, value: number | null) => canvasText((series[datasetIndex]?.format ?? figureText)(value));
    return {
      type: 'bar',
      data: { labels, datasets },
      options: {
        locale: 'en',
        indexAxis: categoryAxis,
        interaction: { mode: 'index', intersect: false },
        // Room at the bars' ends for their figures.
        layout: { padding: vertical ? { top: 18 } : rtl ? { left: 40 } : { right: 40 } },
        scales: {
          [valueAxis]: {
            type: 'linear',
            beginAtZero: true,
            stacked,
            reverse: !vertical && rtl,
            position: vertical ? (rtl ? 'right' : 'left') : 'bottom',
            grace: vertical ? '8%' : 0,
            ticks: { precision: integer ? 0 : undefined, maxTicksLimit: 6, callback: (value: number | string) => canvasText(valueText(Number(value))) },
          },
          [categoryAxis]: {
            type: 'category',
            stacked,
            reverse: vertical && rtl,
            position: vertical ? 'bottom' : rtl ? 'right' : 'left',
            grid: { display: false },
            ticks: { autoSkip: false, maxRotation: 0 },
          },
        },
        plugins: {
          legend: {
            display: several,
            position: 'bottom',
            rtl,
            textDirection: rtl ? 'rtl' : 'ltr',
            labels: { boxWidth: 10, boxHeight: 10, padding: 14 },
          },
          tooltip: {
            rtl,
            textDirection: rtl ? 'rtl' : 'ltr',
            callbacks: {
              title: (items: TooltipItem<'bar'>[]) => canvasText(items[0] ? (categories[items[0].dataIndex]?.label ?? '') : ''),
              label: (item: TooltipItem<'bar'>) => `${item.dataset.label}: ${format(item.datasetIndex, vertical ? item.parsed.y : item.parsed.x)}`,
            },
          },
          barValues: { display: !several || !stacked, format },
          referenceLines: { axis: valueAxis, lines: referenceLines.map((l) => ({ ...l, label: l.label && canvasText(l.label) })), rtl },
        },
      },
    };
  }, [signature]);

  if (!categories.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chart.empty')} />;
  return (
    <ChartFrame
      label={label}
      config={config}
      height={height}
      dir={canvasDirection(
        rtl,
        categories.map((c) => c.label),
      )}
      head={[categoryTitle ?? t('chart.category'), ...series.map((s) => s.label)]}
      rows={tableRows(
        categories.map((c) => c.label),
        series,
      )}
      rowClassName={props.rowClassName}
      lines={referenceLines.map((line) => ({ label: line.label ?? '', value: valueText(line.value) }))}
      testId={props.testId}
    />
  );
}
