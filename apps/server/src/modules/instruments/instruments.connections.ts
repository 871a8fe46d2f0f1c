import type net from 'node:net';
import type { Db } from '../../core/db.js';
import { ACK, AstmReceiver, astmComponent, astmFrames, EOT, ENQ, escapeAstm, parseAstmRecords } from './instruments.astm.js';
import { hl7Ack, hl7QueryAnswer, readHl7 } from './instruments.hl7.js';
import { receiveResults } from './instruments.intake.js';
import { loadMachine, type Observation } from './instruments.machine.js';
import { answerQuery } from './instruments.query.js';
import { MllpReader, mllpFrame } from './instruments.mllp.js';

/** What a connection needs from its listener: the database, and where to say what went wrong. */
export interface Connection {
  db: Db;
  log: { info: (m: string) => void; warn: (m: string) => void };
}

/** HL7 over MLLP: each frame answered in turn (ACK, or the query's answer); a broken frame AE, nothing stored. */
export function serveHl7(on: Connection, machineId: number, socket: net.Socket) {
  const reader = new MllpReader();
  let queue = Promise.resolve();
  const remote = `${socket.remoteAddress ?? ''}:${socket.remotePort ?? ''}`;
  const send = (text: string) => {
    if (!socket.destroyed) socket.write(mllpFrame(text));
  };
  socket.on('data', (data) => {
    for (const event of reader.push(data)) {
      queue = queue.then(async () => {
        if (event.kind === 'error') {
          on.log.warn(`HL7 from ${remote} refused: ${event.reason}`);
          return send(hl7Ack(null, '', 'AE', event.reason));
        }
        const read = readHl7(event.text);
        if (read.kind === 'refused') {
          on.log.warn(`HL7 from ${remote} refused: ${read.reason}`);
          return send(hl7Ack(read.message, read.controlId, 'AE', read.reason));
        }
        const machine = await loadMachine(on.db, machineId);
        if (!machine) return send(hl7Ack(read.message, read.controlId, 'AE', 'This machine is not set up to send HL7.'));
        try {
          const message = { raw: event.text, controlId: read.controlId, remote, kind: read.kind === 'query' ? 'query' : 'result' } as const;
          if (read.kind === 'query') {
            send(await answerQuery(on.db, machine, message, read.barcode, (tests) => hl7QueryAnswer(read, tests)));
          } else {
            const done = await receiveResults(on.db, machine, message, read.observations, (o) =>
              hl7Ack(read.message, read.controlId, 'AA', o.queued.length ? `Received; ${o.entered} entered, ${o.queued.length} queued for matching` : ''),
            );
            send(done.reply);
          }
        } catch (e) {
          on.log.warn(`HL7 from ${remote} not saved: ${(e as Error).message}`);
          send(hl7Ack(read.message, read.controlId, 'AE', 'The message could not be saved; send it again.'));
        }
      });
    }
  });
}

/**
 * ASTM over TCP with the LIS2-A2 handshake: each frame ACKed (NAK on a bad checksum or number, so the analyser
 * sends it again), the message read at EOT; a Q record answered after the analyser's EOT with ENQ, the frames of
 * H, P, O…, L (each awaiting ACK, sent again on NAK, six tries) and EOT. A transmission left unfinished when the
 * connection closes is dropped.
 */
export function serveAstm(on: Connection, machineId: number, socket: net.Socket) {
  const receiver = new AstmReceiver();
  const remote = `${socket.remoteAddress ?? ''}:${socket.remotePort ?? ''}`;
  let queue = Promise.resolve();
  let waiter: ((byte: number | null) => void) | null = null;
  const write = (b: Buffer | number) => {
    if (!socket.destroyed) socket.write(typeof b === 'number' ? Buffer.from([b]) : b);
  };
  const peer = (ms = 15_000) =>
    new Promise<number | null>((resolve) => {
      const t = setTimeout(() => {
        waiter = null;
        resolve(null);
      }, ms);
      waiter = (b) => {
        clearTimeout(t);
        waiter = null;
        resolve(b);
      };
    });
  socket.on('close', () => waiter?.(null));
  const sendRecords = async (records: string[]) => {
    write(ENQ);
    if ((await peer()) !== ACK) return;
    for (const frame of astmFrames(records)) {
      let ok = false;
      for (let attempt = 0; attempt < 6 && !ok; attempt++) {
        write(frame);
        const b = await peer();
        if (b === null || b === EOT) return;
        ok = b === ACK;
      }
      if (!ok) break;
    }
    write(EOT);
  };
  socket.on('data', (data) => {
    for (const event of receiver.push(data)) {
      if (event.kind === 'reply') write(event.byte);
      else if (event.kind === 'peer') waiter?.(event.byte);
      else if (event.kind === 'error') on.log.warn(`ASTM from ${remote} dropped: ${event.reason}`);
      else {
        const text = event.text;
        queue = queue.then(async () => {
          const answer = await astmMessage(on, machineId, text, remote).catch((e: Error) => {
            on.log.warn(`ASTM from ${remote} not saved: ${e.message}`);
            return null;
          });
          if (answer) await sendRecords(answer);
        });
      }
    }
  });
}

