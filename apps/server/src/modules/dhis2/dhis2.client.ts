import http from 'node:http';
import https from 'node:https';
import type { Dhis2Payload } from '@nlims/contracts';
import { guardedLookup, type OutboundPolicy, OutboundRefused, type OutboundRefusal, parseHostList, refusalOf } from '../../core/outbound.js';

/**
 * The DHIS2 side: `POST {base}/api/dataValueSets` with basic auth, JSON, `importStrategy=CREATE_AND_UPDATE` and
 * `dryRun`, within a timeout; the reply's import summary read whichever shape the server speaks — the top-level
 * ImportSummary of DHIS2 up to 2.37, or the WebMessage wrapper of 2.38 on (`{httpStatus, status, response: {...}}`,
 * 409 when there were conflicts). Never throws: a server that cannot be reached, refuses the credentials, fails or
 * answers something else is an outcome with its reason.
 *
 * Only to an address the outbound policy accepts (core/outbound.ts): https, on the internet, unless the operator lists
 * the host in DHIS2_ALLOWED_HOSTS (or allows plain http with DHIS2_ALLOW_HTTP=1); the address is checked before the
 * request and every name again by the connection's own lookup. What is kept of a reply is its HTTP status and
 * DHIS2's import summary, never another body; a connection that fails, is refused or times out is one message, so
 * the outcome tells nothing of what listens where.
 */

export interface Dhis2Conflict {
  object: string;
  value: string;
  error_code?: string;
}

export interface Dhis2Outcome {
  ok: boolean;
  httpStatus: number | null;
  importStatus: string;
  imported: number;
  updated: number;
  ignored: number;
  deleted: number;
  conflicts: Dhis2Conflict[];
  summary: unknown;
  error: string;
}

export interface Dhis2Server {
  baseUrl: string;
  username: string;
  password: string;
}

/** How long DHIS2 has to answer (ms): DHIS2_TIMEOUT_MS, default 45 s, within the web app’s own 60 s (a large month imports synchronously). */
export const dhis2Timeout = (): number => {
  const n = Number(process.env.DHIS2_TIMEOUT_MS);
  return Number.isFinite(n) && n > 0 ? n : 45_000;
};

/**
 * Where the DHIS2 requests may go, read from the environment when used: DHIS2_ALLOWED_HOSTS (names or addresses, comma
 * separated, as written in the DHIS2 address) may be inside the network and over plain http; DHIS2_ALLOW_HTTP=1
 * allows plain http to any host on the internet. A list that cannot be read allows nothing.
 */
export function dhis2Outbound(env: NodeJS.ProcessEnv = process.env): OutboundPolicy {
  let allowedHosts: Set<string>;
  try {
    allowedHosts = parseHostList(env.DHIS2_ALLOWED_HOSTS);
  } catch {
    allowedHosts = new Set();
  }
  return { allowedHosts, allowHttp: ['1', 'true', 'yes'].includes((env.DHIS2_ALLOW_HTTP ?? '').trim().toLowerCase()) };
}

/** Why the DHIS2 address is refused, in the super admin's words. */
export const REFUSAL_MESSAGES: Record<OutboundRefusal, string> = {
  scheme: 'The address must start with https:// (or http://).',
  http: 'Use https://: plain http is allowed only for a host the server’s operator lists in DHIS2_ALLOWED_HOSTS (or with DHIS2_ALLOW_HTTP=1).',
  internal:
    'This address is inside the network (loopback, private, link-local, unique-local, multicast or unspecified): it is allowed only for a host the server’s operator lists in DHIS2_ALLOWED_HOSTS.',
};

const MAX_CONFLICTS = 200;
const text = (v: unknown, max = 500): string => (v == null ? '' : String(typeof v === 'object' ? JSON.stringify(v) : v).slice(0, max));
const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The ImportSummary in a reply: the reply itself (older servers) or its `response` (2.38 on); null when there is none. */
export function importSummaryOf(body: unknown): Json | null {
  if (!isObject(body)) return null;
  if (isObject(body.response) && (body.response.importCount || body.response.responseType === 'ImportSummary')) return body.response;
  if (body.importCount || body.responseType === 'ImportSummary') return body;
  return null;
}

