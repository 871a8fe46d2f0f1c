/**
 * MLLP, the minimal lower layer protocol HL7 v2 travels in over TCP: each message framed as
 * `<VT> message <FS><CR>` (0x0B … 0x1C 0x0D). A byte-level reader of a connection's stream: frames may arrive split
 * across reads or several in one read. Anything outside a frame other than line breaks (a sender's stray newline), a
 * start byte inside a frame, or a frame larger than the bound is a broken frame: reported once, and what was read of it
 * is dropped, so the next well-framed message is read afresh.
 */
export const VT = 0x0b;
export const FS = 0x1c;
export const CR = 0x0d;
const LF = 0x0a;

/** The largest message accepted (a result message is a few kilobytes; this bounds a client that never ends its frame). */
export const MLLP_MAX_BYTES = 1024 * 1024;

export type MllpEvent = { kind: 'message'; text: string } | { kind: 'error'; reason: string };

export class MllpReader {
  private chunks: Buffer[] = [];
  private size = 0;
  private inFrame = false;
  private sawFs = false;
  private junk = false;

  /** Read bytes off the socket; returns the messages completed and the broken frames met, in order. */
  push(data: Buffer): MllpEvent[] {
    const events: MllpEvent[] = [];
    let start = 0;
    for (let i = 0; i < data.length; i++) {
      const b = data[i]!;
      if (!this.inFrame) {
        if (b === VT) {
          if (this.junk) events.push({ kind: 'error', reason: 'Bytes outside an MLLP frame (a message starts with 0x0B).' });
          this.junk = false;
          this.inFrame = true;
          this.sawFs = false;
          this.chunks = [];
          this.size = 0;
          start = i + 1;
        } else if (b === FS) {
          // the end of a frame that never started: what came before it is not a message
          events.push({ kind: 'error', reason: 'A frame ended that never started (a message starts with 0x0B).' });
          this.junk = false;
        } else if (b !== CR && b !== LF) {
          this.junk = true;
        }
        continue;
      }
      if (this.sawFs) {
        this.sawFs = false;
        if (b === CR) {
          this.take(data, start, i - 1);
          events.push({ kind: 'message', text: Buffer.concat(this.chunks).toString('utf8') });
          this.reset();
          continue;
        }
        // FS not followed by CR: not the end of a frame.
        events.push(this.broken('The frame ends with 0x1C without 0x0D.'));
        if (b === VT) i--; // read the start byte again as a new frame
        continue;
      }
      if (b === FS) {
        this.sawFs = true;
      } else if (b === VT) {
        events.push(this.broken('A new frame started before the previous one ended.'));
        i--;
      }
    }
    if (this.inFrame) {
      const end = this.sawFs ? data.length - 1 : data.length;
      this.take(data, start, end);
      if (this.size > MLLP_MAX_BYTES) events.push(this.broken(`The message is larger than ${MLLP_MAX_BYTES} bytes.`));
    }
    return events;
  }

  /** A frame begun but not finished (the connection closed in the middle of it). */
  get pending(): boolean {
    return this.inFrame;
  }

  private take(data: Buffer, from: number, to: number) {
    if (to > from) {
      this.chunks.push(data.subarray(from, to));
      this.size += to - from;
    }
  }

  private broken(reason: string): MllpEvent {
    this.reset();
    return { kind: 'error', reason };
  }

  private reset() {
    this.inFrame = false;
    this.sawFs = false;
    this.chunks = [];
    this.size = 0;
  }
}

/** A message framed for sending. */
export function mllpFrame(text: string): Buffer {
  const body = Buffer.from(text, 'utf8');
  return Buffer.concat([Buffer.from([VT]), body, Buffer.from([FS, CR])]);
}
