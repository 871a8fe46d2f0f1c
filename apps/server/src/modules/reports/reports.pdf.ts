import { RESULT_STATUS as R, requestLinesOf, rulesOf } from '@nlims/contracts';
import { drawBarcode, FONT, formatAge, formatDateTime, renderPdf, type Doc } from '../../core/pdf.js';
import type { ReportData } from './reports.data.js';
import type { PrintedVerification } from '../samples/lifecycle.js';

const MARGIN = 40;
const GREEN = '#0b6e4f';
const GREY = '#555';
const COLUMNS = [
  { title: 'Test', x: 0, w: 145 },
  { title: 'Result', x: 145, w: 85 },
  { title: 'Unit', x: 230, w: 55 },
  { title: 'Flag', x: 285, w: 65 },
  { title: 'Reference', x: 350, w: 70 },
  { title: 'Method', x: 420, w: 95 },
];
const FLAG_WORDS: Record<string, string> = {
  L: 'L',
  H: 'H',
  LL: 'LL (critical)',
  HH: 'HH (critical)',
  'RR-TB': 'RR-TB',
  'MDR-TB': 'MDR-TB',
  UNSUPPRESSED: 'Unsuppr.',
};

function header(doc: Doc, d: ReportData) {
  const f = d.facility;
  doc.fillColor(GREEN).font(FONT.bold).fontSize(15).text(f.facilityName, MARGIN, MARGIN);
  doc
    .fillColor(GREY)
    .font(FONT.regular)
    .fontSize(8.5)
    .text([f.address, `${f.lga}, ${f.state}`, [f.phone, f.email].filter(Boolean).join(' · ')].filter(Boolean).join('\n'));
  drawBarcode(doc, d.order.lab_number, 395, MARGIN, 160, 28);
  doc
    .fillColor('#000')
    .font(FONT.bold)
    .fontSize(9)
    .text(d.order.lab_number, 395, MARGIN + 31, { width: 160, align: 'center' });
  doc.moveTo(MARGIN, 100).lineTo(555, 100).strokeColor(GREEN).lineWidth(1.5).stroke();
  doc.fillColor('#000').font(FONT.bold).fontSize(12).text('LABORATORY REPORT', MARGIN, 108, { width: 515, align: 'center' });
}

function details(doc: Doc, d: ReportData) {
  const o = d.order;
  const hospital = o.client_identifiers.find((i) => /hospital/i.test(i.identifier_type_name))?.identifier ?? 'N/A';
  const left: [string, string][] = [
    ['Client', o.client_name],
    ['Sex / Age', `${o.sex === 'female' ? 'Female' : 'Male'} / ${formatAge(o.date_of_birth)}`],
    ['Hospital number', hospital],
    ['Requesting clinician', o.requesting_clinician || '—'],
  ];
  const first = d.samples[0];
  if (d.referredFrom) left.push(['Referred from', d.referredFrom]);
  const right: [string, string][] = [
    ['Laboratory number', o.lab_number],
    ['Programme', o.program],
    ['Ordered', formatDateTime(o.created_at)],
    d.samples.length === 1 ? ['Received', formatDateTime(first?.receivedAt ?? null)] : ['Samples', String(d.samples.length)],
  ];
  if (d.referredFrom) right.push(['Tested at', d.facility.facilityName]);
  const top = 130;
  const row = (pairs: [string, string][], x: number) =>
    pairs.forEach(([k, v], i) => {
      doc
        .font(FONT.regular)
        .fontSize(8.5)
        .fillColor(GREY)
        .text(k, x, top + i * 14, { width: 95 });
      doc
        .font(FONT.bold)
        .fillColor('#000')
        .text(v, x + 95, top + i * 14, { width: 160 });
    });
  row(left, MARGIN);
  row(right, 300);
  doc.y = top + Math.max(left.length, right.length) * 14 + 10;
}

