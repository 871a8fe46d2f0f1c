import { eq } from 'drizzle-orm';
import {
  idParams,
  importPreview,
  importSaved,
  resultFileBody,
  worksheetCreateBody,
  worksheetDetail as worksheetDetailReply,
  worksheetList,
  worksheetListQuery,
  worksheetProposal,
  worksheetProposalQuery,
} from '@nlims/contracts';
import { z } from 'zod';
import { requireInAny } from '../../core/access.js';
import { principalOf } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import type { Principal } from '../../core/principal.js';
import type { App } from '../../core/types.js';
import { registerResource } from '../../core/resource.js';
import { recordAudit } from '../audit/audit.service.js';
import { sendPdf } from '../../core/pdf.js';
import { facilities } from '../facilities/facilities.table.js';
import { renderPlateMap, worklistFile } from './worksheets.plate.js';
import { attachmentDisposition, openResultsFile } from './worksheets.results-file.js';
import { WORKSHEET_TEMPLATE_DEF } from './worksheets.templates.js';
import { cancelWorksheet, createWorksheet, importResults, listWorksheets, proposeWorksheet, worksheetDetail } from './worksheets.service.js';

const PDF = z.any().meta({ type: 'string', format: 'binary' });
const cancelBody = z.object({ reason: z.string({ error: 'Give a reason.' }).trim().min(1, 'Give a reason.').max(500) });
const tags = ['worksheets'];
/** Who may call, decided before the body is read: prepares worksheets in some programme (each worksheet's is checked after). */
const preparers = { may: (p: Principal) => requireInAny(p, 'worksheet') };
/** A results file travels as JSON text: up to 2 MB of file. */
const FILE_BODY_LIMIT = 3 * 1024 * 1024;

/** The preview's work, undone: the transaction is rolled back after it, so the preview is exactly what saving does. */
class Preview extends Error {
  constructor(readonly reply: z.infer<typeof importPreview>) {
    super('preview');
  }
}

/** Worksheets: templates, a plate loaded from the workplan, its plate map and worklist, and the analyser's results file. */
export function worksheetsRoutes(app: App, db: Db): void {
  registerResource(app, db, WORKSHEET_TEMPLATE_DEF);

  app.get(
    '/api/worksheet/proposal/',
    {
      schema: {
        tags,
        summary: "A template's plate filled from the workplan (urgent first, then oldest), with the samples left waiting",
        querystring: worksheetProposalQuery,
        response: { 200: worksheetProposal },
      },
    },
    (request) => proposeWorksheet(db, principalOf(request), request.query.template),
  );
  app.get(
    '/api/worksheet/',
    {
      schema: {
        tags,
        summary: 'Open worksheets, or the archive, searchable by number, sample barcode and date',
        querystring: worksheetListQuery,
        response: { 200: worksheetList },
      },
    },
    (request) => listWorksheets(db, principalOf(request), request.query),
  );
  app.post(
    '/api/worksheet/',
    {
      config: preparers,
      schema: {
        tags,
        summary: 'Create a worksheet: its samples move to WORKSHEET (12)',
        body: worksheetCreateBody,
        response: { 201: worksheetDetailReply },
      },
    },
    async (request, reply) => reply.code(201).send(await db.transaction((tx) => createWorksheet(tx, principalOf(request), request.body))),
  );
  app.get(
    '/api/worksheet/:id/',
    { schema: { tags, summary: 'A worksheet with its positions', params: idParams, response: { 200: worksheetDetailReply } } },
    (request) => worksheetDetail(db, principalOf(request), request.params.id),
  );
  app.post(
    '/api/worksheet/:id/cancel/',
    {
      config: preparers,
      schema: {
        tags,
        summary: 'Cancel an open worksheet: its samples go back to the workplan',
        params: idParams,
        body: cancelBody,
        response: { 200: worksheetDetailReply },
      },
    },
    (request) => db.transaction((tx) => cancelWorksheet(tx, principalOf(request), request.params.id, request.body.reason)),
  );
  app.get(
    '/api/worksheet/:id/plate.pdf',
    {
      schema: {
        tags,
        summary: 'The plate map and worklist, A4, with barcodes',
        params: idParams,
        response: { 200: { description: 'The plate map (PDF).', content: { 'application/pdf': { schema: PDF } } } },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const ws = await worksheetDetail(db, p, request.params.id);
      const [facility] = await db
        .select({ name: facilities.facilityName })
        .from(facilities)
        .where(eq(facilities.id, p.facilityId ?? -1));
      const pdf = await renderPlateMap(ws, facility?.name ?? '');
      await recordAudit(db, p, { action: 'worksheet.print', entity: 'worksheet', entityId: String(ws.id) });
      return sendPdf(reply, pdf, `${ws.number}.pdf`);
    },
  );
  app.get(
    '/api/worksheet/:id/worklist/',
    {
      schema: {
        tags,
        summary: "The worklist file the analyser imports, in its load order (CSV; a GeneXpert's: one sample ID per line)",
        params: idParams,
        response: { 200: { description: 'The worklist file.', content: { 'text/csv': { schema: PDF } } } },
      },
    },
    async (request, reply) => {
      const ws = await worksheetDetail(db, principalOf(request), request.params.id);
      const file = worklistFile(ws);
      return reply.type(file.type).header('content-disposition', `attachment; filename="${file.name}"`).header('cache-control', 'no-store').send(file.body);
    },
  );
  app.get(
    '/api/worksheet/:id/results_file/',
    {
      // A HEAD would read the file and be audited as a download.
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: "The analyser's results file imported into the worksheet, as an attachment (a worksheet without one: 404)",
        params: idParams,
        response: {
          200: {
            description: 'The results file.',
            content: Object.fromEntries(['text/plain', 'text/csv', 'text/tab-separated-values'].map((type) => [type, { schema: PDF }])),
          },
        },
      },
    },
    async (request, reply) => {
      const file = await openResultsFile(db, principalOf(request), request.params.id);
      return reply
        .type(file.type)
        .header('content-disposition', attachmentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .header('content-length', String(file.body.length))
        .send(file.body);
    },
  );
  app.post(
    '/api/worksheet/:id/import/',
    {
      config: preparers,
      bodyLimit: FILE_BODY_LIMIT,
      schema: {
        tags,
        summary: "Preview an analyser's results file: each line matched to a position, the controls judged; nothing is saved",
        params: idParams,
        body: resultFileBody,
        response: { 200: importPreview },
      },
    },
    async (request) => {
      try {
        await db.transaction(async (tx) => {
          const { state: _state, qc_run: _run, ...preview } = await importResults(tx, principalOf(request), request.params.id, request.body);
          throw new Preview(preview);
        });
      } catch (error) {
        if (error instanceof Preview) return error.reply;
        throw error;
      }
      throw new Error('unreachable');
    },
  );
  app.post(
    '/api/worksheet/:id/results/',
    {
      config: preparers,
      bodyLimit: FILE_BODY_LIMIT,
      schema: {
        tags,
        summary: "Save an analyser's results file: the results ENTERED, or, if a control failed, every sample back for retest; the worksheet closes",
        params: idParams,
        body: resultFileBody,
        response: { 200: importSaved },
      },
    },
    (request) => db.transaction((tx) => importResults(tx, principalOf(request), request.params.id, request.body)),
  );
}
