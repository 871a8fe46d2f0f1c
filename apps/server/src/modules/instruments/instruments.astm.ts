/**
 * ASTM E1394 records over the CLSI LIS2-A2 low-level protocol, as analysers speak it over TCP.
 *
 * Low level (LIS2-A2 §6): the sender asks with ENQ, the receiver answers ACK; the sender sends frames
 * `<STX> FN text <ETX|ETB> C1 C2 <CR><LF>` — FN the frame number 1…7, 0, 1… (modulo 8, starting at 1), C1 C2 the
 * modulo-256 sum of the bytes from FN to ETX/ETB inclusive as two upper-case hex digits — each answered ACK, or NAK
 * when its checksum or number is wrong (the sender sends it again); ETB frames are the parts of a record longer than a
 * frame, joined to the next; EOT ends the transmission. A message is the records of one transmission; one that never
 * ends (no EOT, the connection dropped) is discarded.
 *
 * Records (E1394 §7): one per line (CR), fields by `|`, repeats by `\`, components by `^`, escapes by `&` — the four
 * delimiters are declared by the header record (`H|\^&`).
 */
export const ENQ = 0x05;
export const ACK = 0x06;
export const NAK = 0x15;
export const EOT = 0x04;
export const STX = 0x02;
export const ETX = 0x03;
export const ETB = 0x17;
const CR = 0x0d;
const LF = 0x0a;

/** LIS2-A2: at most 247 characters of text per frame (240 of message data plus the frame's own characters). */
export const ASTM_FRAME_TEXT = 240;
/** A transmission larger than this is refused (it bounds a sender that never ends). */
export const ASTM_MAX_BYTES = 1024 * 1024;

/** The two hex digits of a frame's checksum: the sum of FN, text and the end character, modulo 256. */
export function astmChecksum(body: Buffer | string): string {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'latin1') : body;
  let sum = 0;
  for (const b of bytes) sum = (sum + b) & 0xff;
  return sum.toString(16).toUpperCase().padStart(2, '0');
}

/** Split a message's records into LIS2-A2 frames (each record ends with CR; long ones continue in ETB frames). */
export function astmFrames(records: readonly string[]): Buffer[] {
  const frames: Buffer[] = [];
  let fn = 1;
  for (const record of records) {
    const text = `${record}\r`;
    for (let at = 0; at < text.length; at += ASTM_FRAME_TEXT) {
      const part = text.slice(at, at + ASTM_FRAME_TEXT);
      const last = at + ASTM_FRAME_TEXT >= text.length;
      const body = `${fn % 8}${part}${String.fromCharCode(last ? ETX : ETB)}`;
      frames.push(Buffer.concat([Buffer.from([STX]), Buffer.from(body, 'latin1'), Buffer.from(`${astmChecksum(body)}\r\n`, 'latin1')]));
      fn++;
    }
  }
  return frames;
}

export type AstmReceiverEvent =
  | { kind: 'reply'; byte: number }
  | { kind: 'message'; text: string; frames: string[] }
  | { kind: 'error'; reason: string }
  /** The peer acknowledged (or refused) a frame we sent. */
  | { kind: 'peer'; byte: number };

/**
 * The receiving side of one connection: bytes in, the bytes to answer (ACK / NAK) and the messages completed out.
 * Between transmissions the state is neutral; while we send (an answer to a query), the peer's ACK, NAK and EOT are
 * handed up as `peer` events.
 */
export class AstmReceiver {
  private state: 'neutral' | 'receiving' = 'neutral';
  private frame: number[] = [];
  private inFrame = false;
  private expected = 1;
  private text = '';
  private rawFrames: string[] = [];
  private partial = '';

  push(data: Buffer): AstmReceiverEvent[] {
    const out: AstmReceiverEvent[] = [];
    for (const b of data) {
      if (this.inFrame) {
        this.frame.push(b);
        if (b === LF) {
          this.inFrame = false;
          out.push(...this.endFrame(Buffer.from(this.frame)));
          this.frame = [];
        } else if (this.frame.length > 300) {
          this.inFrame = false;
          this.frame = [];
          out.push({ kind: 'reply', byte: NAK });
        }
        continue;
      }
      if (this.state === 'neutral') {
        if (b === ENQ) {
          this.state = 'receiving';
          this.expected = 1;
          this.text = '';
          this.partial = '';
          this.rawFrames = [];
          out.push({ kind: 'reply', byte: ACK });
        } else if (b === ACK || b === NAK || b === EOT) {
          out.push({ kind: 'peer', byte: b });
        }
        // anything else in the neutral state is line noise: ignored (LIS2-A2 §6.2).
        continue;
      }
      if (b === STX) {
        this.inFrame = true;
        this.frame = [STX];
      } else if (b === EOT) {
        this.state = 'neutral';
        if (this.partial) out.push({ kind: 'error', reason: 'The transmission ended inside a record (its last frame was ETB).' });
        else if (this.text) out.push({ kind: 'message', text: this.text, frames: this.rawFrames });
        this.text = '';
        this.partial = '';
        this.rawFrames = [];
      } else if (b === ENQ) {
        // a second ENQ while receiving: the sender started again; what it sent is dropped.
        this.text = '';
        this.partial = '';
        this.rawFrames = [];
        this.expected = 1;
        out.push({ kind: 'reply', byte: ACK });
      }
    }
    return out;
  }

