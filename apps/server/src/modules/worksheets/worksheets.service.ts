/**
 * The worksheets' service: proposal and creation (worksheets.create.ts), the list and the detail (worksheets.read.ts),
 * the samples sent back or the worksheet cancelled (worksheets.moves.ts), and a results file read into results
 * (worksheets.import.ts), offered from here as one service.
 */
export { createWorksheet, freeWells, machineOf, proposeWorksheet, type Template, templateOf } from './worksheets.create.js';
export { importResults } from './worksheets.import.js';
export { cancelWorksheet, releaseSamples } from './worksheets.moves.js';
export { listWorksheets, worksheetDetail, worksheetRow } from './worksheets.read.js';