/** The parts of an ImportSummary that are kept: its status, its counts and its conflicts. */
export function readImportSummary(summary: Json): Pick<Dhis2Outcome, 'importStatus' | 'imported' | 'updated' | 'ignored' | 'deleted' | 'conflicts'> {
  const c = isObject(summary.importCount) ? summary.importCount : {};
  const conflicts = Array.isArray(summary.conflicts) ? summary.conflicts : [];
  return {
    importStatus: text(summary.status, 40),
    imported: count(c.imported),
    updated: count(c.updated),
    ignored: count(c.ignored),
    deleted: count(c.deleted),
    conflicts: conflicts.slice(0, MAX_CONFLICTS).map((x) => {
      const o = isObject(x) ? x : {};
      return { object: text(o.object), value: text(o.value), ...(o.errorCode ? { error_code: text(o.errorCode, 20) } : {}) };
    }),
  };
}

const failure = (httpStatus: number | null, error: string): Dhis2Outcome => ({
  ok: false,
  httpStatus,
  importStatus: '',
  imported: 0,
  updated: 0,
  ignored: 0,
  deleted: 0,
  conflicts: [],
  summary: null,
  error,
});

/** The endpoint, with the import's parameters. */
export function dataValueSetsUrl(baseUrl: string, dryRun: boolean): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/api/dataValueSets`);
  url.searchParams.set('dryRun', String(dryRun));
  url.searchParams.set('importStrategy', 'CREATE_AND_UPDATE');
  return url.toString();
}

/** The most of a reply that is read: an import summary with its 200 conflicts is far smaller. */
const MAX_REPLY_BYTES = 8 * 1024 * 1024;

class ReplyTooLarge extends Error {}

/** One POST with Node's own client: the policy's lookup on the connection, no redirect followed, no proxy. */
function post(url: URL, headers: Record<string, string>, body: string, timeoutMs: number, policy: OutboundPolicy): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(policy),
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_REPLY_BYTES) return void chunks.push(chunk);
          reject(new ReplyTooLarge());
          request.destroy();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
        // Cut off (the time ran out, the server closed): never left waiting.
        res.on('close', () => {
          if (!res.complete) reject(new Error('The reply was cut off.'));
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** What is kept of an import summary: its status and counts (the conflicts have their own column). */
const keptSummary = (read: ReturnType<typeof readImportSummary>) => ({
  status: read.importStatus,
  importCount: { imported: read.imported, updated: read.updated, ignored: read.ignored, deleted: read.deleted },
});

export async function postDataValueSets(
  server: Dhis2Server,
  payload: Dhis2Payload,
  dryRun: boolean,
  timeoutMs = dhis2Timeout(),
  policy = dhis2Outbound(),
): Promise<Dhis2Outcome> {
  const url = new URL(dataValueSetsUrl(server.baseUrl, dryRun));
  const refusal = refusalOf(url, policy);
  if (refusal) return failure(null, `The DHIS2 address is refused. ${REFUSAL_MESSAGES[refusal]}`);
  let res: { status: number; body: string };
  try {
    res = await post(
      url,
      {
        authorization: `Basic ${Buffer.from(`${server.username}:${server.password}`, 'utf8').toString('base64')}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      JSON.stringify(payload),
      timeoutMs,
      policy,
    );
  } catch (error) {
    if (error instanceof OutboundRefused) return failure(null, `The DHIS2 address is refused. ${REFUSAL_MESSAGES[error.reason]}`);
    if (error instanceof ReplyTooLarge) return failure(null, 'The DHIS2 server’s reply was too large to read.');
    // Refused, reset, unresolved, a TLS failure or no answer in time: one message, which tells no port from another.
    return failure(null, `The DHIS2 server could not be reached: could not connect, or no answer within ${Math.round(timeoutMs / 1000)} s.`);
  }
  let body: unknown = null;
  try {
    body = res.body ? JSON.parse(res.body) : null;
  } catch {
    body = null;
  }
  if (res.status === 401) return failure(401, 'The DHIS2 server refused the username or password (401).');
  if (res.status === 403) return failure(403, 'The DHIS2 user may not import data values (403).');
  if (res.status >= 300 && res.status < 400) return failure(res.status, `The DHIS2 server redirected the request (${res.status}): check the server URL.`);
  const summary = importSummaryOf(body);
  // 2.38 on answers 409 with the summary when values conflicted: that is an import summary, not a failure to send.
  if (summary && ((res.status >= 200 && res.status < 300) || res.status === 409)) {
    const read = readImportSummary(summary);
    return { ok: true, httpStatus: res.status, summary: keptSummary(read), error: '', ...read };
  }
  if (res.status >= 500) return failure(res.status, `The DHIS2 server failed (${res.status}).`);
  return failure(res.status, `The DHIS2 server answered ${res.status} without an import summary.`);
}
