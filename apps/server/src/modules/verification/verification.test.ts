import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { normaliseVerifyCode } from '@nlims/contracts';
import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { RateWindow } from '../../core/rate-window.js';
import { newVerifyCode } from './verification.service.js';

let t: TestApp;
let sampleId: number;
let released: number;
let labNumber: string;
const dir = mkdtempSync(path.join(tmpdir(), 'nlims-verify-'));

const as = async (user: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await t.token(user)), ...(payload ? { payload } : {}) });
/** A public look-up, with no token, from an address of the test's choosing. */
const look = (code: string, address = '203.0.113.7') =>
  t.app.inject({ method: 'GET', url: `/api/verify/${encodeURIComponent(code)}/`, remoteAddress: address });

/** Whether a reply names the patient or carries the value anywhere (a `value` key, or the number as a field). */
const leaks = (body: object, value: number) =>
  /Adaeze|Verifyme|"value"|date_of_birth|"sex"/i.test(JSON.stringify(body)) ||
  Object.values(body).some((v) => v === value || v === String(value) || (Array.isArray(v) && v.some((x) => x === value || x === String(value))));

/** The report PDF as text (pdftotext), and the verification code, URL and digest printed on it. */
async function printed() {
  const res = await as('clin_supervisor', 'GET', `/api/general_order/${sampleId}/report/`);
  expect(res.statusCode, res.body).toBe(200);
  const file = path.join(dir, `report-${Date.now()}.pdf`);
  writeFileSync(file, res.rawPayload);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const code = /Verification code:\s*(NL(?:-[0-9A-Z]{4}){4})/.exec(text)?.[1];
  const digest = /Result digest:\s*([0-9A-F]{4}-[0-9A-F]{4})/.exec(text)?.[1];
  const url = /(http:\/\/\S+\/verify)\b/.exec(text)?.[1];
  return { text, code: code!, digest: digest!, url, scanned: scanQr(file) };
}

/** The QR code on the report's last page, as a phone's camera reads it: the page rasterised (pdftoppm, grey, 150 dpi) and decoded (jsQR). */
function scanQr(file: string): string | null {
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1] ?? 1);
  const pgm = execFileSync('pdftoppm', ['-gray', '-r', '150', '-f', String(pages), '-l', String(pages), file], { maxBuffer: 32 * 1024 * 1024 });
  // Binary PGM: "P5", width, height, max value, then one byte a pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
  const [width, height] = [Number(header[1]), Number(header[2])];
  const grey = pgm.subarray(header[0].length);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) rgba.set([grey[i]!, grey[i]!, grey[i]!, 255], i * 4);
  return jsQR(rgba, width, height)?.data ?? null;
}

