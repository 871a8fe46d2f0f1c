/**
 * The reports' service, the one entry from outside the module: a sample's report data (reports.data.ts), its lines
 * (reports.line.ts), the PDF report (reports.pdf.ts) and specimen label (reports.label.ts), and whether a report may
 * be handed out (reports.release.ts).
 */
export { type ReportData, reportData } from './reports.data.js';
export { renderLabel } from './reports.label.js';
export { rangeAt, rangeText, type ReportLine, type ReportLineInput, reportLine } from './reports.line.js';
export { renderReport } from './reports.pdf.js';
export { assertReportReleasable } from './reports.release.js';
