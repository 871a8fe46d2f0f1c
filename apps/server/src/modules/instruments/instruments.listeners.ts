import net from 'node:net';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../core/db.js';
import { facilitySettingChanged } from '../facility-settings/setting-changed.js';
import { machineSettings } from '../facility-settings/facility-settings.table.js';
import { serveAstm, serveHl7 } from './instruments.connections.js';

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
    const on = { db: this.db, log: this.log };
    const server = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.setTimeout(this.options.idleMs ?? 10 * 60_000, () => socket.destroy());
      socket.on('error', () => socket.destroy());
      if (protocol === 'hl7') serveHl7(on, machineId, socket);
      else serveAstm(on, machineId, socket);
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