/** A sample's heading: its label, sample type, and when it was collected and received. */
function sampleHeading(doc: Doc, sample: ReportData['samples'][number], y: number): number {
  doc.rect(MARGIN, y, 515, 15).fill('#f6f8f7');
  doc
    .fillColor('#000')
    .font(FONT.bold)
    .fontSize(8.5)
    // One line: a long sample type ends in an ellipsis rather than running under the band (pdfkit cuts at `height`).
    .text(`Sample ${sample.barcode} · ${sample.sampleType}`, MARGIN + 3, y + 3.5, { width: 260, height: 10, ellipsis: true });
  doc
    .font(FONT.regular)
    .fillColor(GREY)
    .text(`Collected ${formatDateTime(sample.collectedAt)} · Received ${formatDateTime(sample.receivedAt)}`, MARGIN + 265, y + 3.5, {
      width: 247,
      align: 'right',
      lineBreak: false,
    });
  return y + 19;
}

/** The programme's request form (TB: the presumptive-TB request; the others: their declared forms), two columns of labelled lines. */
function requestForm(doc: Doc, d: ReportData) {
  const lines = requestLinesOf(d.order.program, d.order.form, { dateOfBirth: d.order.date_of_birth, collectedAt: d.samples[0]?.collectedAt ?? null });
  if (!lines.length) return;
  let y = doc.y + 2;
  doc.font(FONT.bold).fontSize(8.5).fillColor(GREEN).text('Request', MARGIN, y);
  y = doc.y + 2;
  const half = Math.ceil(lines.length / 2);
  // Each column flows down: a long label or answer (a list of symptoms) takes the lines it needs.
  const column = (part: [string, string][], x: number) =>
    part.reduce((row, [k, v]) => {
      doc.font(FONT.regular).fontSize(8);
      const label = doc.heightOfString(k, { width: 106 });
      doc.font(FONT.bold);
      const value = doc.heightOfString(v, { width: 145 });
      doc.font(FONT.regular).fillColor(GREY).text(k, x, row, { width: 106 });
      doc
        .font(FONT.bold)
        .fillColor('#000')
        .text(v, x + 110, row, { width: 145 });
      return row + Math.max(label, value, 10) + 3;
    }, y);
  doc.y = Math.max(column(lines.slice(0, half), MARGIN), column(lines.slice(half), 300)) + 2;
}

/** A flag the programme announces above the results (TB: RR-TB or MDR-TB among the released results). */
function headline(doc: Doc, d: ReportData) {
  const flags = d.tests.filter((t) => t.result?.status === R.APPROVAL && t.result.flag).map((t) => t.result!.flag!);
  const text = rulesOf(d.order.program).headline?.(flags);
  if (!text) return;
  const y = doc.y + 2;
  // The banner grows with its text: a long headline wraps inside it.
  doc.font(FONT.bold).fontSize(10);
  const height = doc.heightOfString(text, { width: 505 }) + 10;
  doc.rect(MARGIN, y, 515, height).fill('#fdecee');
  doc.fillColor('#b00020').text(text, MARGIN + 5, y + 5, { width: 505, align: 'center' });
  doc.y = y + height + 4;
}

