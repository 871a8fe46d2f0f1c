import type { Chart, ChartType, Plugin } from 'chart.js';

/** A horizontal line across a time series (a QC chart's mean and ±1/2/3 SD), or a vertical one across horizontal bars (a target). */
export interface ReferenceLine {
  value: number;
  /** Written at the line's end, above it ("+2 SD", "Target"). */
  label?: string;
  color?: string;
  /** Dash pattern in pixels ([6, 4]); solid without. */
  dash?: number[];
  width?: number;
}

export interface ReferenceLinesOptions {
  /** The value axis the lines are on ('y' for a time series or columns, 'x' for horizontal bars). */
  axis?: string;
  lines?: readonly ReferenceLine[];
  /** Right to left: labels at the line's left end. */
  rtl?: boolean;
  /**
   * Horizontal lines: write the labels beside the plot, in this many pixels the chart leaves free at the line's end
   * (its layout padding), so that no label covers a point.
   */
  gutter?: number;
}

export interface BarValuesOptions {
  /** Write each bar's figure at its end. */
  display?: boolean;
  /** A figure as text (the series' format). */
  format?: (datasetIndex: number, value: number) => string;
}

declare module 'chart.js' {
  interface PluginOptionsByType<TType extends ChartType> {
    referenceLines?: ReferenceLinesOptions;
    barValues?: BarValuesOptions;
  }
}

/**
 * Reference lines drawn over the datasets, the value axis widened to show them all
 * (so ±3 SD is on the chart however close the runs lie to the mean).
 */
export const referenceLinesPlugin: Plugin<ChartType, ReferenceLinesOptions> = {
  id: 'referenceLines',
  afterDataLimits(_chart, { scale }, options) {
    const lines = options.lines ?? [];
    if (!lines.length || scale.id !== (options.axis ?? 'y')) return;
    for (const line of lines) {
      if (!Number.isFinite(line.value)) continue;
      if (!Number.isFinite(scale.min) || scale.min > line.value) scale.min = line.value;
      if (!Number.isFinite(scale.max) || scale.max < line.value) scale.max = line.value;
    }
  },
  afterDatasetsDraw(chart: Chart, _args, options) {
    const lines = options.lines ?? [];
    const scale = chart.scales[options.axis ?? 'y'];
    if (!lines.length || !scale) return;
    const { ctx, chartArea: area } = chart;
    const vertical = scale.isHorizontal();
    ctx.save();
    ctx.font = `11px ${chart.options.font?.family ?? 'sans-serif'}`;
    for (const line of lines) {
      const at = scale.getPixelForValue(line.value);
      const colour = line.color ?? 'rgba(0, 0, 0, 0.55)';
      ctx.strokeStyle = colour;
      ctx.fillStyle = colour;
      ctx.lineWidth = line.width ?? 1;
      ctx.setLineDash(line.dash ?? []);
      ctx.beginPath();
      if (vertical) {
        ctx.moveTo(at, area.top);
        ctx.lineTo(at, area.bottom);
      } else {
        ctx.moveTo(area.left, at);
        ctx.lineTo(area.right, at);
      }
      ctx.stroke();
      if (!line.label) continue;
      ctx.setLineDash([]);
      ctx.textBaseline = 'bottom';
      if (vertical) {
        ctx.textAlign = options.rtl ? 'right' : 'left';
        ctx.fillText(line.label, at + (options.rtl ? -3 : 3), area.top + 12);
      } else if (options.gutter) {
        ctx.textAlign = options.rtl ? 'right' : 'left';
        ctx.textBaseline = 'middle';
        ctx.fillText(line.label, options.rtl ? area.left - 4 : area.right + 4, at);
      } else {
        ctx.textAlign = options.rtl ? 'left' : 'right';
        ctx.fillText(line.label, options.rtl ? area.left + 3 : area.right - 3, at - 2);
      }
    }
    ctx.restore();
  },
};

/** Each bar's figure written at its end (beyond it, on the side it grows to), for single-series bar charts read without hovering, on paper too. */
export const barValuesPlugin: Plugin<ChartType, BarValuesOptions> = {
  id: 'barValues',
  afterDatasetsDraw(chart: Chart, _args, options) {
    if (!options.display) return;
    const { ctx } = chart;
    ctx.save();
    ctx.font = `11px ${chart.options.font?.family ?? 'sans-serif'}`;
    ctx.fillStyle = 'rgba(0, 0, 0, 0.75)';
    chart.data.datasets.forEach((dataset, datasetIndex) => {
      const meta = chart.getDatasetMeta(datasetIndex);
      if (meta.type !== 'bar' || !chart.isDatasetVisible(datasetIndex)) return;
      meta.data.forEach((element, i) => {
        const value = dataset.data[i];
        if (typeof value !== 'number') return;
        const text = options.format ? options.format(datasetIndex, value) : String(value);
        const { x, y, base, horizontal } = element.getProps(['x', 'y', 'base', 'horizontal'], true) as {
          x: number;
          y: number;
          base: number;
          horizontal: boolean;
        };
        if (horizontal) {
          // Beyond the bar's end, on the side bars grow to (leftwards on a reversed axis, even for an empty bar).
          const forward = x > base || (x === base && !chart.scales.x?.options.reverse);
          ctx.textAlign = forward ? 'left' : 'right';
          ctx.textBaseline = 'middle';
          ctx.fillText(text, x + (forward ? 4 : -4), y);
        } else {
          ctx.textAlign = 'center';
          ctx.textBaseline = 'bottom';
          ctx.fillText(text, x, y - 3);
        }
      });
    });
    ctx.restore();
  },
};
