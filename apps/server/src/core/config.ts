import { availableParallelism } from 'node:os';
import path from 'node:path';
import { DEFAULT_UPLOAD_MAX_MB } from '@nlims/contracts';
import { parseHostList } from './outbound.js';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Set when a PostgreSQL server is used instead of the embedded database. */
  databaseUrl: string | null;
  /** Seed demo facilities and users. */
  demo: boolean;
  jwtSecret: string | null;
  /** PREVIOUS_JWT_SECRET: the secret before a rotation, read only to open the secrets kept at rest and seal them again. */
  previousJwtSecret: string | null;
  /** The public address the QR codes on printed reports point to (PUBLIC_URL, e.g. https://lims.example.gov.ng); null: the request's own origin. */
  publicUrl: string | null;
  /** Built web app to serve; null serves the API only. */
  webDist: string | null;
  /** Extra salt for the service-worker version (a deployment marker). */
  buildId: string;
  logLevel: string;
  /** Log each request and reply (LOG_REQUESTS=1). */
  logRequests: boolean;
  /** Re-validate each reply against its schema (VALIDATE_REPLIES=1; tests always do). */
  validateReplies: boolean;
  /** Worker processes on a PostgreSQL server; the embedded database always runs in one process. */
  workers: number;
  /** The embedded database's admission queue: requests in flight, waiting, and the longest wait in ms. */
  dbQueue: { concurrency: number; maxWaiting: number; maxWaitMs: number };
  /** Uploaded files: where their bytes are kept, and the largest upload. */
  files: FilesConfig;
  /** Analysers' HL7 / ASTM listeners (INSTRUMENTS=0 turns them off; INSTRUMENT_HOST the address they bind). */
  instruments: { enabled: boolean; host: string; syncMs: number };
  /** Result notifications: the providers (none: messages stay in the outbox) and the retry policy. */
  notifications: NotificationConfig;
}

export interface NotificationConfig {
  /** SMTP_URL (smtp://user:pass@host:587, smtps://…); null: e-mails stay queued. */
  smtpUrl: string | null;
  /** MAIL_FROM: the sender of the e-mails. */
  mailFrom: string;
  /** SMS_GATEWAY_URL: the HTTP SMS gateway's endpoint; null: SMS stay queued. */
  smsGatewayUrl: string | null;
  /** SMS_GATEWAY_TOKEN: the bearer token sent to the gateway, and the token its delivery reports must carry. */
  smsGatewayToken: string | null;
  /** NOTIFY_RETRY_MS: the first retry's delay, doubled at each further attempt. */
  retryMs: number;
  /** NOTIFY_MAX_ATTEMPTS: attempts before a message is marked failed. */
  maxAttempts: number;
  /** NOTIFY_POLL_MS: how often each process looks for messages due. */
  pollMs: number;
}

/** The notification settings from the environment (read again by the app when none are given, as in tests). */
export function loadNotificationConfig(env: NodeJS.ProcessEnv): NotificationConfig {
  const url = (name: string) => {
    const text = env[name]?.trim();
    if (!text) return null;
    try {
      new URL(text);
    } catch {
      throw new Error(`${name} must be an address (URL), got ${text}`);
    }
    return text;
  };
  return {
    smtpUrl: url('SMTP_URL'),
    mailFrom: env.MAIL_FROM?.trim() || 'NLIMS <no-reply@localhost>',
    smsGatewayUrl: url('SMS_GATEWAY_URL'),
    smsGatewayToken: env.SMS_GATEWAY_TOKEN?.trim() || null,
    retryMs: positive('NOTIFY_RETRY_MS', env.NOTIFY_RETRY_MS, 60_000, 10),
    maxAttempts: positive('NOTIFY_MAX_ATTEMPTS', env.NOTIFY_MAX_ATTEMPTS, 5),
    pollMs: positive('NOTIFY_POLL_MS', env.NOTIFY_POLL_MS, 5_000, 10),
  };
}