beforeAll(async () => {
  t = await createTestApp();
  const catalogue = (await as('superadmin', 'GET', '/api/test_configuration/?program__name=General')).json();
  const test = catalogue.find((c: { result_type: string; panel: number | null; is_panel: boolean }) => c.result_type === 'numeric' && !c.panel && !c.is_panel);
  const client = (
    await as('clin_receptionist', 'POST', '/api/clients/', { first_name: 'Adaeze', last_name: 'Verifyme', sex: 'female', estimated_age_years: 41 })
  ).json();
  const order = (await as('clin_receptionist', 'POST', '/api/general_order/', { client: client.id, test_types: [test.id] })).json().samples[0];
  sampleId = order.id;
  await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: 1 });
  await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/accept/`, {});
  released = (await as('clin_analyst', 'POST', '/api/results/', { test_order: order.tests[0].id, value: 10 })).json().id;
  await as('clin_supervisor', 'POST', `/api/results/${released}/verify/`);
  const approval = await as('clin_supervisor', 'POST', `/api/results/${released}/approve/`, { password: 'Demo@12345' });
  expect(approval.statusCode, approval.body).toBe(200);
  labNumber = (await as('clin_supervisor', 'GET', `/api/general_order/${sampleId}/`)).json().lab_number;
});
afterAll(() => t.close());

describe('a printed report verified by anyone holding it', () => {
  let first: Awaited<ReturnType<typeof printed>>;

  it('prints a code, its address and a digest; printing again gives the same ones', async () => {
    first = await printed();
    expect(first.code).toMatch(/^NL(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);
    expect(first.digest).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/);
    expect(first.url).toBe('http://localhost:80/verify');
    // The QR code reads as the verification page of the printed code.
    expect(first.scanned).toBe(`http://localhost:80/verify/${first.code}`);
    const again = await printed();
    expect([again.code, again.digest]).toEqual([first.code, first.digest]);
  });

  it('answers without a token: current, the facility, lab number, test names and the digest — never the value or the name', async () => {
    const res = await look(first.code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ status: 'current', lab_number: labNumber, digest: first.digest, report_version: 1, superseded_at: null });
    expect(body.facility).toMatch(/Ikeja/);
    expect(body.tests).toHaveLength(1);
    expect(leaks(body, 10)).toBe(false);
    // Typed by hand: lower case, without dashes, O for 0 and I/L for 1 find the same report.
    const typed = first.code.replace(/-/g, '').toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l');
    expect((await look(typed)).json().lab_number).toBe(labNumber);
  });

  it('after an amendment the old code says superseded (and when), the new report carries a new current code and another digest', async () => {
    const amendment = (
      await as('clin_supervisor', 'POST', `/api/results/${released}/amend/`, { value: 11, reason: 'Transcription error', password: 'Demo@12345' })
    ).json().id;
    expect((await as('clin_reviewer', 'POST', `/api/results/${amendment}/verify/`)).statusCode).toBe(200);
    // Proposed and verified but not approved: the printed report is still the one in force.
    expect((await look(first.code)).json()).toMatchObject({ status: 'current', superseded_at: null });
    expect((await as('clin_reviewer', 'POST', `/api/results/${amendment}/approve/`, { password: 'Demo@12345' })).statusCode).toBe(200);
    // Superseded from the amendment's approval, before anyone prints the new report.
    const approvedAt = (await as('clin_supervisor', 'GET', `/api/general_order/${sampleId}/`)).json().tests[0].result.approved_at;
    const before = (await look(first.code)).json();
    expect(before).toMatchObject({ status: 'superseded', report_version: 1, digest: first.digest });
    expect(Date.parse(before.superseded_at)).toBe(Date.parse(approvedAt));
    const second = await printed();
    expect(second.code).not.toBe(first.code);
    expect(second.digest).not.toBe(first.digest);
    expect(second.scanned).toBe(`http://localhost:80/verify/${second.code}`);
    // The first paper's QR code now says superseded.
    const old = (await look(first.scanned!.split('/verify/')[1]!)).json();
    expect(old).toMatchObject({ status: 'superseded', superseded_at: before.superseded_at });
    const now = (await look(second.code)).json();
    expect(now).toMatchObject({ status: 'current', report_version: 2, digest: second.digest, superseded_at: null });
    expect(leaks(now, 11)).toBe(false);
  });

  it('finds nothing for an unknown, tampered or malformed code, with the same plain 404', async () => {
    const tampered = `${first.code.slice(0, -1)}${first.code.endsWith('A') ? 'B' : 'A'}`;
    const replies = await Promise.all(
      [newVerifyCode(), tampered, 'NL-1234', 'x'.repeat(90), '../../etc/passwd', "' or 1=1 --"].map((code, i) => look(code, `198.51.100.${i}`)),
    );
    for (const res of replies) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'No report carries this code.' });
    }
  });

  it('a thousand random codes find nothing', async () => {
    let found = 0;
    for (let i = 0; i < 1000; i++) if ((await look(newVerifyCode(), `10.9.${i >> 8}.${i & 255}`)).statusCode !== 404) found++;
    expect(found).toBe(0);
  });

  it('refuses an address that asks too often with 429 and Retry-After; other addresses are still served', async () => {
    const address = '192.0.2.99';
    const codes = Array.from({ length: 30 }, () => newVerifyCode());
    for (const code of codes) expect((await look(code, address)).statusCode).toBe(404);
    const refused = await look(first.code, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await look(first.code, '192.0.2.100')).statusCode).toBe(200);
  });
});

describe('codes and the throttle', () => {
  it('are 16 characters of the unambiguous alphabet, read back however they are typed', () => {
    const codes = new Set(Array.from({ length: 2000 }, () => newVerifyCode()));
    expect(codes.size).toBe(2000);
    for (const c of codes) expect(normaliseVerifyCode(`NL-${c.slice(0, 4)}-${c.slice(4, 8)}-${c.slice(8, 12)}-${c.slice(12)}`)).toBe(c);
    expect(normaliseVerifyCode('NL-UUUU-UUUU-UUUU-UUUU')).toBeNull();
    expect(normaliseVerifyCode('')).toBeNull();
  });

  it('lets an address through again once its oldest look-up leaves the window', () => {
    let now = 0;
    const limit = new RateWindow({ limit: 2, windowMs: 60_000 }, () => now);
    expect([limit.take('a'), limit.take('a')]).toEqual([0, 0]);
    expect(limit.take('a')).toBe(60);
    now = 30_000;
    expect(limit.take('a')).toBe(30);
    now = 60_001;
    expect(limit.take('a')).toBe(0);
  });

  it("take PUBLIC_URL as the QR codes' base, without its trailing slash, and refuse what is not an http(s) address", () => {
    expect(loadConfig({}).publicUrl).toBeNull();
    expect(loadConfig({ PUBLIC_URL: 'https://lims.example.gov.ng/' }).publicUrl).toBe('https://lims.example.gov.ng');
    expect(loadConfig({ PUBLIC_URL: 'https://example.org/nlims/' }).publicUrl).toBe('https://example.org/nlims');
    for (const bad of ['ftp://example.org', 'not a url']) expect(() => loadConfig({ PUBLIC_URL: bad })).toThrow(/PUBLIC_URL/);
  });
});
