/**
 * The dashboards' chart kit, drawn by Chart.js: a series over time and bars by category, each with a
 * visually hidden table of the same figures and an accessible name, right to left in Arabic, redrawn
 * for paper. Import it only from lazily loaded pages: it brings the charting library with it.
 */
export { BarChart, type BarCategory, type BarChartProps, type BarSeries } from './BarChart';
export { ALERT_COLOR, figureText, PALETTE } from './model';
export type { ReferenceLine } from './plugins';
export { TimeSeriesChart, type TimeSeries, type TimeSeriesChartProps } from './TimeSeriesChart';
