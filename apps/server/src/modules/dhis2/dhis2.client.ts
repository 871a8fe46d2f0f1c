import type { Dhis2Payload } from '@nlims/contracts';

/**
 * The DHIS2 side: `POST {base}/api/dataValueSets` with basic auth, JSON, `importStrategy=CREATE_AND_UPDATE` and
 * `dryRun`, within a timeout; the reply's import summary read whichever shape the server speaks — the top-level
 * ImportSummary of DHIS2 up to 2.37, or the WebMessage wrapper of 2.38 on (`{httpStatus, status, response: {...}}`,
 * 409 when there were conflicts). Never throws: a server that cannot be reached, refuses the credentials, fails or
 * answers something else is an outcome with its reason.
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

const failure = (httpStatus: number | null, error: string, summary: unknown = null): Dhis2Outcome => ({
  ok: false,
  httpStatus,
  importStatus: '',
  imported: 0,
  updated: 0,
  ignored: 0,
  deleted: 0,
  conflicts: [],
  summary,
  error,
});

/** The endpoint, with the import's parameters. */
export function dataValueSetsUrl(baseUrl: string, dryRun: boolean): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/api/dataValueSets`);
  url.searchParams.set('dryRun', String(dryRun));
  url.searchParams.set('importStrategy', 'CREATE_AND_UPDATE');
  return url.toString();
}

export async function postDataValueSets(server: Dhis2Server, payload: Dhis2Payload, dryRun: boolean, timeoutMs = dhis2Timeout()): Promise<Dhis2Outcome> {
  let res: Response;
  try {
    res = await fetch(dataValueSetsUrl(server.baseUrl, dryRun), {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${server.username}:${server.password}`, 'utf8').toString('base64')}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(payload),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const e = error as { name?: string; cause?: { code?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return failure(null, `The DHIS2 server did not answer within ${Math.round(timeoutMs / 1000)} s.`);
    return failure(null, `The DHIS2 server could not be reached${e.cause?.code ? ` (${e.cause.code})` : ''}.`);
  }
  const raw = await res.text().catch(() => '');
  let body: unknown = null;
  try {
    body = raw ? JSON.parse(raw) : null;
  } catch {
    body = null;
  }
  if (res.status === 401) return failure(401, 'The DHIS2 server refused the username or password (401).');
  if (res.status === 403) return failure(403, 'The DHIS2 user may not import data values (403).');
  if (res.status >= 300 && res.status < 400) return failure(res.status, `The DHIS2 server redirected the request (${res.status}): check the server URL.`);
  const summary = importSummaryOf(body);
  // 2.38 on answers 409 with the summary when values conflicted: that is an import summary, not a failure to send.
  if (summary && (res.ok || res.status === 409)) return { ok: true, httpStatus: res.status, summary: body, error: '', ...readImportSummary(summary) };
  if (res.status >= 500) return failure(res.status, `The DHIS2 server failed (${res.status}).`, isObject(body) ? body : null);
  const message = isObject(body) ? text(body.message, 300) : '';
  return failure(
    res.status,
    `The DHIS2 server answered ${res.status} without an import summary${message ? `: ${message}` : '.'}`,
    isObject(body) ? body : null,
  );
}