  /** A transmission begun (ENQ answered) that has not ended: the connection dropped halfway. */
  get pending(): boolean {
    return this.state === 'receiving';
  }

  private endFrame(frame: Buffer): AstmReceiverEvent[] {
    // <STX> FN text <ETX|ETB> C1 C2 <CR> <LF>
    const n = frame.length;
    if (n < 7 || frame[n - 2] !== CR) return [{ kind: 'reply', byte: NAK }];
    const end = frame[n - 5]!;
    if (end !== ETX && end !== ETB) return [{ kind: 'reply', byte: NAK }];
    const body = frame.subarray(1, n - 4);
    const sent = frame
      .subarray(n - 4, n - 2)
      .toString('latin1')
      .toUpperCase();
    if (astmChecksum(body) !== sent) return [{ kind: 'reply', byte: NAK }];
    const fn = body[0]! - 0x30;
    const raw = frame.toString('latin1');
    if (fn === (this.expected + 7) % 8 && this.rawFrames.at(-1) === raw) return [{ kind: 'reply', byte: ACK }]; // our ACK was lost: the same frame again
    if (fn !== this.expected % 8) return [{ kind: 'reply', byte: NAK }];
    this.expected++;
    this.rawFrames.push(raw);
    const text = body.subarray(1, body.length - 1).toString('latin1');
    if (end === ETB) this.partial += text;
    else {
      this.text += this.partial + text;
      this.partial = '';
    }
    if (this.text.length + this.partial.length > ASTM_MAX_BYTES) {
      this.state = 'neutral';
      this.text = '';
      this.partial = '';
      return [
        { kind: 'reply', byte: NAK },
        { kind: 'error', reason: 'The transmission is too large.' },
      ];
    }
    return [{ kind: 'reply', byte: ACK }];
  }
}

export interface AstmDelimiters {
  field: string;
  repeat: string;
  component: string;
  escape: string;
}

export interface AstmRecord {
  type: string;
  /** fields[0] is the record type; fields[n] is field n + 1 of E1394 (H: fields[1] are the delimiters). */
  fields: string[];
}

/** A message's records, split by its header's delimiters. Throws on a message that does not start with H. */
export function parseAstmRecords(text: string): { records: AstmRecord[]; delimiters: AstmDelimiters } {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const first = lines[0] ?? '';
  if (!/^H.{4}/.test(first)) throw new Error('The message does not start with a header record (H).');
  const delimiters: AstmDelimiters = { field: first[1]!, repeat: first[2]!, component: first[3]!, escape: first[4]! };
  if (new Set(Object.values(delimiters)).size !== 4) throw new Error('The header declares the same delimiter twice.');
  const records = lines.map((line) => {
    const fields = line.split(delimiters.field);
    return { type: (fields[0] ?? '').toUpperCase().replace(/^\d+/, ''), fields };
  });
  return { records, delimiters };
}

/** Component n (1-based) of a field. */
export function astmComponent(field: string | undefined, n: number, d: AstmDelimiters): string {
  return unescapeAstm((field ?? '').split(d.repeat)[0]!.split(d.component)[n - 1] ?? '', d);
}

/** E1394's escapes (&F& field, &S& component, &R& repeat, &E& escape) read back. */
export function unescapeAstm(value: string, d: AstmDelimiters): string {
  const e = d.escape;
  if (!value.includes(e)) return value.trim();
  return value.split(`${e}F${e}`).join(d.field).split(`${e}S${e}`).join(d.component).split(`${e}R${e}`).join(d.repeat).split(`${e}E${e}`).join(e).trim();
}

/** A value written into a field: the delimiters escaped. */
export function escapeAstm(value: string, d: AstmDelimiters = { field: '|', repeat: '\\', component: '^', escape: '&' }): string {
  return value
    .split(d.escape)
    .join(`${d.escape}E${d.escape}`)
    .split(d.field)
    .join(`${d.escape}F${d.escape}`)
    .split(d.component)
    .join(`${d.escape}S${d.escape}`)
    .split(d.repeat)
    .join(`${d.escape}R${d.escape}`)
    .replace(/[\r\n]/g, ' ');
}

/** A printable copy of what came over the wire (<STX>, <ETX>, <CR>…), for the messages log. */
export function visibleControls(text: string): string {
  const names: Record<number, string> = { 2: 'STX', 3: 'ETX', 4: 'EOT', 5: 'ENQ', 6: 'ACK', 21: 'NAK', 23: 'ETB', 11: 'VT', 28: 'FS' };
  let out = '';
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    if (names[c]) out += `<${names[c]}>`;
    else if (c === 13) out += '\r';
    else if (c === 10) out += '\n';
    else if (c < 32 || c === 127) out += `<${c.toString(16).padStart(2, '0')}>`;
    else out += ch;
  }
  return out;
}
