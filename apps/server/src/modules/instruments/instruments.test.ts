import net from 'node:net';
import { RESULT_STATUS as R } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { clinicalSteps } from '../../test/clinical.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { ACK, astmChecksum, astmFrames, ENQ, EOT, NAK, STX } from './instruments.astm.js';
import { seedInstrumentsDemo } from '../../seed/demo-instruments.js';
import { InstrumentListeners } from './instruments.listeners.js';
import { CR, FS, MllpReader, mllpFrame, VT } from './instruments.mllp.js';

/**
 * The analysers' listeners at Ikeja, spoken to by a real TCP client: HL7 v2.5 over MLLP and ASTM E1394 with the
 * LIS2-A2 framing; results entered ENTERED on the right tests, unknown samples queued, broken frames refused with
 * nothing stored, host queries answered; the queue matched and discarded through the API.
 */
let t: TestApp;
let listeners: InstrumentListeners;
const steps = clinicalSteps(() => t);
const { as } = steps;
const port = { hl7: 0, astm: 0 };
const machine = { hl7: 0, astm: 0 };
let serum = 0;
const tests = { fbg: 0, rbg: 0 };

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });

const count = async (table: string) => Number(rowsOf<{ n: number }>(await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n);
const counts = async () => ({ messages: await count('instrument_messages'), unmatched: await count('instrument_unmatched'), results: await count('results') });

/** Send raw bytes over MLLP and read the reply frame. */
function mllp(p: number, bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(p, '127.0.0.1', () => socket.write(bytes));
    const reader = new MllpReader();
    socket.on('data', (d) => {
      for (const e of reader.push(d))
        if (e.kind === 'message') {
          socket.end();
          resolve(e.text);
        }
    });
    socket.on('error', reject);
    setTimeout(() => reject(new Error('no reply')), 10_000).unref();
  });
}
const hl7 = (p: number, text: string) => mllp(p, mllpFrame(text));

/** An ASTM sender: connects and hands back a function that writes and waits for the next byte (or reply) from the listener. */
async function astmClient(p: number) {
  const socket = net.connect(p, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  const inbox: number[] = [];
  let wake: (() => void) | null = null;
  socket.on('data', (d) => {
    inbox.push(...d);
    wake?.();
  });
  const next = async (): Promise<number> => {
    const until = Date.now() + 10_000;
    while (!inbox.length) {
      if (Date.now() > until) throw new Error('no byte from the listener');
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, 100);
      });
    }
    return inbox.shift()!;
  };
  const send = async (b: Buffer | number) => {
    socket.write(typeof b === 'number' ? Buffer.from([b]) : b);
    return next();
  };
  /** Read what the listener sends after ENQ: frames until EOT, ACKing each; the records' text. */
  const receive = async () => {
    expect(await next()).toBe(ENQ);
    socket.write(Buffer.from([ACK]));
    let text = '';
    let frame: number[] = [];
    for (;;) {
      const b = await next();
      if (b === EOT && !frame.length) return text;
      frame.push(b);
      if (b === 0x0a) {
        const f = Buffer.from(frame);
        text += f.subarray(2, f.length - 5).toString('latin1');
        frame = [];
        socket.write(Buffer.from([ACK]));
      }
    }
  };
  return { socket, send, next, receive, close: () => socket.destroy() };
}

async function acceptedWithBoth() {
  const order = await steps.acceptedOrder([tests.fbg, tests.rbg], serum);
  const res = await as('clin_analyst', 'GET', `/api/general_order/${order.id}/`);
  return { order, detail: res.json() };
}
const testRow = async (barcode: string, code: string) =>
  rowsOf<{ id: number; status: number; value: string | null; entered_by: string; instrument_id: number | null }>(
    await t.database.db.execute(sql`
      select t.id, t.status, r.value_text as value, r.value_numeric::text as numeric, u.username as entered_by, r.instrument_id
      from test_orders t join samples s on s.id = t.sample_id join test_types tt on tt.id = t.test_type_id
      left join results r on r.test_order_id = t.id and r.current
      left join users u on u.id = r.entered_by
      where s.barcode = ${barcode} and tt.code = ${code}`),
  )[0]!;

const oru = (control: string, groups: { barcode: string; obx: string[] }[]) =>
  [
    `MSH|^~\\&|COBAS|IKEJA|NLIMS|IKEJA|20261126101500||ORU^R01|${control}|P|2.5`,
    'PID|1||H-1',
    ...groups.flatMap((g, i) => [`OBR|${i + 1}||${g.barcode}|CHEM`, ...g.obx]),
  ].join('\r');