function resultsTable(doc: Doc, d: ReportData) {
  let y = doc.y + 4;
  doc.rect(MARGIN, y, 515, 16).fill('#eef5f1');
  doc.fillColor('#000').font(FONT.bold).fontSize(8.5);
  for (const c of COLUMNS) doc.text(c.title, MARGIN + c.x + 3, y + 4, { width: c.w - 6 });
  y += 20;
  const room = (needed: number) => {
    if (y + needed > 760) {
      doc.addPage();
      y = MARGIN;
    }
  };
  for (const sample of d.samples) {
    room(40);
    y = sampleHeading(doc, sample, y);
    for (const group of sample.groups) {
      // Panel members sit under the panel's name, indented.
      const indent = group.panel ? 10 : 0;
      if (group.panel) {
        room(30);
        doc
          .font(FONT.bold)
          .fontSize(8.5)
          .fillColor(GREEN)
          .text(group.panel, MARGIN + 3, y, { width: 509 });
        y = doc.y + 3;
      }
      for (const test of group.tests) {
        const r = test.result;
        // A released result's value at its test's decimals ("< 40", "> 10,000,000", "Target not detected", "12.0"),
        // its unit, the range in force for this client and the flag they give.
        const line = d.line(test);
        const released = line != null;
        const value = line ? line.value : test.status === 4 ? 'Rejected' : 'Pending';
        // Under its panel's heading a member drops the panel's name from its own ("Xpert MTB/RIF - RIF resistance").
        const name =
          group.panel && test.test_type_name.startsWith(`${group.panel} - `) ? test.test_type_name.slice(group.panel.length + 3) : test.test_type_name;
        const cells = [
          name,
          value,
          line?.unit ?? '',
          line?.flag ? (FLAG_WORDS[line.flag] ?? line.flag) : '',
          line ? line.range || (line.reason ? '—' : '') : '',
          released ? d.method(r!.method) : '',
        ];
        doc.font(FONT.regular).fontSize(8.5);
        // A coded value without a unit may run on into the unit's column.
        const wide = !cells[2];
        const width = (i: number) => COLUMNS[i]!.w - 6 - (i === 0 ? indent : 0) + (i === 1 && wide ? COLUMNS[2]!.w : 0);
        const height = Math.max(...cells.map((text, i) => doc.heightOfString(text || ' ', { width: width(i) })));
        room(height + 24);
        cells.forEach((text, i) => {
          const bold = (i === 1 || i === 3) && line?.flag;
          doc
            .font(bold ? FONT.bold : FONT.regular)
            .fillColor(bold ? '#b00020' : '#000')
            .text(text, MARGIN + COLUMNS[i]!.x + 3 + (i === 0 ? indent : 0), y, { width: width(i) });
        });
        y += height + 4;
        if (released) y = resultNotes(doc, d, r!, y, rulesOf(d.order.program).interpretation?.(test.code, r!.value) ?? null, line.reason, line.flag);
        doc.moveTo(MARGIN, y).lineTo(555, y).strokeColor('#ddd').lineWidth(0.5).stroke();
        y += 5;
      }
    }
  }
  doc.y = y;
}

type Result = NonNullable<ReportData['tests'][number]['result']>;

function resultNotes(doc: Doc, d: ReportData, r: Result, y: number, interpretation: string | null, unjudged: string | null, flag: string | null): number {
  // The programme's reading of the result (viral load: its category and reporting band), in bold above the notes.
  if (interpretation) {
    doc
      .font(FONT.bold)
      .fontSize(8)
      .fillColor(flag ? '#b00020' : '#000')
      .text(`Interpretation: ${interpretation}`, MARGIN + 3, y, { width: 509 });
    y = doc.y + 1;
  }
  doc.font(FONT.regular).fontSize(7).fillColor(GREY);
  const lines: string[] = [];
  // A numeric result the range cannot judge says why, so an empty flag is not read as "normal".
  if (unjudged) lines.push(`Not flagged: ${unjudged}.`);
  for (const isolate of r.isolates) {
    lines.push(`Organism: ${d.organism(isolate.organism)}`);
    if (isolate.antibiogram.length)
      lines.push(`Antibiogram: ${isolate.antibiogram.map((a) => `${d.antibiotic(a.antibiotic)} ${a.interpretation}`).join(', ')}`);
  }
  if (r.comment) lines.push(`Comment: ${r.comment}`);
  lines.push(
    `Entered: ${d.person(r.entered_by)} ${formatDateTime(r.entered_at)} · Verified: ${d.person(r.verified_by)} ${formatDateTime(r.verified_at)} · Approved: ${d.person(r.approved_by)} ${formatDateTime(r.approved_at)}`,
  );
  if (r.amends != null) lines.push(`AMENDED (version ${r.version}): ${r.amendment_reason ?? ''}`);
  for (const line of lines) {
    const amended = line.startsWith('AMENDED');
    doc
      .font(amended ? FONT.bold : FONT.regular)
      .fillColor(amended ? '#b00020' : GREY)
      .text(line, MARGIN + 3, y, { width: 509 });
    y = doc.y + 1;
  }
  return y + 2;
}

