import {
  FAMILIES,
  idParams,
  paginated,
  programFamily,
  referralDestinationsReply,
  referralRoleQuery,
  referralRoleReply,
  referredSampleItem,
  SHIPMENT_MOVE_SIDE,
  SHIPMENT_MOVES,
  type ShipmentAction,
  shipmentCreateBody,
  shipmentDetail,
  shipmentItem,
  shipmentListQuery,
  shipmentMoveBody,
  shipmentReceiveBody,
  shipmentReceiveReply,
} from '@nlims/contracts';
import { z } from 'zod';
import { mayInAny, requireInAny } from '../../core/access.js';
import { type Gate, principalOf } from '../../core/auth.js';
import { forbidden } from '../../core/errors.js';
import type { Db } from '../../core/db.js';
import type { App } from '../../core/types.js';
import { recordAudit } from '../audit/audit.service.js';
import { assertReportReleasable, renderReport, reportData } from '../reports/reports.service.js';
import { sendPdf } from '../../core/pdf.js';
import { renderManifest } from './manifest.js';
import { getShipment, listShipments, referralDestinations, referralRole } from './dispatch.read.js';
import { receiveShipment } from './dispatch.receive.js';
import { referredReader, referredSamples } from './dispatch.referred.js';
import { createShipment, moveShipment } from './dispatch.service.js';

const tags = ['dispatch'];
const PDF = z.any().meta({ type: 'string', format: 'binary' });
const pdfQuery = z.object({ download: z.enum(['0', '1']).optional() });
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * Who may call a shipment's writes, decided before the body is read: a facility's staff with the side's permission in
 * some programme (the sender's `dispatch`, the receiver's `receive`); the shipment's own programmes are checked after.
 */
const side =
  (which: 'sender' | 'receiver' | 'either'): Gate =>
  (p) => {
    if (p.isSuperuser || p.facilityId == null) throw forbidden('Referral is the work of a facility.');
    if (which === 'sender') requireInAny(p, 'dispatch');
    else if (which === 'receiver') requireInAny(p, 'receive');
    else if (!mayInAny(p, 'dispatch') && !mayInAny(p, 'receive')) throw forbidden('Your role may not dispatch or receive samples in any programme.');
  };

/** Referral and dispatch: shipments between a referring facility and a testing laboratory of its lab networks. */
export function dispatchRoutes(app: App, db: Db): void {
  app.get(
    '/api/referral_destination/',
    {
      schema: {
        tags,
        summary: "The testing laboratories the caller's facility may refer a programme's samples to (its lab networks)",
        querystring: z.object({ program: z.string().trim().min(1).max(100).optional() }),
        response: { 200: referralDestinationsReply },
      },
    },
    (request) => referralDestinations(db, principalOf(request), request.query.program),
  );
  app.get(
    '/api/referral_role/',
    {
      schema: {
        tags,
        summary: "Whether the caller's facility is a testing laboratory for the programme: it receives shipments (the dispatch page opens on them)",
        querystring: referralRoleQuery,
        response: { 200: referralRoleReply },
      },
    },
    (request) => referralRole(db, principalOf(request), request.query.program),
  );
  app.get(
    '/api/shipment/',
    {
      schema: {
        tags,
        summary: "The facility's shipments going out or coming in, newest first",
        querystring: shipmentListQuery,
        response: { 200: paginated(shipmentItem) },
      },
    },
    (request) => listShipments(db, principalOf(request), request.query),
  );
  app.post(
    '/api/shipment/',
    {
      config: { may: side('sender') },
      schema: {
        tags,
        summary: 'Batch collected samples into a shipment to a testing laboratory; they become DISPATCHED (13)',
        body: shipmentCreateBody,
        response: { 201: shipmentDetail },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const made = await db.transaction((tx) => createShipment(tx, p, request.body));
      return reply.code(201).send(made);
    },
  );
  app.get(
    '/api/shipment/:id/',
    { schema: { tags, summary: 'A shipment with its samples, history and turnaround legs', params: idParams, response: { 200: shipmentDetail } } },
    (request) => getShipment(db, principalOf(request), request.params.id),
  );
  app.get(
    '/api/shipment/:id/manifest.pdf',
    {
      schema: {
        tags,
        summary: "The shipment's manifest, A4: samples with barcodes and the chain-of-custody signature lines",
        params: idParams,
        querystring: pdfQuery,
        response: { 200: { description: 'The manifest (PDF).', content: { 'application/pdf': { schema: PDF } } } },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const shipment = await getShipment(db, p, request.params.id);
      const pdf = await renderManifest(shipment);
      await recordAudit(db, p, { action: 'shipment.print', entity: 'shipment', entityId: String(shipment.id) });
      return sendPdf(reply, pdf, `${shipment.number}.pdf`, request.query.download === '1');
    },
  );
  for (const action of Object.keys(SHIPMENT_MOVES) as ShipmentAction[]) {
    app.post(
      `/api/shipment/:id/${action}/`,
      {
        config: { may: side(SHIPMENT_MOVE_SIDE[action]) },
        schema: { tags, summary: `Shipment move: ${action.replace('_', ' ')}`, params: idParams, body: shipmentMoveBody, response: { 200: shipmentDetail } },
      },
      async (request) => {
        const p = principalOf(request);
        return db.transaction((tx) => moveShipment(tx, p, request.params.id, action, request.body));
      },
    );
  }
  app.post(
    '/api/shipment/:id/receive/',
    {
      config: { may: side('receiver') },
      schema: {
        tags,
        summary: 'The testing laboratory receives a shipment: scanned samples, their condition, and accept or reject each',
        params: idParams,
        body: shipmentReceiveBody,
        response: { 200: shipmentReceiveReply },
      },
    },
    async (request) => {
      const p = principalOf(request);
      return db.transaction((tx) => receiveShipment(tx, p, request.params.id, request.body));
    },
  );
  app.get(
    '/api/referred_sample/',
    {
      schema: {
        tags,
        summary: 'Samples the facility referred: status, testing laboratory, rejection, and approved results',
        querystring: pageQuery,
        response: { 200: paginated(referredSampleItem) },
      },
    },
    (request) => referredSamples(db, principalOf(request), request.query),
  );
  app.get(
    '/api/referred_sample/:id/report/',
    {
      schema: {
        tags,
        summary: "A referred sample's result report, naming the testing laboratory and the referring facility (once a result is approved)",
        params: idParams,
        querystring: pdfQuery,
        response: { 200: { description: 'The report (PDF).', content: { 'application/pdf': { schema: PDF } } } },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const { reader, program } = await referredReader(db, p, request.params.id);
      const data = await reportData(db, reader, FAMILIES[programFamily(program)].form, request.params.id);
      await assertReportReleasable(db, p, request.params.id);
      const pdf = await renderReport(data);
      const download = request.query.download === '1';
      await recordAudit(db, p, {
        action: download ? 'report.export' : 'report.view',
        entity: 'sample_access',
        entityId: String(request.params.id),
        after: { format: 'pdf', download, referred: true },
      });
      return sendPdf(reply, pdf, `report-${data.order.lab_number}.pdf`, download);
    },
  );
}
