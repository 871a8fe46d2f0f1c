import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A DHIS2 stand-in on a local port, for the tests: it checks each `POST /api/dataValueSets` against DHIS2's
 * documented import format — basic auth, JSON, `dryRun` and `importStrategy`, a data set UID, a YYYYMM period,
 * `dataValues` each with a data element, org unit (and category option combo when given) of UID shape, the payload's
 * period, and the value a string of a whole number — and answers as DHIS2 does: an import summary with its counts
 * (imported, updated, ignored, deleted) and a conflict for a data element it does not know, wrapped in the
 * WebMessage of 2.38 on (409 when something conflicted) or bare as up to 2.37. What it found wrong is kept in
 * `problems`, which a test expects empty. In `foreign` mode it answers as some other service would (a 400 whose body
 * is no DHIS2 reply), for the tests that check such a body is never kept.
 */
export interface FakeDhis2 {
  url: string;
  problems: string[];
  requests: { dryRun: boolean; body: unknown; auth: string }[];
  /** The values it holds (key: dataElement|coc|orgUnit|period). */
  stored: Map<string, string>;
  /** Data elements it knows; any other is a conflict. */
  known: Set<string>;
  mode: 'wrapped' | 'bare' | 'fail' | 'hang' | 'foreign';
  close(): Promise<void>;
}

const UID = /^[A-Za-z][A-Za-z0-9]{10}$/;
/** What another service's 400 says in `foreign` mode: no reply the product keeps may carry it. */
export const FOREIGN_BODY = 'internal-service banner: pg_hba.conf rejects connection for host';

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let s = '';
    req.setEncoding('utf8');
    req.on('data', (c) => {
      s += c;
    });
    req.on('end', () => resolve(s));
  });
}

export async function startFakeDhis2(credentials: { username: string; password: string }, known: Iterable<string> = []): Promise<FakeDhis2> {
  const fake: Omit<FakeDhis2, 'url' | 'close'> = { problems: [], requests: [], stored: new Map(), known: new Set(known), mode: 'wrapped' };
  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    if (fake.mode === 'hang') return; // never answers
    const url = new URL(req.url ?? '/', 'http://x');
    const raw = await read(req);
    if (req.method !== 'POST' || url.pathname !== '/api/dataValueSets') return send(404, { httpStatus: 'Not Found', httpStatusCode: 404, status: 'ERROR' });
    const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
    const auth = req.headers.authorization ?? '';
    if (auth !== expected) return send(401, { httpStatus: 'Unauthorized', httpStatusCode: 401, status: 'ERROR', message: 'Unauthorized' });
    if (fake.mode === 'foreign') return send(400, { message: FOREIGN_BODY, status: 400, error: 'Bad Request' });
    if (fake.mode === 'fail')
      return send(500, { httpStatus: 'Internal Server Error', httpStatusCode: 500, status: 'ERROR', message: 'java.lang.NullPointerException' });
    const problem = (s: string) => fake.problems.push(s);
    if (!String(req.headers['content-type']).startsWith('application/json')) problem(`content-type ${req.headers['content-type']}`);
    const dryRun = url.searchParams.get('dryRun');
    if (dryRun !== 'true' && dryRun !== 'false') problem(`dryRun ${dryRun}`);
    if (url.searchParams.get('importStrategy') !== 'CREATE_AND_UPDATE') problem(`importStrategy ${url.searchParams.get('importStrategy')}`);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw);
    } catch {
      return send(400, { httpStatus: 'Bad Request', httpStatusCode: 400, status: 'ERROR', message: 'JSON parse error' });
    }
    fake.requests.push({ dryRun: dryRun === 'true', body, auth });
    const allowed = new Set(['dataSet', 'period', 'orgUnit', 'completeDate', 'attributeOptionCombo', 'dataValues']);
    for (const k of Object.keys(body)) if (!allowed.has(k)) problem(`unknown top-level field ${k}`);
    if (typeof body.dataSet !== 'string' || !UID.test(body.dataSet)) problem(`dataSet ${body.dataSet}`);
    if (typeof body.period !== 'string' || !/^\d{4}(0[1-9]|1[0-2])$/.test(body.period)) problem(`period ${body.period}`);
    if (body.orgUnit !== undefined && (typeof body.orgUnit !== 'string' || !UID.test(body.orgUnit))) problem(`orgUnit ${body.orgUnit}`);
    if (!Array.isArray(body.dataValues)) problem('dataValues is not an array');
    const counts = { imported: 0, updated: 0, ignored: 0, deleted: 0 };
    const conflicts: { object: string; objects: Record<string, string>; value: string; errorCode: string; property: string; indexes: number[] }[] = [];
    const seen = new Set<string>();
    ((body.dataValues as Record<string, unknown>[]) ?? []).forEach((v, i) => {
      for (const k of Object.keys(v))
        if (!['dataElement', 'categoryOptionCombo', 'attributeOptionCombo', 'orgUnit', 'period', 'value', 'comment', 'followup', 'storedBy'].includes(k))
          problem(`dataValues[${i}] unknown field ${k}`);
      if (typeof v.dataElement !== 'string' || !UID.test(v.dataElement)) problem(`dataValues[${i}].dataElement ${v.dataElement}`);
      if (v.categoryOptionCombo !== undefined && (typeof v.categoryOptionCombo !== 'string' || !UID.test(v.categoryOptionCombo)))
        problem(`dataValues[${i}].categoryOptionCombo ${v.categoryOptionCombo}`);
      if (typeof v.orgUnit !== 'string' || !UID.test(v.orgUnit)) problem(`dataValues[${i}].orgUnit ${v.orgUnit}`);
      if (v.period !== body.period) problem(`dataValues[${i}].period ${v.period}`);
      if (typeof v.value !== 'string' || !/^(0|[1-9]\d*)$/.test(v.value)) problem(`dataValues[${i}].value ${JSON.stringify(v.value)}`);
      const key = `${v.dataElement}|${v.categoryOptionCombo ?? ''}|${v.orgUnit}|${v.period}`;
      if (seen.has(key)) problem(`dataValues[${i}] repeats ${key}`);
      seen.add(key);
      if (!fake.known.has(String(v.dataElement))) {
        counts.ignored++;
        conflicts.push({
          object: String(v.dataElement),
          objects: { dataElement: String(v.dataElement) },
          value: `Data element not found or not accessible: \`${v.dataElement}\``,
          errorCode: 'E7610',
          property: 'dataElement',
          indexes: [i],
        });
        return;
      }
      if (fake.stored.has(key)) counts.updated++;
      else counts.imported++;
      if (dryRun === 'false') fake.stored.set(key, String(v.value));
    });
    const status = conflicts.length ? 'WARNING' : 'SUCCESS';
    const summary = {
      responseType: 'ImportSummary',
      status,
      importOptions: { idSchemes: {}, dryRun: dryRun === 'true', async: false, importStrategy: 'CREATE_AND_UPDATE' },
      description: 'Import process completed successfully',
      importCount: counts,
      conflicts,
      dataSetComplete: 'false',
    };
    if (fake.mode === 'bare') return send(200, summary);
    send(conflicts.length ? 409 : 200, {
      httpStatus: conflicts.length ? 'Conflict' : 'OK',
      httpStatusCode: conflicts.length ? 409 : 200,
      status: conflicts.length ? 'WARNING' : 'OK',
      message: conflicts.length ? 'One more conflicts encountered, please check import summary.' : 'Import was successful.',
      response: summary,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
