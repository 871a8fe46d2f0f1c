import net from 'node:net';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../core/db.js';
import { facilitySettingChanged } from '../facility-settings/setting-changed.js';
import { machineSettings } from '../facility-settings/facility-settings.table.js';
import { ACK, AstmReceiver, astmComponent, astmFrames, EOT, ENQ, escapeAstm, parseAstmRecords } from './astm.js';
import { hl7Ack, hl7QueryAnswer, readHl7 } from './hl7.js';
import { answerQuery, loadMachine, type Machine, type Observation, receiveResults } from './intake.js';
import { MllpReader, mllpFrame } from './mllp.js';

export interface ListenerOptions {
  /** The address the listeners bind (INSTRUMENT_HOST; 127.0.0.1 by default: an analyser on the laboratory's LAN needs it set). */
  host: string;
  /** How often the machines are read again (ms); a change through the API also asks for a sync at once. */
  syncMs?: number;
  /**
   * On a PostgreSQL server with several worker processes: the database URL. The process that holds the session-level
   * advisory lock `INSTRUMENT_LOCK` on its own connection owns the listeners; the others try again at each sync, so
   * another takes over within one period when the owner dies (its connection, and so its lock, goes with it).
   */
  lockUrl?: string | null;
  log?: { info: (m: string) => void; warn: (m: string) => void };
  /** An idle connection is closed after this many ms (an analyser reconnects). */
  idleMs?: number;
}

/** pg_try_advisory_lock key: "NLIMSINS" as digits. */
export const INSTRUMENT_LOCK = 7_165_775_883;

interface Running {
  port: number;
  protocol: 'hl7' | 'astm';
  server: net.Server;
  sockets: Set<net.Socket>;
}

/** The analysers' TCP listeners: one server per active machine speaking HL7 or ASTM on its port. */
export class InstrumentListeners {
  private running = new Map<number, Running>();
  /** Machine and port pairs whose bind failed (already reported). */
  private failed = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private syncing: Promise<void> = Promise.resolve();
  private closed = false;
  private lockClient: pg.Client | null = null;
  private owner: boolean;
  private readonly log: NonNullable<ListenerOptions['log']>;

  constructor(
    private readonly db: Db,
    private readonly options: ListenerOptions,
  ) {
    this.owner = !options.lockUrl;
    this.log = options.log ?? { info: () => undefined, warn: (m) => console.warn(m) };
  }

  /** Start: take the ownership (when shared), open the listeners, and read the machines again every period. */
  async start(): Promise<void> {
    await this.sync();
    const every = this.options.syncMs ?? 15_000;
    this.timer = setInterval(() => void this.sync(), every);
    this.timer.unref();
  }

  /** Read the machines and open, move or close listeners to match; one sync at a time. */
  sync(): Promise<void> {
    this.syncing = this.syncing.then(() => this.syncOnce()).catch((e: Error) => this.log.warn(`instrument listeners: ${e.message}`));
    return this.syncing;
  }

  /** The ports listened on, by machine. */
  ports(): Map<number, number> {
    return new Map([...this.running].map(([id, r]) => [id, r.port]));
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.syncing;
    await Promise.all([...this.running.keys()].map((id) => this.stop(id)));
    if (this.lockClient) await this.lockClient.end().catch(() => undefined);
    this.lockClient = null;
  }