beforeAll(async () => {
  t = await createTestApp();
  const catalogue = await steps.catalogue();
  tests.fbg = catalogue.find((c) => c.code === 'FBG')!.id;
  tests.rbg = catalogue.find((c) => c.code === 'RBG')!.id;
  serum = ((await as('superadmin', 'GET', '/api/sample_type/')).json() as { id: number; code: string }[]).find((s) => s.code === 'SER')!.id;
  port.hl7 = await freePort();
  port.astm = await freePort();
  for (const protocol of ['hl7', 'astm'] as const) {
    const res = await as('clin_admin', 'POST', '/api/machine_setting/', {
      name: `Analyser ${protocol}`,
      serial_number: `SN-${protocol}-${Date.now()}`,
      tests: [tests.fbg, tests.rbg],
      protocol,
      listen_port: port[protocol],
    });
    expect(res.statusCode, res.body).toBe(201);
    machine[protocol] = res.json().id;
  }
  listeners = new InstrumentListeners(t.database.db, { host: '127.0.0.1', syncMs: 60_000 });
  await listeners.start();
  expect(listeners.ports().get(machine.hl7)).toBe(port.hl7);
});
afterAll(async () => {
  await listeners?.close();
  await t?.close();
});

describe('machine settings', () => {
  it('take a protocol and a port; HL7 or ASTM without a port is refused naming the field', async () => {
    const res = await as('clin_admin', 'POST', '/api/machine_setting/', { name: 'No port', serial_number: `SN-np-${Date.now()}`, protocol: 'hl7' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('listen_port');
    const taken = await as('clin_admin', 'POST', '/api/machine_setting/', {
      name: 'Same port',
      serial_number: `SN-sp-${Date.now()}`,
      protocol: 'astm',
      listen_port: port.hl7,
    });
    expect(taken.statusCode).toBe(400);
    expect(
      (await as('clin_admin', 'POST', '/api/machine_setting/', { name: 'Low', serial_number: 'SN-low', protocol: 'astm', listen_port: 80 })).statusCode,
    ).toBe(400);
  });
});

describe('HL7 v2.5 over MLLP', () => {
  it('enters the two results of an ORU^R01 ENTERED on the right tests, as the instrument user, and answers AA', async () => {
    const { order } = await acceptedWithBoth();
    const before = await counts();
    const reply = await hl7(
      port.hl7,
      oru('MSG-1', [
        {
          barcode: order.barcode,
          obx: ['OBX|1|NM|FBG^Fasting glucose^L||5.4|mmol/L|3.9-5.5|N|||F', 'OBX|2|NM|RBG^Random glucose^L||12.1|mmol/L|3.9-7.8|H|||F'],
        },
      ]),
    );
    expect(reply).toMatch(/\rMSA\|AA\|MSG-1/);
    const fbg = await testRow(order.barcode, 'FBG');
    const rbg = await testRow(order.barcode, 'RBG');
    expect(fbg.status).toBe(R.ENTERED);
    expect(rbg.status).toBe(R.ENTERED);
    expect(fbg.entered_by).toMatch(/^instrument-interface-/);
    const after = await counts();
    expect(after.results - before.results).toBe(2);
    expect(after.messages - before.messages).toBe(2); // the ORU and its ACK
    const [msg] = rowsOf<{ status: string; direction: string }>(
      await t.database.db.execute(sql`select status, direction from instrument_messages where control_id = 'MSG-1' order by id`),
    );
    expect(msg).toMatchObject({ status: 'accepted', direction: 'in' });
    const audit = rowsOf(await t.database.db.execute(sql`select 1 from audit_events where action = 'instrument.message_received'`));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('queues a result naming an unknown barcode, and still answers AA', async () => {
    const before = await counts();
    const reply = await hl7(port.hl7, oru('MSG-2', [{ barcode: 'NO-SUCH-TUBE', obx: ['OBX|1|NM|FBG^Fasting glucose^L||6.0|mmol/L|||||F'] }]));
    expect(reply).toMatch(/\rMSA\|AA\|MSG-2\|Received; 0 entered, 1 queued/);
    const after = await counts();
    expect(after.unmatched - before.unmatched).toBe(1);
    const list = (await as('clin_supervisor', 'GET', '/api/instrument_unmatched/')).json();
    expect(list.results[0]).toMatchObject({ barcode: 'NO-SUCH-TUBE', test_code: 'FBG', value: '6.0', reason: 'unknown-sample', status: 'pending' });
  });

  it('refuses a broken frame and a message without MSH with AE, storing nothing', async () => {
    const before = await counts();
    // no start byte: bytes outside a frame, then a frame without MSH
    const broken = await mllp(port.hl7, Buffer.concat([Buffer.from('OBX|1|NM|FBG||5'), Buffer.from([FS, CR])]));
    expect(broken).toMatch(/MSA\|AE/);
    const noMsh = await hl7(port.hl7, 'PID|1||H-1\rOBX|1|NM|FBG||5.0');
    expect(noMsh).toMatch(/MSA\|AE\|\|The message does not start with an MSH segment/);
    // a frame that a second start byte interrupts
    const interrupted = await mllp(port.hl7, Buffer.concat([Buffer.from([VT]), Buffer.from('MSH|^~\\&|X'), mllpFrame('PID|1')]));
    expect(interrupted).toMatch(/MSA\|AE/);
    expect(await counts()).toEqual(before);
  });

  it('answers a host query (QRY^Q02 and QBP^Q11) with the pending tests of a barcode', async () => {
    const { order } = await acceptedWithBoth();
    const qry = await hl7(
      port.hl7,
      [`MSH|^~\\&|COBAS|IKEJA|NLIMS|IKEJA|20261126101500||QRY^Q02|Q-1|P|2.5`, `QRD|20261126101500|R|D|Q-1|||RD|${order.barcode}|OTH|||T`, 'QRF|COBAS'].join(
        '\r',
      ),
    );
    expect(qry).toMatch(/DSR\^Q03/);
    expect(qry).toMatch(/\rMSA\|AA\|Q-1/);
    expect(qry).toMatch(/\rDSP\|\d\|\|FBG\^/);
    expect(qry).toMatch(/\rDSP\|\d\|\|RBG\^/);
    const qbp = await hl7(
      port.hl7,
      [`MSH|^~\\&|COBAS|IKEJA|NLIMS|IKEJA|20261126101500||QBP^Q11|Q-2|P|2.5`, `QPD|WOS^Work order step|T-2|${order.barcode}`].join('\r'),
    );
    expect(qbp).toMatch(/RSP\^K11/);
    expect(qbp).toMatch(/\rQAK\|T-2\|OK/);
    expect(qbp.match(/\rOBR\|/g)).toHaveLength(2);
    const none = await hl7(
      port.hl7,
      [`MSH|^~\\&|COBAS|IKEJA|NLIMS|IKEJA|20261126101500||QBP^Q11|Q-3|P|2.5`, 'QPD|WOS^Work order step|T-3|UNKNOWN-1'].join('\r'),
    );
    expect(none).toMatch(/\rQAK\|T-3\|NF/);
    const kept = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from instrument_messages where control_id in ('Q-1', 'Q-2')`),
    )[0]!;
    expect(kept.n).toBe(4);
  });
});

describe('ASTM E1394 over TCP (LIS2-A2)', () => {
  const records = (barcode: string, value: string) => [
    'H|\\^&|||GeneXpert^6.4|||||LIS||P|1394-97|20261126101500',
    'P|1',
    `O|1|${barcode}||^^^FBG|R`,
    `R|1|^^^FBG|${value}|mmol/L|3.9-5.5|N||F||||20261126101000`,
    'L|1|N',
  ];

  it('enters a result sent with good checksums; a bad checksum is NAKed and its retransmission accepted', async () => {
    const { order } = await acceptedWithBoth();
    const c = await astmClient(port.astm);
    expect(await c.send(ENQ)).toBe(ACK);
    const frames = astmFrames(records(order.barcode, '4.8'));
    // the first frame with a wrong checksum: NAK; sent again right: ACK
    const bad = Buffer.from(frames[0]!);
    bad[bad.length - 3] = bad[bad.length - 3] === 0x30 ? 0x31 : 0x30;
    expect(await c.send(bad)).toBe(NAK);
    for (const f of frames) expect(await c.send(f)).toBe(ACK);
    // a frame out of sequence (its number repeated from two before) is NAKed
    c.socket.write(Buffer.from([EOT]));
    await new Promise((r) => setTimeout(r, 300));
    let row = await testRow(order.barcode, 'FBG');
    for (let i = 0; i < 20 && row.status !== R.ENTERED; i++) {
      await new Promise((r) => setTimeout(r, 100));
      row = await testRow(order.barcode, 'FBG');
    }
    expect(row.status).toBe(R.ENTERED);
    c.close();
  });

  it('refuses a frame whose number is out of sequence, and keeps long records split across ETB frames', async () => {
    const { order } = await acceptedWithBoth();
    const c = await astmClient(port.astm);
    expect(await c.send(ENQ)).toBe(ACK);
    const body = `3P|1\r${String.fromCharCode(3)}`; // frame 3 where 1 is expected
    expect(await c.send(Buffer.concat([Buffer.from([STX]), Buffer.from(body, 'latin1'), Buffer.from(`${astmChecksum(body)}\r\n`)]))).toBe(NAK);
    const long = records(order.barcode, '5.1');
    long[1] = `P|1||${'X'.repeat(300)}`;
    const frames = astmFrames(long);
    expect(frames.length).toBeGreaterThan(long.length);
    for (const f of frames) expect(await c.send(f)).toBe(ACK);
    c.socket.write(Buffer.from([EOT]));
    let row = await testRow(order.barcode, 'FBG');
    for (let i = 0; i < 30 && row.status !== R.ENTERED; i++) {
      await new Promise((r) => setTimeout(r, 100));
      row = await testRow(order.barcode, 'FBG');
    }
    expect(row.status).toBe(R.ENTERED);
    c.close();
  });

  it('leaves nothing when the connection drops before EOT', async () => {
    const { order } = await acceptedWithBoth();
    const before = await counts();
    const c = await astmClient(port.astm);
    expect(await c.send(ENQ)).toBe(ACK);
    const frames = astmFrames(records(order.barcode, '4.9'));
    for (const f of frames.slice(0, 3)) expect(await c.send(f)).toBe(ACK);
    c.close();
    await new Promise((r) => setTimeout(r, 300));
    expect(await counts()).toEqual(before);
    expect((await testRow(order.barcode, 'FBG')).status).not.toBe(R.ENTERED);
  });

  it('answers a Q record with the pending tests, after the analyser’s EOT, with the ENQ handshake', async () => {
    const { order } = await acceptedWithBoth();
    const c = await astmClient(port.astm);
    expect(await c.send(ENQ)).toBe(ACK);
    for (const f of astmFrames(['H|\\^&|||GeneXpert|||||LIS||P|1394-97|20261126101500', `Q|1|^${order.barcode}||^^^ALL||||||||O`, 'L|1|N']))
      expect(await c.send(f)).toBe(ACK);
    c.socket.write(Buffer.from([EOT]));
    const answer = await c.receive();
    expect(answer).toMatch(/^H\|/);
    expect(answer).toMatch(new RegExp(`O\\|1\\|${order.barcode}\\|\\|\\^\\^\\^(FBG|RBG)`));
    expect(answer.match(/\rO\|/g)).toHaveLength(2);
    expect(answer).toMatch(/L\|1\|N\r$/);
    c.close();
  });
});

describe('the unmatched queue', () => {
  const queue = async (barcode: string, value = '7.2') => {
    await hl7(port.hl7, oru(`MQ-${barcode}`, [{ barcode, obx: [`OBX|1|NM|FBG^Fasting glucose^L||${value}|mmol/L|||||F`] }]));
    const list = (await as('clin_supervisor', 'GET', `/api/instrument_unmatched/?search=${barcode}`)).json();
    return list.results[0] as { id: number };
  };

  it('a supervisor matches a row to a sample’s test: entered ENTERED with the audit row', async () => {
    const row = await queue('MISREAD-1');
    const { order } = await acceptedWithBoth();
    const candidates = (await as('clin_supervisor', 'GET', `/api/instrument_unmatched/candidates/?barcode=${order.barcode}`)).json();
    const fbg = candidates.find((c: { test_code: string }) => c.test_code === 'FBG');
    expect(fbg).toBeTruthy();
    const res = await as('clin_supervisor', 'POST', `/api/instrument_unmatched/${row.id}/match/`, { test_order: fbg.test_order });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'matched', test_order: fbg.test_order, resolved_by_name: expect.any(String) });
    expect((await testRow(order.barcode, 'FBG')).status).toBe(R.ENTERED);
    // twice: 409
    expect((await as('clin_supervisor', 'POST', `/api/instrument_unmatched/${row.id}/match/`, { test_order: fbg.test_order })).statusCode).toBe(409);
    const audit = rowsOf(
      await t.database.db.execute(sql`select 1 from audit_events where action = 'instrument.unmatched_matched' and entity_id = ${String(row.id)}`),
    );
    expect(audit).toHaveLength(1);
  });

  it('a supervisor discards a row with a reason; without one it is refused naming the field', async () => {
    const row = await queue('MISREAD-2');
    const empty = await as('clin_supervisor', 'POST', `/api/instrument_unmatched/${row.id}/discard/`, { reason: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toHaveProperty('reason');
    const res = await as('clin_supervisor', 'POST', `/api/instrument_unmatched/${row.id}/discard/`, { reason: 'Calibrator tube' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'discarded', resolution: 'Calibrator tube' });
    const discarded = (await as('clin_supervisor', 'GET', '/api/instrument_unmatched/?status=discarded')).json();
    expect(discarded.results.some((r: { id: number }) => r.id === row.id)).toBe(true);
  });

  it('the messages log filters by machine, status and date, and shows the raw message with its reply', async () => {
    const list = (await as('clin_supervisor', 'GET', `/api/instrument_message/?machine=${machine.hl7}&status=queued`)).json();
    expect(list.count).toBeGreaterThan(0);
    expect(list.results.every((m: { machine: number; status: string }) => m.machine === machine.hl7 && m.status === 'queued')).toBe(true);
    const detail = (await as('clin_supervisor', 'GET', `/api/instrument_message/${list.results[0].id}/`)).json();
    expect(detail.raw).toMatch(/^MSH\|/);
    expect(detail.replies[0].direction).toBe('out');
    const future = (await as('clin_supervisor', 'GET', '/api/instrument_message/?start_date=2099-01-01')).json();
    expect(future.count).toBe(0);
    expect((await as('clin_supervisor', 'GET', '/api/instrument_message/?start_date=2026-02-01&end_date=2026-01-01')).statusCode).toBe(400);
    // another facility's supervisor sees none of it, and not one message
    expect((await as('ph_supervisor', 'GET', `/api/instrument_message/${list.results[0].id}/`)).statusCode).toBe(404);
  });

  it('moves listeners when a machine’s port changes, and closes them when it stops talking', async () => {
    const moved = await freePort();
    expect((await as('clin_admin', 'PATCH', `/api/machine_setting/${machine.astm}/`, { listen_port: moved })).statusCode).toBe(200);
    await listeners.sync();
    expect(listeners.ports().get(machine.astm)).toBe(moved);
    expect((await as('clin_admin', 'PATCH', `/api/machine_setting/${machine.astm}/`, { protocol: 'none' })).statusCode).toBe(200);
    await listeners.sync();
    expect(listeners.ports().has(machine.astm)).toBe(false);
  });
});

describe('the demo', () => {
  it('has Ikeja’s analyser on HL7 and Yaba’s on ASTM, a few messages and one unmatched result', async () => {
    // the machines made above step aside (the demo takes a machine already running its tests)
    for (const id of [machine.hl7, machine.astm])
      expect((await as('clin_admin', 'PATCH', `/api/machine_setting/${id}/`, { is_active: false })).statusCode).toBe(200);
    // seeded with the demo's history (the tests' template has none); once, however often it is asked
    await seedInstrumentsDemo(t.database.db);
    await seedInstrumentsDemo(t.database.db);
    const machines = rowsOf<{ protocol: string; listen_port: number }>(
      await t.database.db.execute(sql`
        select m.protocol, m.listen_port from machine_settings m
        where m.listen_port in (25751, 25752) order by m.listen_port`),
    );
    expect(machines.map((m) => m.protocol)).toEqual(['hl7', 'astm']);
    const queued = rowsOf<{ barcode: string }>(await t.database.db.execute(sql`select barcode from instrument_unmatched where barcode = 'IKJ-TUBE-0481'`));
    expect(queued).toHaveLength(1);
    const kinds = rowsOf<{ kind: string; protocol: string }>(
      await t.database.db.execute(
        sql`select kind, protocol from instrument_messages m where m.machine_id in (select id from machine_settings where listen_port in (25751, 25752))`,
      ),
    );
    expect(kinds.length).toBeGreaterThanOrEqual(4);
    expect(new Set(kinds.map((k) => k.protocol))).toEqual(new Set(['hl7', 'astm']));
  });
});

describe.skipIf(process.env.TEST_DB !== 'pg')('in a cluster on a PostgreSQL server', () => {
  it('one process owns the listeners (the advisory lock), another takes over when it stops', async () => {
    const name = rowsOf<{ name: string }>(await t.database.db.execute(sql`select current_database() as name`))[0]!.name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const a = new InstrumentListeners(t.database.db, { host: '127.0.0.1', syncMs: 60_000, lockUrl: url.toString() });
    const b = new InstrumentListeners(t.database.db, { host: '127.0.0.1', syncMs: 60_000, lockUrl: url.toString() });
    // the test's own listeners step aside: they hold no lock, and would take the same ports
    await listeners.close();
    expect((await as('clin_admin', 'PATCH', `/api/machine_setting/${machine.hl7}/`, { is_active: true })).statusCode).toBe(200);
    try {
      await a.start();
      await b.start();
      expect(a.ports().get(machine.hl7)).toBe(port.hl7);
      expect(b.ports().size).toBe(0);
      await a.close();
      await b.sync();
      expect(b.ports().get(machine.hl7)).toBe(port.hl7);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