/** S3-compatible object storage (AWS S3, MinIO, Ceph, Cloudflare R2 …). */
export interface S3Config {
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Address the bucket in the path (http://host/bucket/key), as MinIO and most self-hosted servers want. */
  forcePathStyle: boolean;
}

export interface FilesConfig {
  /** `local`: a folder under DATA_DIR; `s3`: a bucket (FILE_STORAGE=s3 and the S3_* settings). */
  storage: 'local' | 's3';
  /** The local storage's folder (DATA_DIR/files): outside anything the web server serves. */
  dir: string;
  /** Where an upload is written while its contents are checked, before it is stored. */
  tmpDir: string;
  s3: S3Config | null;
  /** The largest file an upload may carry (UPLOAD_MAX_MB, megabytes). */
  uploadMaxBytes: number;
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

function port(value: string | undefined, fallback: number): number {
  const n = Number(value ?? fallback);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`PORT must be a port number, got ${value}`);
  return n;
}

function positive(name: string, value: string | undefined, fallback: number, min = 1): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of at least ${min}, got ${value}`);
  return n;
}

/** WORKERS (default: one per CPU) on a PostgreSQL server; always 1 on the embedded database, which lives in one process. */
export function workerCount(env: NodeJS.ProcessEnv, databaseUrl: string | null, cpus = availableParallelism()): number {
  const wanted = positive('WORKERS', env.WORKERS, cpus);
  return databaseUrl ? wanted : 1;
}

/** FILE_STORAGE (local, s3), the S3_* settings and UPLOAD_MAX_MB; a missing bucket for s3 stops the start. */
export function loadFilesConfig(env: NodeJS.ProcessEnv, dataDir = path.resolve(env.DATA_DIR ?? 'data')): FilesConfig {
  const storage = (env.FILE_STORAGE?.trim() || 'local').toLowerCase();
  if (storage !== 'local' && storage !== 's3') throw new Error(`FILE_STORAGE must be local or s3, got ${env.FILE_STORAGE}`);
  let s3: S3Config | null = null;
  if (storage === 's3') {
    const bucket = env.S3_BUCKET?.trim();
    if (!bucket) throw new Error('FILE_STORAGE=s3 needs S3_BUCKET');
    s3 = {
      endpoint: env.S3_ENDPOINT?.trim() || null,
      bucket,
      region: env.S3_REGION?.trim() || 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID?.trim() || null,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY?.trim() || null,
      forcePathStyle: ['1', 'true', 'yes'].includes((env.S3_FORCE_PATH_STYLE ?? '').trim().toLowerCase()),
    };
  }
  return {
    storage,
    dir: path.join(dataDir, 'files'),
    tmpDir: path.join(dataDir, 'tmp', 'uploads'),
    s3,
    uploadMaxBytes: positive('UPLOAD_MAX_MB', env.UPLOAD_MAX_MB, DEFAULT_UPLOAD_MAX_MB) * 1024 * 1024,
  };
}

/** PUBLIC_URL: an http(s) origin with an optional path, kept without its trailing slash. */
function publicUrl(value: string | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`PUBLIC_URL must be an http(s) address, got ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_URL must be an http(s) address, got ${value}`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  // The embedded database seeds demo data unless DEMO=0; a server database only with DEMO=1.
  const demo = databaseUrl ? env.DEMO === '1' : env.DEMO !== '0';
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  // The DHIS2 module reads the list when it sends; one that cannot be read stops the start here instead.
  try {
    parseHostList(env.DHIS2_ALLOWED_HOSTS);
  } catch (error) {
    throw new Error(`DHIS2_ALLOWED_HOSTS must list host names or addresses: ${(error as Error).message}`);
  }
  return {
    port: port(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    demo,
    jwtSecret: env.JWT_SECRET?.trim() || null,
    previousJwtSecret: env.PREVIOUS_JWT_SECRET?.trim() || null,
    publicUrl: publicUrl(env.PUBLIC_URL),
    webDist: env.WEB_DIST === '' ? null : path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    buildId: env.APP_BUILD_ID ?? '',
    logLevel: env.LOG_LEVEL ?? 'info',
    logRequests: env.LOG_REQUESTS === '1',
    validateReplies: env.VALIDATE_REPLIES === '1',
    workers: workerCount(env, databaseUrl),
    dbQueue: {
      concurrency: positive('DB_QUEUE_CONCURRENCY', env.DB_QUEUE_CONCURRENCY, 4),
      maxWaiting: positive('DB_QUEUE_MAX_WAITING', env.DB_QUEUE_MAX_WAITING, 64, 0),
      maxWaitMs: positive('DB_QUEUE_MAX_WAIT_MS', env.DB_QUEUE_MAX_WAIT_MS, 3000),
    },
    files: loadFilesConfig(env, dataDir),
    instruments: {
      enabled: env.INSTRUMENTS !== '0',
      // The loopback by default: an analyser on the laboratory's network needs INSTRUMENT_HOST set (0.0.0.0 or the LAN address).
      host: env.INSTRUMENT_HOST?.trim() || '127.0.0.1',
      syncMs: positive('INSTRUMENT_SYNC_MS', env.INSTRUMENT_SYNC_MS, 15_000, 500),
    },
    notifications: loadNotificationConfig(env),
  };
}
