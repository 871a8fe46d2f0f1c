import 'chartjs-adapter-dayjs-4';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, TimeScale, Tooltip } from 'chart.js';
import { theme } from '../theme';
import { barValuesPlugin, referenceLinesPlugin } from './plugins';

/**
 * Chart.js with only what the dashboards draw (lines and bars on a time, category or linear axis, tooltips and
 * a legend), the app's font, and paper: before printing every chart is drawn again at print resolution.
 * Imported by the chart components alone, so the library loads with the dashboard pages and nowhere else.
 */
Chart.register(
  LineController,
  BarController,
  LineElement,
  BarElement,
  PointElement,
  CategoryScale,
  LinearScale,
  TimeScale,
  Tooltip,
  Legend,
  referenceLinesPlugin,
  barValuesPlugin,
);

Chart.defaults.font.family = theme.token?.fontFamily ?? Chart.defaults.font.family;
Chart.defaults.font.size = 12;
Chart.defaults.color = 'rgba(0, 0, 0, 0.65)';
Chart.defaults.borderColor = 'rgba(0, 0, 0, 0.08)';
Chart.defaults.maintainAspectRatio = false;
// No motion: figures appear as they are (and Chart.js cannot animate a figure to or from none, a gap).
Chart.defaults.animation = false;

/** The resolution charts are drawn at for paper: sharp on a printer. */
const PRINT_PIXEL_RATIO = 3;
/** A card's inside on A4 within the app's print margins, in CSS pixels: every chart is as wide on paper (dashboard.css). */
const PRINT_WIDTH = 650;

/**
 * Before printing, draw every chart at the paper's width and resolution (its height unchanged: its frame's);
 * afterwards, at its frame's size on screen again. The browser lays the page out for paper without telling
 * the charts, so they are sized here.
 */
function forPaper(paper: boolean) {
  for (const chart of Object.values(Chart.instances)) {
    chart.options.devicePixelRatio = paper ? PRINT_PIXEL_RATIO : undefined;
    const height = Number.parseFloat(chart.canvas.parentElement?.style.height ?? '') || chart.height;
    if (paper) chart.resize(PRINT_WIDTH, height);
    else chart.resize();
    chart.update('none');
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeprint', () => forPaper(true));
  window.addEventListener('afterprint', () => forPaper(false));
}

export { Chart };
