import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { clinicalSteps } from '../../test/clinical.js';
import type { TestApp } from '../../test/harness.js';
import { type ProgrammeCase, programmeSteps, requestFormFor } from '../../test/programmes.js';

/** An SMTP server on a free port that keeps every message it is given (tests). */
export async function startMailbox() {
  const messages: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** An HTTP SMS gateway on a free port: keeps each request, answers 200 with an id, or `status` when told to fail. */
export async function startGateway() {
  const received: { authorization: string | undefined; body: { to: string; message: string; reference: string } }[] = [];
  const state = { status: 200 };
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (c) => {
        text += c;
      });
      req.on('end', () => resolve(text));
    });
  const server: Server = createServer(async (req, res) => {
    const body = JSON.parse(await read(req));
    received.push({ authorization: req.headers.authorization, body });
    if (state.status !== 200) {
      res.writeHead(state.status, { 'content-type': 'text/plain' }).end('gateway unavailable');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `gw-${received.length}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/send`, received, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Set environment variables while `run` runs, then put them back. */
export async function withEnv<T>(vars: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  try {
    return await run();
  } finally {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/** A General E/U/Cr ordered at Ikeja with the clinician's e-mail, and a critical potassium (7.4 mmol/L, HH) entered: the sample. */
export async function criticalPotassium(t: TestApp, clinicianEmail = 'dr.bello@example.org') {
  const steps = clinicalSteps(() => t);
  const tests = await steps.catalogue();
  const panel = tests.find((x) => x.code === 'EUCR')!;
  const potassium = tests.find((x) => x.code === 'EUCR-K')!;
  for (const id of [panel.id, potassium.id]) await steps.as('clin_admin', 'POST', '/api/facility_test_service/', { test_type: id, price: 1000 });
  const client = await steps.newClient();
  const placed = await steps.as('clin_receptionist', 'POST', '/api/general_order/', {
    client: client.id,
    test_types: [panel.id],
    requesting_clinician: 'Dr Bello',
    clinician_email: clinicianEmail,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const sample = placed.json().samples[0] as { id: number; tests: { id: number; test_type: number }[] };
  const types = (await steps.as('superadmin', 'GET', '/api/sample_type/')).json() as { id: number; code: string }[];
  const ser = types.find((s) => s.code === 'SER')!.id;
  const collect = await steps.as('clin_receptionist', 'POST', `/api/general_order/${sample.id}/collect/`, {
    collected_at: new Date().toISOString(),
    sample_type: ser,
  });
  expect(collect.statusCode, collect.body).toBe(200);
  expect((await steps.as('clin_receptionist', 'POST', `/api/general_order/${sample.id}/accept/`, {})).statusCode).toBe(200);
  const kOrder = sample.tests.find((x) => x.test_type === potassium.id)!;
  const entered = await steps.as('clin_analyst', 'POST', '/api/results/', { test_order: kOrder.id, value: 7.4 });
  expect(entered.statusCode, entered.body).toBe(201);
  expect(entered.json().flag).toBe('HH');
  return { sample: sample.id, result: entered.json().id as number };
}

/** A client's contacts: given, the client agrees to be told on them. */
export interface ClientContact {
  phone?: string;
  email?: string;
  language?: string;
}

/**
 * Order the case's test with the clinician's contact (and the client's, who consents, when given), collect, accept,
 * enter, verify and approve: the sample, its lab number and its result ids.
 */
export async function approvedSample(t: TestApp, c: ProgrammeCase, contact: { clinician_phone?: string; clinician_email?: string }, client?: ClientContact) {
  const steps = programmeSteps(() => t, c);
  await steps.offer(c.test);
  const person = await steps.newClient();
  if (client)
    await t.database.db.execute(sql`update clients set phone = ${client.phone ?? ''}, email = ${client.email ?? ''},
      language = ${client.language ?? 'en'}, notify_consent = true where id = ${person.id}`);
  const test = await steps.testByCode(c.test);
  const placed = await steps.as(c.orderer, 'POST', `${steps.base}/`, {
    client: person.id,
    program: c.program,
    test_types: [test.id],
    form: requestFormFor(c),
    ...contact,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json();
  const sample = order.samples[0];
  const collect = await steps.as(c.orderer, 'POST', `${steps.base}/${sample.id}/collect/`, {
    collected_at: new Date().toISOString(),
    sample_type: await steps.sampleTypeId(),
  });
  expect(collect.statusCode, collect.body).toBe(200);
  expect((await steps.as(c.orderer, 'POST', `${steps.base}/${sample.id}/accept/`, {})).statusCode).toBe(200);
  const ids = await steps.enterAll(sample);
  expect((await steps.as(c.supervisor, 'POST', '/api/results/verify/', { ids })).statusCode).toBe(200);
  const approve = await steps.as(c.supervisor, 'POST', '/api/results/approve/', { ids, password: 'Demo@12345' });
  expect(approve.statusCode, approve.body).toBe(200);
  return { sample: sample.id as number, order: order.id as number, lab: order.lab_number as string, ids };
}