  private async takeOwnership(): Promise<boolean> {
    if (this.owner || !this.options.lockUrl) return this.owner;
    try {
      if (!this.lockClient) {
        const client = new pg.Client({ connectionString: this.options.lockUrl });
        client.on('error', () => {
          // the lock's connection died: so did the ownership; listeners close at the next sync.
          this.owner = false;
          this.lockClient = null;
        });
        await client.connect();
        this.lockClient = client;
      }
      const res = await this.lockClient.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [INSTRUMENT_LOCK]);
      this.owner = !!res.rows[0]?.ok;
      if (this.owner) this.log.info(`instrument listeners owned by process ${process.pid}`);
    } catch (e) {
      this.log.warn(`instrument listeners: the ownership lock could not be taken (${(e as Error).message})`);
    }
    return this.owner;
  }

  private async syncOnce(): Promise<void> {
    if (this.closed) return;
    if (!(await this.takeOwnership())) {
      await Promise.all([...this.running.keys()].map((id) => this.stop(id)));
      return;
    }
    const wanted = await this.db
      .select({ id: machineSettings.id, port: machineSettings.listen_port, protocol: machineSettings.protocol })
      .from(machineSettings)
      .where(and(eq(machineSettings.is_active, true), inArray(machineSettings.protocol, ['hl7', 'astm']), isNotNull(machineSettings.listen_port)));
    const want = new Map(wanted.map((w) => [w.id, { port: w.port!, protocol: w.protocol as 'hl7' | 'astm' }]));
    for (const [id, r] of this.running) {
      const w = want.get(id);
      if (!w || w.port !== r.port || w.protocol !== r.protocol) await this.stop(id);
    }
    for (const [id, w] of want) if (!this.running.has(id) && !this.closed) await this.listen(id, w.port, w.protocol);
  }

  private listen(machineId: number, port: number, protocol: 'hl7' | 'astm'): Promise<void> {
    const sockets = new Set<net.Socket>();
    const server = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.setTimeout(this.options.idleMs ?? 10 * 60_000, () => socket.destroy());
      socket.on('error', () => socket.destroy());
      if (protocol === 'hl7') this.serveHl7(machineId, socket);
      else this.serveAstm(machineId, socket);
    });
    return new Promise((resolve) => {
      server.once('error', (e: NodeJS.ErrnoException) => {
        // Tried again at every sync: said once per machine and port, not every period.
        const key = `${machineId}:${port}`;
        if (!this.failed.has(key))
          this.log.warn(`instrument listener of machine ${machineId} could not listen on ${this.options.host}:${port} (${e.code ?? e.message})`);
        this.failed.add(key);
        resolve();
      });
      server.listen({ port, host: this.options.host }, () => {
        this.failed.delete(`${machineId}:${port}`);
        server.removeAllListeners('error');
        server.on('error', (e) => this.log.warn(`instrument listener of machine ${machineId}: ${e.message}`));
        this.running.set(machineId, { port, protocol, server, sockets });
        this.log.info(`instrument listener of machine ${machineId} (${protocol}) on ${this.options.host}:${port}`);
        resolve();
      });
    });
  }

  private stop(machineId: number): Promise<void> {
    const r = this.running.get(machineId);
    if (!r) return Promise.resolve();
    this.running.delete(machineId);
    for (const s of r.sockets) s.destroy();
    return new Promise((resolve) => r.server.close(() => resolve()));
  }

  private async machine(machineId: number): Promise<Machine | null> {
    return loadMachine(this.db, machineId);
  }

  /** HL7 over MLLP: each frame answered in turn (ACK, or the query's answer); a broken frame AE, nothing stored. */
  private serveHl7(machineId: number, socket: net.Socket) {
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
            this.log.warn(`HL7 from ${remote} refused: ${event.reason}`);
            return send(hl7Ack(null, '', 'AE', event.reason));
          }
          const read = readHl7(event.text);
          if (read.kind === 'refused') {
            this.log.warn(`HL7 from ${remote} refused: ${read.reason}`);
            return send(hl7Ack(read.message, read.controlId, 'AE', read.reason));
          }
          const machine = await this.machine(machineId);
          if (!machine) return send(hl7Ack(read.message, read.controlId, 'AE', 'This machine is not set up to send HL7.'));
          try {
            const message = { raw: event.text, controlId: read.controlId, remote, kind: read.kind === 'query' ? 'query' : 'result' } as const;
            if (read.kind === 'query') {
              send(await answerQuery(this.db, machine, message, read.barcode, (tests) => hl7QueryAnswer(read, tests)));
            } else {
              const done = await receiveResults(this.db, machine, message, read.observations, (o) =>
                hl7Ack(read.message, read.controlId, 'AA', o.queued.length ? `Received; ${o.entered} entered, ${o.queued.length} queued for matching` : ''),
              );
              send(done.reply);
            }
          } catch (e) {
            this.log.warn(`HL7 from ${remote} not saved: ${(e as Error).message}`);
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
  private serveAstm(machineId: number, socket: net.Socket) {
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
        else if (event.kind === 'error') this.log.warn(`ASTM from ${remote} dropped: ${event.reason}`);
        else {
          const text = event.text;
          queue = queue.then(async () => {
            const answer = await this.astmMessage(machineId, text, remote).catch((e: Error) => {
              this.log.warn(`ASTM from ${remote} not saved: ${e.message}`);
              return null;
            });
            if (answer) await sendRecords(answer);
          });
        }
      }
    });
  }

  /** One ASTM message: results entered (or queued), or a query's answer returned as records to send. */
  private async astmMessage(machineId: number, text: string, remote: string): Promise<string[] | null> {
    let parsed: ReturnType<typeof parseAstmRecords>;
    try {
      parsed = parseAstmRecords(text);
    } catch (e) {
      this.log.warn(`ASTM from ${remote} refused: ${(e as Error).message}`);
      return null;
    }
    const { records, delimiters: d } = parsed;
    const machine = await this.machine(machineId);
    if (!machine) return null;
    const header = records[0]!;
    const controlId = astmComponent(header.fields[2], 1, d);
    const message = { raw: text, controlId, remote, kind: 'result' as const };
    const query = records.find((r) => r.type === 'Q');
    if (query) {
      // Q-3 starting range: patient ID ^ specimen ID (some analysers put the specimen first).
      const barcode = astmComponent(query.fields[2], 2, d) || astmComponent(query.fields[2], 1, d);
      let answer: string[] = [];
      await answerQuery(this.db, machine, { ...message, kind: 'query' }, barcode, (tests) => {
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
      this.log.warn(`ASTM from ${remote} holds no result record`);
      return null;
    }
    await receiveResults(this.db, machine, message, observations, () => '');
    return null;
  }
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

/** Ask the running listeners, if any, to read the machines again (after a machine setting changed). */
let current: InstrumentListeners | null = null;
export function setCurrentListeners(l: InstrumentListeners | null) {
  current = l;
}
export function resyncListeners() {
  // after the change commits: the request's transaction is still open when this is asked.
  if (current) setTimeout(() => void current?.sync(), 250).unref();
}

/** A machine setting written through the API: the listeners read the machines again once the change is committed. */
export function registerMachineResync(): void {
  facilitySettingChanged.on('instruments', 0, ({ setting }) => {
    if (setting === 'machine_setting') resyncListeners();
  });
}
