import {
  assetAvailability,
  assetBackInServiceBody,
  assetBulkCheckOutBody,
  assetBulkCheckOutReply,
  assetCalibrationBody,
  assetCertificateBody,
  assetCheckInBody,
  assetCheckOutBody,
  assetCreateBody,
  assetDetail,
  assetDue,
  assetItem,
  assetLabelsQuery,
  assetListQuery,
  assetMaintenanceBody,
  assetOutOfServiceBody,
  assetPerson,
  assetTagQuery,
  assetUnderRepairBody,
  assetUpdateBody,
  idParams,
  paginated,
} from '@nlims/contracts';
import { z } from 'zod';
import { principalOf } from '../../core/auth.js';
import type { Db, Tx } from '../../core/db.js';
import { idempotencyHeaders, idempotentCreate } from '../../core/idempotency.js';
import { registerResource } from '../../core/resource.js';
import type { App } from '../../core/types.js';
import { recordAudit } from '../audit/audit.service.js';
import { sendPdf } from '../../core/pdf.js';
import type { Principal } from '../users/users.service.js';
import { adminFacility } from './assets.access.js';
import { availability } from './assets.availability.js';
import { dueLists } from './assets.due.js';
import { labelRows, renderAssetLabels } from './assets.labels.js';
import { bulkCheckOut, checkIn, checkOut } from './assets.moves.js';
import { addCalibration, addCertificate, addMaintenance, backInService, outOfService, underRepair } from './assets.upkeep.js';
import { assetByTag, getAsset, listAssets, people } from './assets.read.js';
import { createAsset, updateAsset } from './assets.service.js';
import { assetGenericDef, assetLocationDef } from './assets.settings.js';

const tags = ['assets'];
const base = '/api/asset';
const PDF = z.any().meta({ type: 'string', format: 'binary' });
/** Who may write, decided before the body is read: the facility's administrator (the services check again). */
const keeper = { may: adminFacility };

/** A move on one asset: `POST asset/{id}/<verb>/`, one transaction, the asset's detail in reply. */
type Move<B extends z.ZodType> = (tx: Tx, p: Principal, id: number, body: z.output<B>) => Promise<z.output<typeof assetDetail>>;

