import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILE_KINDS, type FileKind, unsafeTextProblem } from '@nlims/contracts';
import type { FastifyRequest } from 'fastify';
import { ValidationError } from '../../core/errors.js';
import { sniffFile } from './files.sniff.js';
import { type FileStorage, newStorageKey } from './files.storage.js';

/** An uploaded file, written aside while its size, hash and kind were taken; not yet stored. */
export interface Spooled {
  name: string;
  path: string;
  size: number;
  sha256: string;
  kind: FileKind;
  mediaType: string;
}

export interface Upload {
  fields: Record<string, string>;
  files: Spooled[];
  dir: string;
}

export const MAX_FILES = 20;
const MAX_FIELDS = 20;

/** The sent file name without any folder part or control character. */
export const cleanName = (sent: string): string =>
  (sent.split(/[/\\]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control and direction characters are removed from names
    .replace(/[\u0000-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g, '')
    .trim();

/** The name a stored file is given: the sent name with the extension its contents have (a PNG sent as `scan.pdf` is `scan.png`). */
export function storedName(sent: string, kind: FileKind): string {
  const base = cleanName(sent)
    .replace(/\.[A-Za-z][A-Za-z0-9]{0,4}$/, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 190);
  return `${base || 'file'}.${kind}`;
}

const tooLarge = (name: string, max: number) => `${name}: the file is larger than the ${Math.round(max / 1024 / 1024)} MB allowed.`;

async function drain(stream: Readable): Promise<void> {
  await pipeline(stream, new Writable({ write: (_c, _e, done) => done() }));
}

/** Write one file part aside, counting and hashing as it streams; then read what its bytes are. */
async function spool(file: Readable & { truncated?: boolean }, sent: string, target: string, max: number): Promise<Spooled | ValidationError> {
  const hash = createHash('sha256');
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(file, count, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
  const shown = cleanName(sent).slice(0, 100) || 'The file';
  if (file.truncated || size > max) return ValidationError.field('file', tooLarge(shown, max));
  const sniffed = await sniffFile(target, sent, size);
  if ('refused' in sniffed) return ValidationError.field('file', `${shown}: ${sniffed.refused}`);
  return {
    name: storedName(sent, sniffed.kind),
    path: target,
    size,
    sha256: hash.digest('hex'),
    kind: sniffed.kind,
    mediaType: FILE_KINDS[sniffed.kind].media,
  };
}

const MALFORMED = 'The upload is malformed or was cut short; send it again.';

/** The multipart parser's refusals, and a body cut short (the client gone), as 400s naming a field; anything else (the disk) as it is. */
function asValidation(error: unknown): unknown {
  const e = error as { code?: string; message?: string };
  if (e.code === 'FST_FILES_LIMIT') return ValidationError.field('file', `Send at most ${MAX_FILES} files at once.`);
  if (e.code === 'FST_PARTS_LIMIT' || e.code === 'FST_FIELDS_LIMIT') return ValidationError.field('non_field_errors', 'The form has too many fields.');
  if (e.code === 'FST_PROTO_VIOLATION') return ValidationError.field('non_field_errors', 'A field name is not allowed.');
  if (e.code === 'FST_INVALID_JSON_FIELD_ERROR') return ValidationError.field('non_field_errors', 'A field is not valid JSON.');
  if (e.code?.startsWith('FST_') || /multipart|boundary|unexpected end|malformed|terminated early|premature close|aborted/i.test(e.message ?? ''))
    return ValidationError.field('file', MALFORMED);
  return error;
}

/**
 * Read a multipart upload: its text fields, and each file part written to a
 * folder of its own under `tmpDir` with its size, sha256 and kind. Nothing is
 * held in memory beyond a chunk; a file over the limit is cut off at the limit.
 * Every part is read even after a refusal, so the client hears the answer.
 * The caller stores the files, then calls `discard`.
 */
export async function readUpload(request: FastifyRequest, options: { tmpDir: string; uploadMaxBytes: number }): Promise<Upload> {
  if (!request.isMultipart()) throw ValidationError.field('file', 'Send the files as multipart/form-data, each under "file".');
  await mkdir(options.tmpDir, { recursive: true });
  const dir = await mkdtemp(path.join(options.tmpDir, 'upload-'));
  const fields: Record<string, string> = {};
  const files: Spooled[] = [];
  let problem: ValidationError | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: options.uploadMaxBytes, files: MAX_FILES, fields: MAX_FIELDS, fieldSize: 4096, parts: MAX_FILES + MAX_FIELDS, headerPairs: 50 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        const unsafe = unsafeTextProblem(part.fieldname) ?? unsafeTextProblem(value);
        if (part.valueTruncated) problem ??= ValidationError.field(part.fieldname, 'Ensure this field has no more than 4096 characters.');
        else if (unsafe) problem ??= ValidationError.field(unsafeTextProblem(part.fieldname) ? 'non_field_errors' : part.fieldname, unsafe);
        else if (!(part.fieldname in fields)) fields[part.fieldname] = value;
        continue;
      }
      if (problem) {
        await drain(part.file);
        continue;
      }
      const got = await spool(part.file, part.filename ?? '', path.join(dir, String(files.length)), options.uploadMaxBytes);
      if (got instanceof ValidationError) problem = got;
      else files.push(got);
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw asValidation(error);
  }
  if (!problem && !files.length) problem = ValidationError.field('file', 'No file was sent.');
  if (problem) {
    await rm(dir, { recursive: true, force: true });
    throw problem;
  }
  return { fields, files, dir };
}

export const discard = (upload: Upload) => rm(upload.dir, { recursive: true, force: true });

/** Put each file into the storage under a new key; if one fails, those already put are removed. */
export async function storeAll(storage: FileStorage, files: readonly Spooled[]): Promise<string[]> {
  const keys: string[] = [];
  try {
    for (const f of files) {
      const key = newStorageKey(f.kind);
      await storage.put(key, createReadStream(f.path), f.size, f.mediaType);
      keys.push(key);
    }
    return keys;
  } catch (error) {
    await removeAll(storage, keys);
    throw error;
  }
}

/** Remove stored keys, as far as the storage lets (a failure is logged by the caller's purge later, never thrown). */
export async function removeAll(storage: FileStorage, keys: readonly string[]): Promise<string[]> {
  const failed: string[] = [];
  for (const key of keys) await storage.delete(key).catch(() => failed.push(key));
  return failed;
}

/** Store the files, then record them (given their keys); when recording fails, the stored bytes are removed again. */
export async function recordStored<T>(storage: FileStorage, files: readonly Spooled[], record: (keys: string[]) => Promise<T>): Promise<T> {
  const keys = await storeAll(storage, files);
  try {
    return await record(keys);
  } catch (error) {
    await removeAll(storage, keys);
    throw error;
  }
}
