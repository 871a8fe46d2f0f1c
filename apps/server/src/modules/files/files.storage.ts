import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { type FilesConfig, loadFilesConfig, type S3Config } from '../../core/config.js';

/**
 * Where the bytes of uploaded files live, by a key the server made (a random
 * UUID and the kind's extension, never the user's file name): a folder under
 * DATA_DIR, or an S3-compatible bucket. The database holds everything else.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Readable, size: number, mediaType: string): Promise<void>;
  /** The bytes; a `StorageMissing` error when the key holds none. */
  get(key: string): Promise<Readable>;
  /** Removing a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
}

export class StorageMissing extends Error {
  constructor(key: string) {
    super(`No stored file under ${key}`);
  }
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z]{3,4}$/;

/** A new storage key for a file of this kind (its extension). */
export const newStorageKey = (kind: string): string => `${randomUUID()}.${kind}`;

function checkKey(key: string): string {
  // Keys are ours, but a key is also a path: nothing but the generated shape reaches the disk or the bucket.
  if (!KEY.test(key)) throw new Error('Not a storage key');
  return key;
}

/** Files in a folder, spread over 256 sub-folders by the key's first two characters. */
export function localStorage(dir: string): FileStorage {
  const where = (key: string) => path.join(dir, checkKey(key).slice(0, 2), key);
  return {
    kind: 'local',
    async put(key, body) {
      const target = where(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const partial = `${target}.${randomUUID()}.part`;
      try {
        await pipeline(body, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = where(key);
      return new Promise((resolve, reject) => {
        const stream = createReadStream(file);
        stream.once('open', () => resolve(stream));
        stream.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new StorageMissing(key) : error));
      });
    },
    async delete(key) {
      await rm(where(key), { force: true });
    },
  };
}

const missing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** An S3-compatible bucket. */
export function s3Storage(config: S3Config): FileStorage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
    // Checksums only where the API requires them: several S3-compatible servers refuse the newer default trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  return {
    kind: 's3',
    async put(key, body, size, mediaType) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkKey(key), Body: body, ContentLength: size, ContentType: mediaType }));
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return out.Body as Readable;
      } catch (error) {
        throw missing(error) ? new StorageMissing(key) : error;
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
      } catch (error) {
        if (!missing(error)) throw error;
      }
    },
  };
}

export function createStorage(config: FilesConfig): FileStorage {
  return config.storage === 's3' && config.s3 ? s3Storage(config.s3) : localStorage(config.dir);
}

const made = new Map<string, FileStorage>();

/** The storage the environment configures (FILE_STORAGE, DATA_DIR, S3_*), one per configuration in the process. */
export function storageFromEnv(env: NodeJS.ProcessEnv = process.env): { storage: FileStorage; config: FilesConfig } {
  const config = loadFilesConfig(env);
  const key = JSON.stringify(config);
  let storage = made.get(key);
  if (!storage) {
    storage = createStorage(config);
    made.set(key, storage);
  }
  return { storage, config };
}
