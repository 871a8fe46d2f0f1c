import {
  attachmentItem,
  attachmentQuery,
  attachmentUpdateBody,
  FILE_KINDS,
  fileItem,
  fileListQuery,
  fileUpdateBody,
  folderCreateBody,
  folderItem,
  folderListQuery,
  folderUpdateBody,
  idParams,
  paginated,
} from '@nlims/contracts';
import { z } from 'zod';
import { principalOf } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import { safeError } from '../../core/safe-log.js';
import type { App } from '../../core/types.js';
import { fileFacility } from './files.items.js';
import {
  createFolder,
  deleteAttachment,
  deleteFile,
  deleteFolder,
  getFile,
  listAttachments,
  listFiles,
  listFolders,
  openFile,
  purgeBin,
  recentFiles,
  recentFolders,
  restoreFile,
  restoreFolder,
  updateAttachment,
  updateFile,
  updateFolder,
} from './files.service.js';
import { mediaTypeOf } from './files.sniff.js';
import { storageFromEnv } from './files.storage.js';
import { uploadRoutes } from './files.uploads.routes.js';

const tags = ['files'];
/** Who may write, decided before the body is read: a facility's staff (controlled documents and targets are checked after). */
const staff = { may: fileFacility };
const DELETED = { 204: z.null().describe('Moved to the bin (kept 30 days).') };
const BINARY = z.any().meta({ type: 'string', format: 'binary' });
/** Purge the bins this often (and whenever a bin is listed). */
const PURGE_EVERY_MS = 3_600_000;

/** `filename*` in UTF-8 (RFC 6266 / 8187), with a plain ASCII `filename` for old clients. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Folders, files, controlled documents and attachments. Multipart bodies are
 * understood by the two upload routes only (an encapsulated context); every
 * other route reads JSON as the rest of the API does.
 */
