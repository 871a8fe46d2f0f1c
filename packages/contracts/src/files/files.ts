import { z } from 'zod';
import { dbId, idParam, oneLine } from '../input.js';

/**
 * Documents and files (DOMAIN "Files", OWASP file-upload guidance): folders
 * and files per facility, controlled documents with versions, and
 * attachments on a sample, a result or a non-conformity report.
 */

/** Files a laboratory keeps, recognised by their own bytes: the extension a stored file is given follows its contents. */
export const FILE_KINDS = {
  pdf: { media: 'application/pdf', label: 'PDF' },
  png: { media: 'image/png', label: 'PNG image' },
  jpg: { media: 'image/jpeg', label: 'JPEG image' },
  tif: { media: 'image/tiff', label: 'TIFF image' },
  docx: { media: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', label: 'Word document' },
  xlsx: { media: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', label: 'Excel workbook' },
  odt: { media: 'application/vnd.oasis.opendocument.text', label: 'OpenDocument text' },
  ods: { media: 'application/vnd.oasis.opendocument.spreadsheet', label: 'OpenDocument spreadsheet' },
  csv: { media: 'text/csv', label: 'CSV' },
  txt: { media: 'text/plain', label: 'Plain text' },
} as const;
export type FileKind = keyof typeof FILE_KINDS;
export const FILE_KIND_KEYS = Object.keys(FILE_KINDS) as FileKind[];
/** The `accept` list of an upload field (a hint to the browser; the server decides by the bytes). */
export const FILE_ACCEPT = FILE_KIND_KEYS.map((k) => `.${k}`)
  .concat('.jpeg', '.tiff')
  .join(',');
/** Default upload limit; the server's `UPLOAD_MAX_MB` changes it. */
export const DEFAULT_UPLOAD_MAX_MB = 20;
/** Days a deleted file or folder stays in the bin. */
export const BIN_DAYS = 30;

/** The name a user gives a folder or a file: one line (no line break or tab), as an uploaded file's name is made. */
const name = oneLine(z.string().trim().min(1, 'This field may not be blank.').max(200, 'Ensure this field has no more than 200 characters.')).refine(
  (s) => !/[/\\]/.test(s) && s !== '.' && s !== '..',
  'A name may not contain / or \\.',
);
const isoDate = z.iso.date("Invalid date format, Accepted format 'YYYY-MM-DD'");

/** Roles that may upload, supersede or change a controlled document (in any programme of the facility). */
export const DOCUMENT_ROLES = ['Admin', 'Manager', 'Supervisor'] as const;
export const mayControlDocuments = (roles: readonly string[]): boolean => roles.some((r) => (DOCUMENT_ROLES as readonly string[]).includes(r));

/** `children` (default): the folders inside `parent`, or the top level; `bin`: folders deleted in the last 30 days. */
export const folderListQuery = z.object({
  parent: idParam.optional(),
  view: z.enum(['children', 'bin']).default('children'),
});

export const folderCreateBody = z.object({ name, parent: dbId().nullable().default(null) });
export const folderUpdateBody = z.object({ name: name.optional(), parent: dbId().nullable().optional() });

export const folderItem = z.object({
  id: z.number(),
  name: z.string(),
  parent: z.number().nullable(),
  files_count: z.number(),
  folders_count: z.number(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type FolderItem = z.infer<typeof folderItem>;

/** The metadata of a controlled document's version, sent beside the upload (multipart fields) or to change it. */
export const documentFields = z.object({
  /** The document's reference, shared by its versions (e.g. SOP-HAEM-001). */
  code: z
    .string()
    .trim()
    .min(1, 'This field may not be blank.')
    .max(60)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Use letters, digits, dots, dashes and underscores.'),
  title: oneLine(z.string().trim().min(1, 'This field may not be blank.').max(200)),
  effective_date: isoDate,
  review_date: isoDate,
  approved_by: oneLine(z.string().trim().min(1, 'This field may not be blank.').max(120)),
});
export type DocumentFields = z.infer<typeof documentFields>;

export const fileItem = z.object({
  id: z.number(),
  name: z.string(),
  folder: z.number().nullable(),
  folder_name: z.string().nullable(),
  kind: z.string(),
  media_type: z.string(),
  size: z.number(),
  sha256: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  /** Controlled documents only. */
  document: z
    .object({
      code: z.string(),
      title: z.string(),
      version: z.number(),
      effective_date: z.string(),
      review_date: z.string(),
      approved_by: z.string(),
      /** current, superseded; past_review when the current version's review date has passed. */
      status: z.enum(['current', 'superseded']),
      past_review: z.boolean(),
      superseded_at: z.string().nullable(),
    })
    .nullable(),
});
export type FileItem = z.infer<typeof fileItem>;

export const fileUpdateBody = z.object({ name: name.optional(), folder: dbId().nullable().optional() });

export const fileListQuery = z.object({
  folder: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** root: files at the top level; bin: what was deleted in the last 30 days. */
  view: z.enum(['folder', 'root', 'bin', 'documents', 'past_review']).default('folder'),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * The fields of `POST files/` beside the file parts (multipart/form-data; the
 * files go under `file`): a folder, and for a controlled document all five of
 * `documentFields`. Sent as text, as a form sends them.
 */
export const fileUploadFields = z.object({
  folder: idParam.optional(),
  code: z.string().optional(),
  title: z.string().optional(),
  effective_date: z.string().optional(),
  review_date: z.string().optional(),
  approved_by: z.string().optional(),
});

export const ATTACHMENT_TARGETS = ['sample', 'result', 'ncr'] as const;
export type AttachmentTarget = (typeof ATTACHMENT_TARGETS)[number];

export const attachmentQuery = z.object({
  target: z.enum(ATTACHMENT_TARGETS, { error: `Choose one of: ${ATTACHMENT_TARGETS.join(', ')}.` }),
  /** The sample's, the test's (test order) or the report's id. */
  id: z.coerce.number().int().positive().max(2_147_483_647),
  /** `1` on a sample: what its report prints — the sample's and its tests' attachments marked `with_report`. */
  report: z.enum(['0', '1']).optional(),
});

/** The fields of `POST attachments/` beside the file parts (multipart/form-data; the files go under `file`). */
export const attachmentUploadFields = z.object({
  target: z.enum(ATTACHMENT_TARGETS, { error: `Choose one of: ${ATTACHMENT_TARGETS.join(', ')}.` }),
  id: idParam,
  description: z.string().trim().max(500, 'Ensure this field has no more than 500 characters.').default(''),
  /** `true` or `false`, as a form sends it. */
  with_report: z
    .enum(['true', 'false', '1', '0', 'on', ''], { error: 'Must be a valid boolean.' })
    .default('false')
    .transform((v) => v === 'true' || v === '1' || v === 'on'),
});

export const attachmentItem = z.object({
  id: z.number(),
  file: z.number(),
  name: z.string(),
  kind: z.string(),
  size: z.number(),
  target: z.enum(ATTACHMENT_TARGETS),
  target_id: z.number(),
  /** The test's name, for a result's attachment. */
  test_name: z.string().nullable(),
  description: z.string(),
  /** Listed with the report (and its PDF) when true. */
  with_report: z.boolean(),
  created_by: z.string(),
  created_at: z.string(),
});
export type AttachmentItem = z.infer<typeof attachmentItem>;

export const attachmentUpdateBody = z.object({ with_report: z.boolean().optional(), description: z.string().trim().max(500).optional() });
