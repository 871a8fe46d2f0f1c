import {
  dhis2ExportDetail,
  dhis2ExportItem,
  dhis2ExportQuery,
  dhis2MappingItem,
  dhis2MappingsBody,
  dhis2OrgUnitItem,
  dhis2OrgUnitsBody,
  dhis2Preview,
  dhis2SendBody,
  dhis2Settings,
  dhis2SettingsBody,
  idParams,
} from '@nlims/contracts';
import { z } from 'zod';
import { principalOf } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import type { SecretBox } from '../../core/secret-box.js';
import type { App } from '../../core/types.js';
import { recordAudit } from '../audit/audit.service.js';
import { requireDhis2Admin } from './dhis2.access.js';
import {
  buildPreview,
  checkSettings,
  getExport,
  getSettings,
  listExports,
  listMappings,
  listOrgUnits,
  payloadCsv,
  resealDhis2Password,
  saveMappings,
  saveOrgUnits,
  saveSettings,
  sendExport,
} from './dhis2.service.js';

const tags = ['dhis2'];

/**
 * DHIS2 monthly aggregates (the super admin): server, mappings, org units, the month's payload, sends and their history.
 * At start, the kept password is sealed under the current server secret (`secrets`: JWT_SECRET, and the previous one
 * after a rotation).
 */
export async function dhis2Routes(app: App, db: Db, secrets: SecretBox): Promise<void> {
  const kept = await resealDhis2Password(db, secrets);
  if (kept === 'resealed') app.log.info('The DHIS2 password is now sealed under the current server secret.');
  if (kept === 'unreadable') app.log.warn('The kept DHIS2 password cannot be read with JWT_SECRET nor PREVIOUS_JWT_SECRET: enter it again on the DHIS2 page.');
  app.get(
    '/api/dhis2/settings/',
    {
      schema: { tags, summary: 'The DHIS2 server (its password is never returned: `password_set` says whether one is kept)', response: { 200: dhis2Settings } },
    },
    (request) => getSettings(db, principalOf(request)),
  );
  app.put(
    '/api/dhis2/settings/',
    {
      // Who may call is decided before the body is read (the services check again).
      config: { may: requireDhis2Admin },
      schema: {
        tags,
        summary:
          'Set the DHIS2 server: address (https on the internet unless the operator allows the host), username, password (write-only, kept encrypted; omitted keeps it) and data set',
        body: dhis2SettingsBody,
        response: { 200: dhis2Settings },
      },
    },
    async (request) => {
      const p = principalOf(request);
      // The address's names are resolved before the transaction, which holds no connection meanwhile.
      const body = await checkSettings(p, request.body);
      return db.transaction((tx) => saveSettings(tx, p, body, secrets));
    },
  );
  app.get(
    '/api/dhis2/mappings/',
    { schema: { tags, summary: 'Every indicator with its DHIS2 data element and category option combo', response: { 200: z.array(dhis2MappingItem) } } },
    (request) => listMappings(db, principalOf(request)),
  );
  app.put(
    '/api/dhis2/mappings/',
    {
      config: { may: requireDhis2Admin },
      schema: {
        tags,
        summary: 'Map indicators to data elements and category option combos (a data element "" removes one)',
        body: dhis2MappingsBody,
        response: { 200: z.array(dhis2MappingItem) },
      },
    },
    (request) => db.transaction((tx) => saveMappings(tx, principalOf(request), request.body)),
  );
  app.get(
    '/api/dhis2/org_units/',
    { schema: { tags, summary: 'Every facility with its DHIS2 organisation unit', response: { 200: z.array(dhis2OrgUnitItem) } } },
    (request) => listOrgUnits(db, principalOf(request)),
  );
  app.put(
    '/api/dhis2/org_units/',
    {
      config: { may: requireDhis2Admin },
      schema: { tags, summary: 'Set facilities’ organisation units ("" removes one)', body: dhis2OrgUnitsBody, response: { 200: z.array(dhis2OrgUnitItem) } },
    },
    (request) => db.transaction((tx) => saveOrgUnits(tx, principalOf(request), request.body)),
  );
  app.get(
    '/api/dhis2/preview/',
    {
      schema: {
        tags,
        summary: "A month's dataValueSets for every facility, a state, an LGA or a facility: JSON with what was left out, or a download (`format=json|csv`)",
        querystring: dhis2ExportQuery,
        response: {
          200: {
            description: 'The preview, or the payload as a JSON or CSV download.',
            content: { 'application/json': { schema: dhis2Preview }, 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const { format, ...q } = request.query;
      const p = principalOf(request);
      const preview = await buildPreview(db, p, q);
      if (!format) return preview;
      // A download leaves the product with every facility's counts: it is audited, like the officials' reports.
      await db.transaction((tx) =>
        recordAudit(tx, p, {
          action: 'dhis2.downloaded',
          entity: 'dhis2_exports',
          after: { period: preview.period, scope: preview.scope, format, values: preview.payload.dataValues.length },
        }),
      );
      const name = `dhis2-${preview.period}-${preview.scope.level}${preview.scope.id ?? ''}`;
      if (format === 'csv')
        return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}.csv"`).send(payloadCsv(preview.payload));
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.json"`)
        .serializer((x: unknown) => JSON.stringify(x, null, 2))
        .send(preview.payload as never);
    },
  );
  app.post(
    '/api/dhis2/send/',
    {
      config: { may: requireDhis2Admin },
      schema: {
        tags,
        summary: "Send a month's dataValueSets to the DHIS2 server (`dry_run` first); DHIS2's import summary, or why it failed, is kept",
        body: dhis2SendBody,
        response: { 201: dhis2ExportDetail },
      },
    },
    async (request, reply) => reply.code(201).send(await sendExport(db, principalOf(request), request.body, secrets)),
  );
  app.get(
    '/api/dhis2/exports/',
    { schema: { tags, summary: 'The sends and dry runs, newest first (the last 200)', response: { 200: z.array(dhis2ExportItem) } } },
    (request) => listExports(db, principalOf(request)),
  );
  app.get(
    '/api/dhis2/exports/:id/',
    { schema: { tags, summary: 'A send or dry run with the payload that went', params: idParams, response: { 200: dhis2ExportDetail } } },
    (request) => getExport(db, principalOf(request), request.params.id),
  );
}
