/**
 * DHIS2 monthly aggregates: the server (one row, its password never in a reply and sealed at rest), the indicators'
 * mappings, the facilities' org units, the month's dataValueSets payload for a scope (preview, JSON, CSV), and its
 * sending — a dry run or the import — with DHIS2's import summary kept in dhis2_exports. Every call is the super
 * admin's (dhis2.access.ts). Each part in its own file, offered from here as one service.
 */
export { getExport, listExports, sendExport } from './dhis2.exports.js';
export { listMappings, listOrgUnits, saveMappings, saveOrgUnits } from './dhis2.mappings.js';
export { buildPreview, payloadCsv } from './dhis2.payload.js';
export { checkSettings, getSettings, resealDhis2Password, saveSettings } from './dhis2.settings.js';
