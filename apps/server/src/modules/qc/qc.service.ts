/**
 * The QC service: a run recorded and judged (qc.runs.ts), the rules of a test on an instrument (qc.rules.ts), and a
 * material's chart and the month's summary (qc.summary.ts), offered from here as one service.
 */
export { qcRules, setQcRules } from './qc.rules.js';
export { recordQcRun } from './qc.runs.js';
export { QC_SUMMARY_COLUMNS, qcChart, qcSummary } from './qc.summary.js';
