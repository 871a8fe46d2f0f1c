import multipart from '@fastify/multipart';
import { attachmentItem, attachmentUploadFields, fileItem, fileUploadFields } from '@nlims/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import { ValidationError } from '../../core/errors.js';
import type { App } from '../../core/types.js';
import { fileFacility, requireControl } from './files.items.js';
import type { FilesConfig } from '../../core/config.js';
import type { FileStorage } from './files.storage.js';
import { discard, readUpload, recordStored } from './files.multipart.js';
import { createAttachments, createFiles, reachTarget, uploadInput } from './files.service.js';

const tags = ['files'];
const FILE_PARTS = z
  .any()
  .optional()
  .meta({ type: 'array', items: { type: 'string', format: 'binary' }, description: 'The files, each a part named `file`.' });

/**
 * The two uploads, the only routes that read multipart bodies (an encapsulated context): each file is spooled
 * and judged by its bytes (readUpload), stored, then recorded in one transaction; a refusal stores nothing.
 */
export function uploadRoutes(app: App, db: Db, { storage, config }: { storage: FileStorage; config: FilesConfig }): void {
  app.register(async (scope) => {
    // A file over the limit is cut off there and refused by readUpload, naming the field.
    await scope.register(multipart, { limits: { fileSize: config.uploadMaxBytes }, throwFileSizeLimit: false });
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    uploads.post(
      '/api/files/',
      {
        config: { may: fileFacility },
        schema: {
          tags,
          operationId: 'uploadFiles',
          summary: 'Upload files (multipart/form-data), or a controlled document: its first version, or the next one of its code',
          consumes: ['multipart/form-data'],
          body: fileUploadFields.extend({ file: FILE_PARTS }),
          response: { 201: z.array(fileItem) },
        },
      },
      async (request, reply) => {
        const p = principalOf(request);
        fileFacility(p);
        const upload = await readUpload(request, config);
        try {
          const input = uploadInput(upload.fields);
          if (input.document) requireControl(p);
          const made = await recordStored(storage, upload.files, (keys) => db.transaction((tx) => createFiles(tx, p, { ...input, files: upload.files, keys })));
          return reply.code(201).send(made);
        } finally {
          await discard(upload);
        }
      },
    );
    uploads.post(
      '/api/attachments/',
      {
        config: { may: fileFacility },
        schema: {
          tags,
          operationId: 'createAttachments',
          summary: 'Attach files to a sample, a result or a non-conformity report (multipart/form-data)',
          consumes: ['multipart/form-data'],
          body: attachmentUploadFields.partial().extend({ file: FILE_PARTS }),
          response: { 201: z.array(attachmentItem) },
        },
      },
      async (request, reply) => {
        const p = principalOf(request);
        fileFacility(p);
        const upload = await readUpload(request, config);
        try {
          const parsed = attachmentUploadFields.safeParse(upload.fields);
          if (!parsed.success)
            throw new ValidationError(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || 'non_field_errors', [i.message]])));
          const f = parsed.data;
          const target = await reachTarget(db, p, f.target, f.id, 'attach');
          const made = await recordStored(storage, upload.files, (keys) =>
            db.transaction((tx) => createAttachments(tx, p, target, { description: f.description, withReport: f.with_report, files: upload.files, keys })),
          );
          return reply.code(201).send(made);
        } finally {
          await discard(upload);
        }
      },
    );
  });
}