/** The files that go with the report (kept in the laboratory system, named here so the reader can ask for them). */
function attachmentList(doc: Doc, d: ReportData) {
  if (!d.attachments.length) return;
  if (doc.y > 720) doc.addPage();
  let y = doc.y + 8;
  doc.font(FONT.bold).fontSize(8.5).fillColor(GREEN).text('Attachments', MARGIN, y);
  y = doc.y + 2;
  for (const a of d.attachments) {
    const line = [a.name, a.test_name, a.description].filter(Boolean).join(' · ');
    doc.font(FONT.regular).fontSize(8);
    if (y + doc.heightOfString(line, { width: 509 }) > 780) {
      doc.addPage();
      y = MARGIN;
    }
    doc.fillColor('#000').text(line, MARGIN + 3, y, { width: 509 });
    y = doc.y + 1;
  }
  doc.y = y;
}

/** The QR code's side: 64 pt, 22.6 mm — phones read it from the paper at arm's length. */
const QR_SIDE = 64;

/**
 * The report's proof of origin, after everything else on the last page: a QR
 * code of the public verification address, the code in text beside it (for
 * typing), and the digest of the results the verification page shows.
 */
function verificationBlock(doc: Doc, v: PrintedVerification) {
  const height = QR_SIDE + 8;
  if (doc.y + 12 + height > 795) doc.addPage();
  const y = doc.y + 12;
  doc.rect(MARGIN, y, 515, height).lineWidth(0.8).strokeColor(GREEN).stroke();
  drawBarcode(doc, v.url, MARGIN + 4, y + 4, QR_SIDE, QR_SIDE, 'qrcode');
  const x = MARGIN + QR_SIDE + 14;
  const width = 515 - QR_SIDE - 20;
  doc
    .font(FONT.bold)
    .fontSize(9)
    .fillColor(GREEN)
    .text('Verify this report', x, y + 6, { width });
  doc
    .font(FONT.regular)
    .fontSize(7.5)
    .fillColor(GREY)
    .text(`Scan the code, or open ${v.url.replace(/\/verify\/.*$/, '/verify')} and type the verification code.`, x, doc.y + 1, { width });
  doc
    .font(FONT.regular)
    .fontSize(8.5)
    .fillColor('#000')
    .text('Verification code: ', x, doc.y + 3, { width, continued: true })
    .font(FONT.bold)
    .text(v.printed);
  doc
    .font(FONT.regular)
    .text('Result digest: ', x, doc.y + 1, { width, continued: true })
    .font(FONT.bold)
    .text(v.digest, { continued: true })
    .font(FONT.regular)
    .fillColor(GREY)
    .text(`   (report version ${v.version})`);
  doc.y = y + height;
}

function footer(doc: Doc, d: ReportData) {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc.page.margins.bottom = 0; // the footer sits in the bottom margin
    doc.font(FONT.regular).fontSize(7).fillColor(GREY);
    doc.text(
      `Electronically signed: approval records the approver's name, time and the meaning "reviewed and released for reporting". Printed ${formatDateTime(new Date())}. ${d.order.lab_number} · page ${i + 1} of ${range.count}`,
      MARGIN,
      805,
      { width: 515, align: 'center' },
    );
  }
}

/** The result report (A4): facility header, client, laboratory number, each test with its signatures. */
export async function renderReport(d: ReportData): Promise<Buffer> {
  const verification = await d.verify();
  const amended = d.tests.some((t) => t.result?.amends != null && t.result.status === R.APPROVAL);
  return renderPdf({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: `Laboratory report ${d.order.lab_number}` } }, (doc) => {
    header(doc, d);
    details(doc, d);
    requestForm(doc, d);
    headline(doc, d);
    if (amended) doc.font(FONT.bold).fontSize(10).fillColor('#b00020').text('AMENDED REPORT', MARGIN, doc.y, { width: 515, align: 'center' });
    resultsTable(doc, d);
    attachmentList(doc, d);
    if (verification) verificationBlock(doc, verification);
    footer(doc, d);
  });
}
