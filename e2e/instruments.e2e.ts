import net from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './server.js';
import { apiAs, programmeUser, serverURL, sharedBrowser } from './suite.js';

const baseURL = serverURL();
const browser = sharedBrowser();
const stamp = Date.now().toString(36).toUpperCase();
const barcode = `TUBE-${stamp}`;
const vlUser = (username: string): Promise<Page> => programmeUser(browser, baseURL, username, 'Viral Load');

/** Send one HL7 message over MLLP to the server's listener and read its acknowledgement. */
function sendHl7(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(Buffer.concat([Buffer.from([0x0b]), Buffer.from(text), Buffer.from([0x1c, 0x0d])])));
    let got = Buffer.alloc(0);
    socket.on('data', (d) => {
      got = Buffer.concat([got, d]);
      if (got.includes(0x1c)) {
        socket.end();
        resolve(got.subarray(1, got.indexOf(0x1c)).toString());
      }
    });
    socket.on('error', reject);
  });
}

let machineId = 0;
// The machine made here stops listening when the file ends (other files of this worker share the database).
afterAll(async () => {
  if (machineId)
    await (await apiAs(baseURL, 'ph_admin'))('PATCH', `/api/machine_setting/${machineId}/`, { is_active: false, protocol: 'none', listen_port: null });
});

describe('an analyser over HL7 at Yaba', () => {
  let port = 0;
  let labNumber = '';

  it('the administrator sets a machine to talk HL7 on a port', async () => {
    port = await freePort();
    const page = await vlUser('ph_admin');
    await page.goto('/administrations/facility/machineSetting');
    await page.getByRole('button', { name: 'Add' }).click();
    const drawer = page.locator('.res-drawer');
    await drawer.locator('form').waitFor();
    await drawer.locator('#name').fill(`Chemistry ${stamp}`);
    await drawer.locator('#serial_number').fill(`SN-${stamp}`);
    await drawer.locator('#protocol').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'HL7 v2 over MLLP' }).first().click();
    await drawer.locator('#listen_port').fill(String(port));
    const [reply] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/machine_setting/'),
      drawer.getByRole('button', { name: 'Save' }).click(),
    ]);
    expect(reply.status(), await reply.text()).toBe(201);
    machineId = (await reply.json()).id;
    const row = page.locator('.res-table tbody tr', { hasText: `Chemistry ${stamp}` });
    await expect.poll(() => row.textContent()).toContain(`HL7 v2 over MLLP · ${port}`);
    await page.context().close();
  });

  it('a result for a tube the product does not know lands in the unmatched queue, acknowledged AA', async () => {
    const oru = [
      `MSH|^~\\&|C6800|YABA|NLIMS|YABA|20261126101500||ORU^R01|E2E-${stamp}|P|2.5`,
      'PID|1||',
      `OBR|1||${barcode}|VL`,
      'OBX|1|NM|VL-HIV-RNA^HIV-1 RNA^L||15400|copies/mL|||||F',
    ].join('\r');
    // the listener opens within a moment of the save
    let ack = '';
    await expect
      .poll(
        async () => {
          ack = await sendHl7(port, oru).catch(() => '');
          return ack;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toMatch(/MSA\|AA\|E2E-/);
    expect(ack).toContain('1 queued');
  });

  it('a supervisor matches it to the sample’s test and sees the result entered', async () => {
    // the sample the tube belongs to: a viral-load request accepted at Yaba
    const desk = await apiAs(baseURL, 'ph_receptionist');
    const tests = await (await apiAs(baseURL, 'superadmin'))<{ id: number; code: string }[]>('GET', '/api/test_configuration/?program__name=Viral%20Load');
    const types = await desk<{ id: number; code: string }[]>('GET', '/api/sample_type/');
    const client = await desk<{ id: number }>('POST', '/api/clients/', {
      first_name: 'Bisi',
      last_name: `Ade ${stamp}`,
      sex: 'female',
      estimated_age_years: 36,
      identifiers: [{ identifier_type: 1, identifier: `H-I${stamp}` }],
    });
    const order = await desk<{ lab_number: string; samples: { id: number }[] }>('POST', '/api/vl_sample/', {
      client: client.id,
      program: 'Viral Load',
      test_types: [tests.find((t) => t.code === 'VL-HIV')!.id],
      form: {
        art_number: `ART/E2E/${stamp}`,
        art_start_date: '2020-05-04',
        regimen: 'TDF_3TC_DTG',
        regimen_line: 'first',
        regimen_start_date: '2021-01-11',
        pregnant: false,
        breastfeeding: false,
        reason: 'routine',
      },
    });
    labNumber = order.lab_number;
    const sample = order.samples[0]!.id;
    await desk('POST', `/api/vl_sample/${sample}/collect/`, { collected_at: new Date().toISOString(), sample_type: types.find((s) => s.code === 'PLA')!.id });
    await desk('POST', `/api/vl_sample/${sample}/accept/`, {});

    const page = await vlUser('ph_supervisor');
    await page.goto('/interoperability/instruments');
    const search = page.getByTestId('unmatched-search').locator('input');
    await search.fill(barcode);
    await search.press('Enter');
    const row = page.getByTestId('unmatched-table').locator('tbody tr', { hasText: barcode });
    await row.waitFor();
    expect(await row.textContent()).toContain('Unknown sample');
    await row.getByRole('button', { name: 'Match' }).click();
    const dialog = page.locator('.ant-modal:visible');
    const find = dialog.getByTestId('match-barcode').locator('input');
    await find.fill(labNumber);
    await find.press('Enter');
    await dialog.getByTestId('match-candidate-VL-HIV-RNA').click();
    const [reply] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/match/')),
      dialog.getByRole('button', { name: 'Match' }).click(),
    ]);
    expect(reply.status(), await reply.text()).toBe(200);
    await expect.poll(() => row.count()).toBe(0);
    // among the matched rows, with who matched it
    await page.getByText('Matched', { exact: true }).click();
    await expect.poll(() => page.getByTestId('unmatched-table').textContent()).toContain(barcode);

    // the result, ENTERED on the test, awaits validation
    const detail = await (await apiAs(baseURL, 'ph_supervisor'))<object>('GET', `/api/vl_sample/${sample}/`);
    expect(JSON.stringify(detail)).toContain('15400');
    await page.context().close();
  });
});