/** The equipment register (the facility's administrator) and the availability of its analysers (the facility's staff). */
export function assetsRoutes(app: App, db: Db): void {
  registerResource(app, db, assetGenericDef);
  registerResource(app, db, assetLocationDef);

  app.get(
    `${base}/`,
    {
      schema: {
        tags,
        summary: 'The register: search by tag, name or serial number; filter by status, kind, location, checked out, calibration due',
        querystring: assetListQuery,
        response: { 200: paginated(assetItem) },
      },
    },
    (request) => listAssets(db, principalOf(request), request.query),
  );
  app.post(
    `${base}/`,
    {
      config: keeper,
      schema: {
        tags,
        summary: 'Register an asset (in use); its tag is unique here, whatever its case',
        headers: idempotencyHeaders,
        body: assetCreateBody,
        response: { 201: assetDetail },
      },
    },
    (request, reply) => idempotentCreate(db, request, reply, 201, (tx) => createAsset(tx, principalOf(request), request.body)),
  );
  app.get(
    `${base}/availability/`,
    {
      schema: {
        tags,
        summary: "The facility's machine settings and instruments, each available for results or why not (the facility's staff)",
        response: { 200: assetAvailability },
      },
    },
    (request) => availability(db, principalOf(request)),
  );
  app.get(
    `${base}/due/`,
    {
      schema: { tags, summary: 'Calibrations, certificates and preventive maintenance due within 30 days or past', response: { 200: assetDue } },
    },
    (request) => dueLists(db, principalOf(request)),
  );
  app.get(
    `${base}/by_tag/`,
    { schema: { tags, summary: 'The asset a scanned tag names', querystring: assetTagQuery, response: { 200: assetItem } } },
    (request) => assetByTag(db, principalOf(request), request.query.tag),
  );
  app.get(
    `${base}/people/`,
    { schema: { tags, summary: "The facility's active users, to whom an asset may be checked out", response: { 200: z.array(assetPerson) } } },
    (request) => people(db, principalOf(request)),
  );
  app.post(
    `${base}/bulk_check_out/`,
    {
      config: keeper,
      schema: {
        tags,
        summary: 'Check out the scanned tags to one bench, person or location: all, or none with each refused tag named',
        headers: idempotencyHeaders,
        body: assetBulkCheckOutBody,
        response: { 200: assetBulkCheckOutReply },
      },
    },
    // A retry of a check-out whose reply was lost is answered with the first reply, not refused as already out.
    (request, reply) => idempotentCreate(db, request, reply, 200, (tx) => bulkCheckOut(tx, principalOf(request), request.body)),
  );
  app.get(
    `${base}/labels.pdf`,
    {
      schema: {
        tags,
        summary: 'Asset tags to print (50 × 25 mm, Code 128), one a page',
        querystring: assetLabelsQuery,
        response: { 200: { description: 'The labels (PDF).', content: { 'application/pdf': { schema: PDF } } } },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const rows = await labelRows(db, p, request.query.ids);
      const pdf = await renderAssetLabels(rows);
      await recordAudit(db, p, { action: 'asset.labels_printed', entity: 'asset', after: { ids: request.query.ids } });
      return sendPdf(reply, pdf, rows.length === 1 ? `asset-${rows[0]!.tag}.pdf` : 'asset-tags.pdf');
    },
  );
  app.get(
    `${base}/:id/`,
    { schema: { tags, summary: 'An asset with its check-outs, maintenance, calibrations and certificates', params: idParams, response: { 200: assetDetail } } },
    (request) => getAsset(db, principalOf(request), request.params.id),
  );
  app.patch(
    `${base}/:id/`,
    {
      config: keeper,
      schema: {
        tags,
        summary: 'Correct an asset (its status changes through the moves)',
        params: idParams,
        body: assetUpdateBody,
        response: { 200: assetDetail },
      },
    },
    (request) => db.transaction((tx) => updateAsset(tx, principalOf(request), request.params.id, request.body)),
  );
  app.get(
    `${base}/:id/label.pdf`,
    {
      schema: {
        tags,
        summary: "The asset's tag to print (PDF)",
        params: idParams,
        response: { 200: { description: 'The label (PDF).', content: { 'application/pdf': { schema: PDF } } } },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const rows = await labelRows(db, p, [request.params.id]);
      const pdf = await renderAssetLabels(rows);
      await recordAudit(db, p, { action: 'asset.labels_printed', entity: 'asset', entityId: String(request.params.id) });
      return sendPdf(reply, pdf, `asset-${rows[0]!.tag}.pdf`);
    },
  );

  const move = <B extends z.ZodType>(verb: string, summary: string, body: B, work: Move<B>) =>
    app.post(`${base}/:id/${verb}/`, { config: keeper, schema: { tags, summary, params: idParams, body, response: { 200: assetDetail } } }, (request) =>
      db.transaction((tx) => work(tx, principalOf(request), (request.params as { id: number }).id, request.body as z.output<B>)),
    );
  move('check_out', 'Check out to a bench, a person or a location (one open check-out per asset)', assetCheckOutBody, checkOut);
  move('check_in', 'Check in: its open check-out closes', assetCheckInBody, checkIn);
  move('under_repair', 'Under repair: a repair record opens; it is not chosen for results until back in service', assetUnderRepairBody, underRepair);
  move(
    'back_in_service',
    'Back in service: the repair (or out-of-service period) closes with the work done and its cost',
    assetBackInServiceBody,
    backInService,
  );
  move('out_of_service', 'Out of service, with the reason', assetOutOfServiceBody, outOfService);
  move('maintenance', 'Record maintenance done: preventive, repair or enhancement', assetMaintenanceBody, addMaintenance);
  move('calibrations', "Record a calibration: valid until the date given, or its kind's interval", assetCalibrationBody, addCalibration);
  move('certificates', 'Record a certificate: agency, number, valid from–to', assetCertificateBody, addCertificate);
}