/** One ASTM message: results entered (or queued), or a query's answer returned as records to send. */
async function astmMessage(on: Connection, machineId: number, text: string, remote: string): Promise<string[] | null> {
  let parsed: ReturnType<typeof parseAstmRecords>;
  try {
    parsed = parseAstmRecords(text);
  } catch (e) {
    on.log.warn(`ASTM from ${remote} refused: ${(e as Error).message}`);
    return null;
  }
  const { records, delimiters: d } = parsed;
  const machine = await loadMachine(on.db, machineId);
  if (!machine) return null;
  const header = records[0]!;
  const controlId = astmComponent(header.fields[2], 1, d);
  const message = { raw: text, controlId, remote, kind: 'result' as const };
  const query = records.find((r) => r.type === 'Q');
  if (query) {
    // Q-3 starting range: patient ID ^ specimen ID (some analysers put the specimen first).
    const barcode = astmComponent(query.fields[2], 2, d) || astmComponent(query.fields[2], 1, d);
    let answer: string[] = [];
    await answerQuery(on.db, machine, { ...message, kind: 'query' }, barcode, (tests) => {
      answer = astmQueryAnswer(barcode, tests, machine.name);
      return answer.join('\r');
    });
    return answer;
  }
  const observations: Observation[] = [];
  let barcode = '';
  for (const r of records) {
    if (r.type === 'O') barcode = astmComponent(r.fields[2], 1, d) || astmComponent(r.fields[3], 1, d);
    else if (r.type === 'R') {
      const parts = (r.fields[2] ?? '').split(d.component).map((c) => c.trim());
      const code = parts.slice(3).find(Boolean) ?? parts.find(Boolean) ?? '';
      const status = astmComponent(r.fields[8], 1, d).toUpperCase();
      const completed = astmComponent(r.fields[12], 1, d);
      observations.push({
        barcode,
        testCode: code,
        value: astmComponent(r.fields[3], 1, d),
        units: astmComponent(r.fields[4], 1, d),
        referenceRange: astmComponent(r.fields[5], 1, d),
        flags: astmComponent(r.fields[6], 1, d),
        observedAt: completed ? astmTime(completed) : null,
        cannotObtain: status === 'X',
      });
    }
  }
  if (!observations.length) {
    on.log.warn(`ASTM from ${remote} holds no result record`);
    return null;
  }
  await receiveResults(on.db, machine, message, observations, () => '');
  return null;
}

function astmTime(value: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?(\d{2})?$/.exec(value);
  if (!m) return null;
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}+01:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The answer to a Q record: H, P, then one O per pending test (or a C saying none), L. */
export function astmQueryAnswer(barcode: string, tests: { code: string; name: string }[], machineName: string): string[] {
  const stamp = new Date(Date.now() + 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const b = escapeAstm(barcode);
  const records = [`H|\\^&|||NLIMS|||||${escapeAstm(machineName)}||P|1|${stamp}`, 'P|1'];
  for (const [i, t] of tests.entries()) records.push(`O|${i + 1}|${b}||^^^${escapeAstm(t.code)}|R||||||A||||||||||||||O`);
  if (!tests.length) records.push(`O|1|${b}||||||||||||||||||||||||Y`);
  records.push(tests.length ? 'L|1|N' : 'L|1|I');
  return records;
}
