import { Hl7Message, Hl7Segment } from '@medplum/core';
import type { Observation } from './instruments.machine.js';

/**
 * HL7 v2.5 messages of the analysers, read and written with @medplum/core's HL7 v2 model (segments, fields,
 * components; the delimiters declared by MSH-1/MSH-2): ORU^R01 results in, ACK out; host queries QRY^Q02 (answered
 * DSR^Q03) and QBP^Q11 (answered RSP^K11) with the pending tests of a barcode.
 */

export type Hl7Read =
  | { kind: 'results'; message: Hl7Message; controlId: string; observations: Observation[] }
  | { kind: 'query'; message: Hl7Message; controlId: string; barcode: string; type: 'QRY' | 'QBP' }
  | { kind: 'refused'; message: Hl7Message | null; controlId: string; reason: string };

/** HL7's timestamp (YYYYMMDD[HHMM[SS]]) as an instant (read as Lagos time, +01:00, when it carries no offset). */
export function hl7Time(value: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2})?)?(?:\.\d+)?([+-]\d{4})?$/.exec(value.trim());
  if (!m) return null;
  const offset = m[7] ? `${m[7].slice(0, 3)}:${m[7].slice(3)}` : '+01:00';
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}${offset}`);
  return Number.isNaN(d.getTime()) ? null : d;
}

const now = () => {
  const d = new Date(Date.now() + 3600_000); // Lagos
  return `${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}+0100`;
};

/** Read one MLLP frame's text. A message without MSH, or one the model cannot read, is refused. */
export function readHl7(text: string): Hl7Read {
  const cleaned = text.replace(/\r\n|\n/g, '\r').replace(/^\r+|\r+$/g, '');
  if (!cleaned.startsWith('MSH')) return { kind: 'refused', message: null, controlId: '', reason: 'The message does not start with an MSH segment.' };
  let message: Hl7Message;
  try {
    message = Hl7Message.parse(cleaned);
  } catch {
    return { kind: 'refused', message: null, controlId: '', reason: 'The message could not be read as HL7 v2.' };
  }
  const msh = message.getSegment('MSH')!;
  const controlId = msh.getField(10)?.toString() ?? '';
  const type = msh.getComponent(9, 1).toUpperCase();
  const event = msh.getComponent(9, 2).toUpperCase();
  if (!controlId) return { kind: 'refused', message, controlId, reason: 'MSH-10 (the message control ID) is empty.' };
  if (type === 'ORU' && (event === 'R01' || event === '')) {
    const observations = oruObservations(message);
    if (!observations.length) return { kind: 'refused', message, controlId, reason: 'The ORU^R01 message holds no OBX result.' };
    return { kind: 'results', message, controlId, observations };
  }
  if (type === 'QRY') {
    // QRD-8 (who subject filter): the sample's barcode.
    const barcode = message.getSegment('QRD')?.getComponent(8, 1).trim() ?? '';
    if (!barcode) return { kind: 'refused', message, controlId, reason: 'QRD-8 (the sample barcode) is empty.' };
    return { kind: 'query', message, controlId, barcode, type: 'QRY' };
  }
  if (type === 'QBP') {
    // QPD-3: the sample's barcode.
    const barcode = message.getSegment('QPD')?.getComponent(3, 1).trim() ?? '';
    if (!barcode) return { kind: 'refused', message, controlId, reason: 'QPD-3 (the sample barcode) is empty.' };
    return { kind: 'query', message, controlId, barcode, type: 'QBP' };
  }
  return { kind: 'refused', message, controlId, reason: `Message type ${type}^${event} is not accepted (ORU^R01, QRY^Q02, QBP^Q11).` };
}

/**
 * The results of an ORU^R01: each OBX under the OBR before it; the sample's barcode from OBR-3 (filler order
 * number, the analyser's reading of the tube), else OBR-2 (placer), else SPM-2 of the group.
 */
function oruObservations(message: Hl7Message): Observation[] {
  const out: Observation[] = [];
  let group: Observation[] = [];
  let barcode = '';
  const close = () => {
    for (const o of group) if (!o.barcode) o.barcode = barcode;
    out.push(...group);
    group = [];
  };
  for (const seg of message.segments) {
    if (seg.name === 'OBR') {
      close();
      barcode = seg.getComponent(3, 1).trim() || seg.getComponent(2, 1).trim();
    } else if (seg.name === 'SPM') {
      if (!barcode) barcode = seg.getComponent(2, 1).trim() || seg.getComponent(2, 2).trim();
    } else if (seg.name === 'OBX') {
      const status = seg.getField(11)?.toString().trim().toUpperCase() ?? '';
      if (status === 'D' || status === 'W') continue; // deleted or wrong: not a result to enter
      group.push({
        barcode: '',
        testCode: seg.getComponent(3, 1).trim() || seg.getComponent(3, 4).trim(),
        value: seg.getField(5)?.toString().trim() ?? '',
        units: seg.getComponent(6, 1).trim(),
        referenceRange: seg.getField(7)?.toString().trim() ?? '',
        flags: seg.getField(8)?.toString().trim() ?? '',
        observedAt: hl7Time(seg.getComponent(14, 1)),
        cannotObtain: status === 'X',
      });
    }
  }
  close();
  return out;
}

function header(to: Hl7Message | null, type: string, controlId: string): Hl7Segment {
  const msh = to?.getSegment('MSH');
  return new Hl7Segment([
    'MSH',
    '^~\\&',
    'NLIMS',
    msh?.getField(6)?.toString() ?? '',
    msh?.getField(3)?.toString() ?? '',
    msh?.getField(4)?.toString() ?? '',
    now(),
    '',
    type,
    controlId,
    'P',
    '2.5',
  ]);
}

const clean = (s: string) => s.replace(/[|^~\\&\r\n]/g, ' ').slice(0, 200);

/** ACK to a message: AA, or AE with the reason in MSA-3 and ERR. */
export function hl7Ack(to: Hl7Message | null, controlId: string, code: 'AA' | 'AE' | 'AR', text = ''): string {
  const event = to?.getSegment('MSH')?.getComponent(9, 2) ?? '';
  const segments = [
    header(to, event ? `ACK^${event}^ACK` : 'ACK', `ACK${controlId || Date.now()}`.slice(0, 20)),
    new Hl7Segment(['MSA', code, controlId, clean(text)]),
  ];
  if (code !== 'AA') segments.push(new Hl7Segment(['ERR', '', '', '207^Application internal error^HL70357', 'E', '', '', clean(text)]));
  return new Hl7Message(segments).toString();
}

/** The pending tests of a barcode: DSR^Q03 to a QRY^Q02, RSP^K11 to a QBP^Q11. */
export function hl7QueryAnswer(query: Extract<Hl7Read, { kind: 'query' }>, tests: { code: string; name: string }[]): string {
  const ctl = `ANS${query.controlId}`.slice(0, 20);
  if (query.type === 'QRY') {
    const segments = [header(query.message, 'DSR^Q03', ctl), new Hl7Segment(['MSA', 'AA', query.controlId])];
    const qrd = query.message.getSegment('QRD');
    if (qrd) segments.push(qrd);
    const qrf = query.message.getSegment('QRF');
    if (qrf) segments.push(qrf);
    segments.push(new Hl7Segment(['DSP', '1', '', query.barcode]));
    for (const [i, t] of tests.entries()) segments.push(new Hl7Segment(['DSP', String(i + 2), '', `${clean(t.code)}^${clean(t.name)}`]));
    return new Hl7Message(segments).toString();
  }
  const qpd = query.message.getSegment('QPD');
  const segments = [
    header(query.message, 'RSP^K11^RSP_K11', ctl),
    new Hl7Segment(['MSA', 'AA', query.controlId]),
    new Hl7Segment(['QAK', qpd?.getField(2)?.toString() ?? '', tests.length ? 'OK' : 'NF']),
  ];
  if (qpd) segments.push(qpd);
  tests.forEach((t, i) => {
    segments.push(new Hl7Segment(['ORC', 'NW', query.barcode]));
    segments.push(new Hl7Segment(['OBR', String(i + 1), query.barcode, '', `${clean(t.code)}^${clean(t.name)}`]));
  });
  return new Hl7Message(segments).toString();
}