export function filesRoutes(app: App, db: Db, configured = storageFromEnv()): void {
  const { storage } = configured;

  app.get(
    '/api/folders/',
    {
      schema: {
        tags,
        operationId: 'listFolders',
        summary: 'The folders inside a folder (or the top level), or those in the bin',
        querystring: folderListQuery,
        response: { 200: z.array(folderItem) },
      },
    },
    (request) => listFolders(db, storage, principalOf(request), request.query),
  );
  app.post(
    '/api/folders/',
    { config: staff, schema: { tags, operationId: 'createFolder', summary: 'Create a folder', body: folderCreateBody, response: { 201: folderItem } } },
    async (request, reply) => {
      const p = principalOf(request);
      return reply.code(201).send(await db.transaction((tx) => createFolder(tx, p, request.body)));
    },
  );
  app.get(
    '/api/folders/recent_folders/',
    {
      schema: {
        tags,
        operationId: 'listRecentFolders',
        summary: 'The folders the caller lately created, changed or opened (20)',
        response: { 200: z.array(folderItem) },
      },
    },
    (request) => recentFolders(db, principalOf(request)),
  );
  app.get(
    '/api/folders/recent_files/',
    {
      schema: {
        tags,
        operationId: 'listRecentFiles',
        summary: 'The files the caller lately uploaded, changed or opened (20)',
        response: { 200: z.array(fileItem) },
      },
    },
    (request) => recentFiles(db, principalOf(request)),
  );
  app.patch(
    '/api/folders/:id/',
    {
      config: staff,
      schema: {
        tags,
        operationId: 'updateFolder',
        summary: 'Rename or move a folder',
        params: idParams,
        body: folderUpdateBody,
        response: { 200: folderItem },
      },
    },
    (request) => db.transaction((tx) => updateFolder(tx, principalOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/api/folders/:id/',
    {
      config: staff,
      schema: { tags, operationId: 'deleteFolder', summary: 'Move a folder, with everything in it, to the bin', params: idParams, response: DELETED },
    },
    async (request, reply) => {
      await db.transaction((tx) => deleteFolder(tx, principalOf(request), request.params.id));
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/api/folders/:id/restore/',
    {
      config: staff,
      schema: {
        tags,
        operationId: 'restoreFolder',
        summary: 'Bring a folder back from the bin with what went with it',
        params: idParams,
        response: { 200: folderItem },
      },
    },
    (request) => db.transaction((tx) => restoreFolder(tx, principalOf(request), request.params.id)),
  );

  app.get(
    '/api/files/',
    {
      schema: {
        tags,
        operationId: 'listFiles',
        summary: "The facility's files: a folder's, the top level's, the bin's, the controlled documents, or those past their review date",
        querystring: fileListQuery,
        response: { 200: paginated(fileItem) },
      },
    },
    (request) => listFiles(db, storage, principalOf(request), request.query),
  );
  app.get('/api/files/:id/', { schema: { tags, operationId: 'getFile', summary: 'A file', params: idParams, response: { 200: fileItem } } }, (request) =>
    getFile(db, principalOf(request), request.params.id),
  );
  app.get(
    '/api/files/:id/download/',
    {
      // A HEAD would open the bytes and be audited as a download.
      exposeHeadRoute: false,
      schema: {
        tags,
        operationId: 'downloadFile',
        summary: "The file's bytes, as an attachment, typed by its contents",
        params: idParams,
        response: {
          200: {
            description: 'The file.',
            content: Object.fromEntries(Object.keys(FILE_KINDS).map((k) => [mediaTypeOf(k), { schema: BINARY }])),
          },
        },
      },
    },
    async (request, reply) => {
      const f = await openFile(db, storage, principalOf(request), request.params.id);
      return reply
        .type(mediaTypeOf(f.kind))
        .header('content-disposition', contentDisposition(f.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .header('content-length', String(f.size))
        .send(f.body);
    },
  );
  app.patch(
    '/api/files/:id/',
    {
      config: staff,
      schema: { tags, operationId: 'updateFile', summary: 'Rename or move a file', params: idParams, body: fileUpdateBody, response: { 200: fileItem } },
    },
    (request) => db.transaction((tx) => updateFile(tx, principalOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/api/files/:id/',
    { config: staff, schema: { tags, operationId: 'deleteFile', summary: 'Move a file to the bin', params: idParams, response: DELETED } },
    async (request, reply) => {
      await db.transaction((tx) => deleteFile(tx, principalOf(request), request.params.id));
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/api/files/:id/restore/',
    { config: staff, schema: { tags, operationId: 'restoreFile', summary: 'Bring a file back from the bin', params: idParams, response: { 200: fileItem } } },
    (request) => db.transaction((tx) => restoreFile(tx, principalOf(request), request.params.id)),
  );

  app.get(
    '/api/attachments/',
    {
      schema: {
        tags,
        operationId: 'listAttachments',
        summary: "A sample's, a result's or a report's attachments",
        querystring: attachmentQuery,
        response: { 200: z.array(attachmentItem) },
      },
    },
    (request) => listAttachments(db, principalOf(request), request.query),
  );
  app.patch(
    '/api/attachments/:id/',
    {
      config: staff,
      schema: {
        tags,
        operationId: 'updateAttachment',
        summary: "Change an attachment's description or whether the report lists it",
        params: idParams,
        body: attachmentUpdateBody,
        response: { 200: attachmentItem },
      },
    },
    (request) => db.transaction((tx) => updateAttachment(tx, principalOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/api/attachments/:id/',
    {
      config: staff,
      schema: { tags, operationId: 'deleteAttachment', summary: 'Remove an attachment', params: idParams, response: { 204: z.null().describe('Removed.') } },
    },
    async (request, reply) => {
      await db.transaction((tx) => deleteAttachment(tx, principalOf(request), request.params.id));
      return reply.code(204).send(null);
    },
  );

  uploadRoutes(app, db, configured);

  // The bins are emptied of what is older than 30 days on a timer too (a bin nobody opens still empties).
  const timer = setInterval(() => {
    purgeBin(db, storage).catch((error) => app.log.error({ err: safeError(error) }, 'emptying the file bins failed'));
  }, PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', (_app, done) => {
    clearInterval(timer);
    done();
  });
}
