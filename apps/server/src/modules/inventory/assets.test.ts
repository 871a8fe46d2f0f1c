import { assetDatePlusDays, type AssetAvailability, type AssetDetail, type AssetItem } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { programmeSteps, TUBERCULOSIS } from '../../test/programmes.js';
import { lagosToday } from '../../core/period.js';

/**
 * The equipment register: kinds and locations, the register with its unique tags, check-out and check-in (one open
 * check-out), the bulk check-out (all or nothing), repair and out of service, maintenance, calibrations and
 * certificates; and the rule that matters — an instrument under repair, out of service or past its calibration is
 * refused for results and worksheets, with the reason.
 */

let t: TestApp;
const tb = programmeSteps(() => t, TUBERCULOSIS);
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = async (actor: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await t.token(actor)), ...(payload ? { payload } : {}) });
const ok = async <T>(actor: string, method: Method, url: string, payload?: object, status = 200): Promise<T> => {
  const res = await call(actor, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json() as T;
};
const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query))[0]!;
const today = lagosToday();
const stamp = Date.now().toString(36).toUpperCase();
let n = 0;
const tag = (prefix = 'T') => `${prefix}-${stamp}-${++n}`;

/** A new asset at Yaba (ph_admin), with whatever else is given. */
const newAsset = (extra: object = {}) => ok<AssetDetail>('ph_admin', 'POST', '/api/asset/', { tag: tag(), name: 'Test centrifuge', ...extra }, 201);
const byTag = (value: string) => ok<AssetItem>('ph_admin', 'GET', `/api/asset/by_tag/?tag=${encodeURIComponent(value)}`);

let bench: number;
let genexpert: { asset: number; machine: number; instrument: number };

beforeAll(async () => {
  t = await createTestApp();
  bench = (await one<{ id: number }>(sql`select id from benches where name = 'GeneXpert Bench'`)).id;
  const gx = await byTag('YABA-0007');
  genexpert = { asset: gx.id, machine: gx.machine_setting!, instrument: gx.instrument! };
});
afterAll(() => t.close());

describe('the demo', () => {
  it('keeps Yaba’s GeneXpert IV on its machine setting, everything available, one calibration due and one asset out to a bench', async () => {
    const page = await ok<{ count: number; results: AssetItem[] }>('ph_admin', 'GET', '/api/asset/?page_size=100');
    const gx = page.results.find((a) => a.tag === 'YABA-0007')!;
    expect(gx).toMatchObject({ name: 'GeneXpert IV', instrument_name: 'GeneXpert IV', status: 'in_use', available: true, calibration: 'valid' });
    expect(page.results.every((a) => a.available)).toBe(true);
    expect(page.results.find((a) => a.tag === 'YABA-0002')!.calibration).toBe('due');
    expect(page.results.find((a) => a.tag === 'YABA-0003')!.checkout).toMatchObject({ to: 'bench', to_name: 'GeneXpert Bench' });
    expect(page.results.find((a) => a.tag === 'YABA-0001')!.certificates).toBe('valid');
    const ikeja = await ok<{ results: AssetItem[] }>('clin_admin', 'GET', '/api/asset/');
    expect(ikeja.results.map((a) => a.tag)).toEqual(['IKJ-0001', 'IKJ-0002', 'IKJ-0003']);
    const due = await ok<{ calibration: { tag: string; state: string }[] }>('ph_admin', 'GET', '/api/asset/due/');
    expect(due.calibration.map((d) => [d.tag, d.state])).toEqual([['YABA-0002', 'due']]);
    const availability = await ok<AssetAvailability>('ph_analyst', 'GET', '/api/asset/availability/');
    expect(availability.instruments.find((i) => i.name === 'GeneXpert IV')).toMatchObject({ available: true, unavailable: [] });
  });
});

describe('kinds and locations', () => {
  it('are the facility’s: names unique whatever their case, deleted only when unused', async () => {
    const kind = await ok<{ id: number; assets: number }>(
      'ph_admin',
      'POST',
      '/api/asset_generic/',
      { name: `Vortex ${stamp}`, category: 'other', maintenance_interval_days: 90, calibration_interval_days: 180 },
      201,
    );
    expect(kind.assets).toBe(0);
    const twice = await call('ph_admin', 'POST', '/api/asset_generic/', { name: `VORTEX ${stamp}`, category: 'other' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toHaveProperty('name');
    const bad = await call('ph_admin', 'POST', '/api/asset_generic/', { name: 'x', category: 'toaster', calibration_interval_days: 0 });
    expect(Object.keys(bad.json()).sort()).toEqual(['calibration_interval_days', 'category']);
    // Ikeja's admin does not see it
    expect((await call('clin_admin', 'GET', `/api/asset_generic/${kind.id}/`)).statusCode).toBe(404);
    const place = await ok<{ id: number }>('ph_admin', 'POST', '/api/asset_config/', { name: `Outreach site ${stamp}` }, 201);
    const used = await newAsset({ generic: kind.id, location: place.id });
    expect(used).toMatchObject({ generic_name: `Vortex ${stamp}`, location_name: `Outreach site ${stamp}`, category: 'other' });
    expect((await call('ph_admin', 'DELETE', `/api/asset_generic/${kind.id}/`)).statusCode).toBe(409);
    await ok('ph_admin', 'PATCH', `/api/asset_generic/${kind.id}/`, { is_active: false });
    // an inactive kind is refused for a new asset, kept by the one that has it
    expect((await call('ph_admin', 'POST', '/api/asset/', { tag: tag(), name: 'x', generic: kind.id })).json()).toHaveProperty('generic');
    await ok('ph_admin', 'PATCH', `/api/asset/${used.id}/`, { generic: kind.id, note: 'kept' });
    const spare = await ok<{ id: number }>('ph_admin', 'POST', '/api/asset_config/', { name: `Spare room ${stamp}` }, 201);
    expect((await call('ph_admin', 'DELETE', `/api/asset_config/${spare.id}/`)).statusCode).toBe(204);
  });
});

describe('the register', () => {
  it('refuses a tag used here already, whatever its case, naming `tag` and the asset that has it', async () => {
    const first = await newAsset({ tag: `DUP-${stamp}`, serial_number: `SN-${stamp}` });
    const again = await call('ph_admin', 'POST', '/api/asset/', { tag: `dup-${stamp}`, name: 'Another' });
    expect(again.statusCode).toBe(400);
    expect(again.json().tag[0]).toContain('Test centrifuge');
    // another facility may use the same tag
    await ok('clin_admin', 'POST', '/api/asset/', { tag: `DUP-${stamp}`, name: 'Ikeja’s' }, 201);
    const other = await newAsset();
    expect((await call('ph_admin', 'PATCH', `/api/asset/${other.id}/`, { tag: `Dup-${stamp}` })).json()).toHaveProperty('tag');
    // found by its serial number, by tag whatever the case
    const found = await ok<{ results: AssetItem[] }>('ph_admin', 'GET', `/api/asset/?search=SN-${stamp}`);
    expect(found.results.map((a) => a.id)).toEqual([first.id]);
    expect((await byTag(`dup-${stamp}`)).id).toBe(first.id);
    expect((await call('ph_admin', 'GET', '/api/asset/by_tag/?tag=NOPE-404')).statusCode).toBe(404);
  });

  it('names the field of bad input', async () => {
    const ikejaKind = (await ok<{ id: number }[]>('clin_admin', 'GET', '/api/asset_generic/'))[0]!.id;
    const bad = await call('ph_admin', 'POST', '/api/asset/', {
      tag: 'has space',
      name: '',
      in_service_date: '12/01/2026',
      cost: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['in_service_date', 'name', 'tag']);
    const refs = await call('ph_admin', 'POST', '/api/asset/', { tag: tag(), name: 'x', generic: ikejaKind, manufacturer: 999999, machine_setting: 999999 });
    expect(Object.keys(refs.json()).sort()).toEqual(['generic', 'machine_setting', 'manufacturer']);
    const future = await call('ph_admin', 'POST', '/api/asset/', { tag: tag(), name: 'x', in_service_date: assetDatePlusDays(today, 3) });
    expect(future.json()).toHaveProperty('in_service_date');
    // the status is not PATCHed (the moves change it)
    const a = await newAsset();
    const patched = await ok<AssetDetail>('ph_admin', 'PATCH', `/api/asset/${a.id}/`, { status: 'out_of_service', model: 'X1' } as object);
    expect(patched).toMatchObject({ status: 'in_use', model: 'X1' });
  });
});

describe('check-out and check-in', () => {
  it('one open check-out per asset: a second says who has it; checked in, it goes out again', async () => {
    const a = await newAsset();
    const out = await ok<AssetDetail>('ph_admin', 'POST', `/api/asset/${a.id}/check_out/`, {
      bench,
      expected_back: assetDatePlusDays(today, 7),
      note: 'Xpert run',
    });
    expect(out.checkout).toMatchObject({ to: 'bench', to_name: 'GeneXpert Bench', expected_back: assetDatePlusDays(today, 7), overdue: false });
    const second = await call('ph_admin', 'POST', `/api/asset/${a.id}/check_out/`, {
      user: (await one<{ id: number }>(sql`select id from users where username = 'ph_analyst'`)).id,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toContain('already checked out to GeneXpert Bench');
    const back = await ok<AssetDetail>('ph_admin', 'POST', `/api/asset/${a.id}/check_in/`, { note: 'Returned clean' });
    expect(back.checkout).toBeNull();
    expect(back.checkouts[0]).toMatchObject({ note: 'Xpert run · Returned clean', checked_in_by: expect.any(String) });
    expect((await call('ph_admin', 'POST', `/api/asset/${a.id}/check_in/`, {})).statusCode).toBe(409);
    const audit = rowsOf<{ action: string }>(
      await t.database.db.execute(sql`select action from audit_events where entity = 'asset' and entity_id = ${String(a.id)} order by id`),
    );
    expect(audit.map((r) => r.action)).toEqual(['asset.created', 'asset.checked_out', 'asset.checked_in']);
  });

  it('names the field of bad input: one target, a user of the facility, a return not in the past', async () => {
    const a = await newAsset();
    const none = await call('ph_admin', 'POST', `/api/asset/${a.id}/check_out/`, {});
    expect(none.json()).toEqual({ non_field_errors: ['Choose one: a bench, a person or a location.'] });
    expect((await call('ph_admin', 'POST', `/api/asset/${a.id}/check_out/`, { bench, location: 1 })).json()).toHaveProperty('non_field_errors');
    const ikejaUser = (await one<{ id: number }>(sql`select id from users where username = 'clin_analyst'`)).id;
    expect((await call('ph_admin', 'POST', `/api/asset/${a.id}/check_out/`, { user: ikejaUser })).json()).toEqual({
      user: ['Choose an active user of your facility.'],
    });
    expect((await call('ph_admin', 'POST', `/api/asset/${a.id}/check_out/`, { bench, expected_back: '2020-01-01' })).json()).toHaveProperty('expected_back');
    expect((await call('ph_admin', 'POST', `/api/asset/${a.id}/check_out/`, { bench: 999999 })).json()).toHaveProperty('bench');
  });

  it('checks out many scanned tags at once, all or nothing, naming each refused tag', async () => {
    const [a, b, c] = [await newAsset(), await newAsset(), await newAsset()];
    const place = await ok<{ id: number }>('ph_admin', 'POST', '/api/asset_config/', { name: `Outreach van ${stamp}` }, 201);
    await ok('ph_admin', 'POST', `/api/asset/${c.id}/check_out/`, { bench });
    const refused = await call('ph_admin', 'POST', '/api/asset/bulk_check_out/', {
      location: place.id,
      tags: [a.tag.toLowerCase(), 'NO-SUCH-TAG', c.tag, b.tag, a.tag],
    });
    expect(refused.statusCode).toBe(400);
    const errors = refused.json() as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(['tags.1', 'tags.2', 'tags.4']);
    expect(errors['tags.1']![0]).toContain('NO-SUCH-TAG');
    expect(errors['tags.2']![0]).toContain('already checked out to GeneXpert Bench');
    expect(errors['tags.4']![0]).toContain('scanned twice');
    // nothing saved
    expect((await byTag(a.tag)).checkout).toBeNull();
    expect((await byTag(b.tag)).checkout).toBeNull();
    const done = await ok<{ checked_out: { tag: string }[]; to_name: string }>('ph_admin', 'POST', '/api/asset/bulk_check_out/', {
      location: place.id,
      note: 'Outreach week',
      tags: [a.tag.toLowerCase(), b.tag],
    });
    expect(done).toEqual({
      checked_out: [
        { id: a.id, tag: a.tag, name: a.name },
        { id: b.id, tag: b.tag, name: b.name },
      ],
      to_name: `Outreach van ${stamp}`,
    });
    expect((await byTag(b.tag)).checkout).toMatchObject({ to: 'location', to_name: `Outreach van ${stamp}`, note: 'Outreach week' });
    const listed = await ok<{ results: AssetItem[] }>('ph_admin', 'GET', `/api/asset/?checked_out=1&search=${stamp}&page_size=100`);
    expect(listed.results.map((x) => x.id)).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
    // an asset under repair is not available
    const d = await newAsset();
    await ok('ph_admin', 'POST', `/api/asset/${d.id}/under_repair/`, {});
    expect((await call('ph_admin', 'POST', '/api/asset/bulk_check_out/', { bench, tags: [d.tag] })).json()['tags.0'][0]).toContain('under repair');
    expect((await call('ph_admin', 'POST', '/api/asset/bulk_check_out/', { bench, tags: [] })).json()).toHaveProperty('tags');
  });

  it('a bulk check-out retried with its Idempotency-Key (its reply lost) gets the first reply, not a refusal', async () => {
    const a = await newAsset();
    const send = async () =>
      t.app.inject({
        method: 'POST',
        url: '/api/asset/bulk_check_out/',
        headers: { ...bearer(await t.token('ph_admin')), 'idempotency-key': `bulk-${stamp}` },
        payload: { bench, tags: [a.tag] },
      });
    const first = await send();
    const again = await send();
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('two check-outs of one asset at the same moment: one succeeds, the other is told who has it', async () => {
    const a = await newAsset();
    const [x, y] = await Promise.all([
      call('ph_admin', 'POST', `/api/asset/${a.id}/check_out/`, { bench }),
      call('ph_admin', 'POST', '/api/asset/bulk_check_out/', { bench, tags: [a.tag] }),
    ]);
    expect([x.statusCode, y.statusCode].filter((s) => s === 200)).toHaveLength(1);
    expect([x.statusCode, y.statusCode].filter((s) => s === 409 || s === 400)).toHaveLength(1);
    expect((await one<{ n: number }>(sql`select count(*)::int as n from asset_checkouts where asset_id = ${a.id}`)).n).toBe(1);
  });
});

describe('repair, out of service, maintenance, calibrations and certificates', () => {
  it('under repair opens a repair record; back in service closes it with the work, who did it and its cost', async () => {
    const a = await newAsset();
    const down = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const repairing = await ok<AssetDetail>('ph_admin', 'POST', `/api/asset/${a.id}/under_repair/`, { down_from: down, fault: 'Rotor imbalance' });
    expect(repairing).toMatchObject({ status: 'under_repair', status_note: 'Rotor imbalance', available: false, unavailable: { state: 'under_repair' } });
    expect(repairing.maintenance[0]).toMatchObject({ kind: 'repair', down_to: null });
    expect((await call('ph_admin', 'POST', `/api/asset/${a.id}/under_repair/`, {})).statusCode).toBe(409);
    expect((await call('ph_admin', 'POST', `/api/asset/${a.id}/back_in_service/`, { down_to: '2020-01-01T00:00:00Z' })).json()).toHaveProperty('down_to');
    expect((await call('ph_admin', 'POST', `/api/asset/${a.id}/back_in_service/`, { cost_kobo: 12.5 })).json()).toHaveProperty('cost_kobo');
    const back = await ok<AssetDetail>('ph_admin', 'POST', `/api/asset/${a.id}/back_in_service/`, {
      work_done: 'Rotor rebalanced',
      performed_by: 'Biomedical engineering',
      cost_kobo: 1_250_000,
    });
    expect(back).toMatchObject({ status: 'in_use', available: true, unavailable: null });
    expect(back.maintenance[0]).toMatchObject({
      kind: 'repair',
      work_done: 'Rotor imbalance\nRotor rebalanced',
      performed_by: 'Biomedical engineering',
      cost_kobo: 1_250_000,
      down_to: expect.any(String),
    });
    expect(back.last_maintenance).toMatchObject({ kind: 'repair' });
    expect((await call('ph_admin', 'POST', `/api/asset/${a.id}/back_in_service/`, {})).statusCode).toBe(409);
    // out of service, with its reason, from under repair too
    await ok('ph_admin', 'POST', `/api/asset/${a.id}/under_repair/`, {});
    expect((await call('ph_admin', 'POST', `/api/asset/${a.id}/out_of_service/`, { reason: '' })).json()).toHaveProperty('reason');
    const out = await ok<AssetDetail>('ph_admin', 'POST', `/api/asset/${a.id}/out_of_service/`, { reason: 'Beyond economic repair' });
    expect(out).toMatchObject({ status: 'out_of_service', status_note: 'Beyond economic repair' });
    expect(out.unavailable!.reason).toMatch(/is out of service since \d{1,2} \w+ \d{4}: Beyond economic repair\.$/);
    expect(out.maintenance.filter((m) => m.down_to == null).map((m) => m.kind)).toEqual(['out_of_service']);
    expect((await ok<AssetDetail>('ph_admin', 'POST', `/api/asset/${a.id}/back_in_service/`, {})).status).toBe('in_use');
  });

  it('records maintenance, calibrations (valid for the kind’s interval by default) and certificates; bad dates are named', async () => {
    const kind = await ok<{ id: number }>(
      'ph_admin',
      'POST',
      '/api/asset_generic/',
      { name: `Pipette ${stamp}`, category: 'other', calibration_interval_days: 180 },
      201,
    );
    const a = await newAsset({ generic: kind.id });
    const from = new Date(Date.now() - 5 * 3_600_000).toISOString();
    const to = new Date(Date.now() - 3_600_000).toISOString();
    const m = await ok<AssetDetail>('ph_admin', 'POST', `/api/asset/${a.id}/maintenance/`, {
      kind: 'preventive',
      down_from: from,
      down_to: to,
      work_done: 'Seals replaced',
      cost_kobo: 500_000,
    });
    expect(m.maintenance[0]).toMatchObject({ kind: 'preventive', work_done: 'Seals replaced', cost_kobo: 500_000 });
    expect(
      (await call('ph_admin', 'POST', `/api/asset/${a.id}/maintenance/`, { kind: 'preventive', down_from: to, down_to: from, work_done: 'x' })).json(),
    ).toHaveProperty('down_to');
    expect(
      (await call('ph_admin', 'POST', `/api/asset/${a.id}/maintenance/`, { kind: 'cleaning', down_from: from, down_to: to, work_done: 'x' })).json(),
    ).toHaveProperty('kind');
    const on = assetDatePlusDays(today, -10);
    const cal = await ok<AssetDetail>('ph_admin', 'POST', `/api/asset/${a.id}/calibrations/`, { calibrated_on: on, calibrator: 'Gravimetric' });
    expect(cal.calibrations[0]).toMatchObject({ calibrated_on: on, valid_until: assetDatePlusDays(on, 180) });
    expect(cal.calibration_valid_until).toBe(assetDatePlusDays(on, 180));
    expect((await call('ph_admin', 'POST', `/api/asset/${a.id}/calibrations/`, { calibrated_on: assetDatePlusDays(today, 1) })).json()).toHaveProperty(
      'calibrated_on',
    );
    expect((await call('ph_admin', 'POST', `/api/asset/${a.id}/calibrations/`, { calibrated_on: on, valid_until: on })).json()).toHaveProperty('valid_until');
    const noKind = await newAsset();
    expect((await call('ph_admin', 'POST', `/api/asset/${noKind.id}/calibrations/`, { calibrated_on: on })).json()).toEqual({
      valid_until: ['Give the date it is valid until: its kind has no calibration interval.'],
    });
    const cert = await ok<AssetDetail>('ph_admin', 'POST', `/api/asset/${a.id}/certificates/`, {
      agency: 'NIS',
      number: 'C-1',
      valid_from: on,
      valid_to: assetDatePlusDays(today, 10),
    });
    expect(cert).toMatchObject({ certificates: 'due', certificates_valid_to: assetDatePlusDays(today, 10) });
    expect(
      (await call('ph_admin', 'POST', `/api/asset/${a.id}/certificates/`, { agency: 'NIS', valid_from: on, valid_to: assetDatePlusDays(on, -1) })).json(),
    ).toHaveProperty('valid_to');
    const due = await ok<{ certificates: { id: number }[] }>('ph_admin', 'GET', '/api/asset/due/');
    expect(due.certificates.map((c) => c.id)).toContain(a.id);
  });

  it('an asset past its calibration is not available, and is listed as overdue', async () => {
    const a = await newAsset();
    const past = await ok<AssetDetail>('ph_admin', 'POST', `/api/asset/${a.id}/calibrations/`, {
      calibrated_on: assetDatePlusDays(today, -400),
      valid_until: assetDatePlusDays(today, -35),
    });
    expect(past).toMatchObject({
      calibration: 'overdue',
      available: false,
      unavailable: { state: 'calibration_overdue', valid_until: assetDatePlusDays(today, -35) },
    });
    expect(past.unavailable!.reason).toContain('is past its calibration (valid until');
    const overdue = await ok<{ results: AssetItem[] }>('ph_admin', 'GET', '/api/asset/?calibration=overdue&page_size=100');
    expect(overdue.results.map((x) => x.id)).toContain(a.id);
  });
});

describe('the rule: an instrument under repair, out of service or past its calibration is not chosen', () => {
  it('result entry is refused for GeneXpert IV while Yaba’s GeneXpert is under repair, with the reason; it is taken again once back', async () => {
    const { sample } = await tb.received();
    const xpert = await tb.testByCode('TB-XPERT-MTB');
    const test = sample.tests.find((x) => x.test_type === xpert.id)!;
    await ok('ph_admin', 'POST', `/api/asset/${genexpert.asset}/under_repair/`, { fault: 'Module A2 fails its self-test' });
    try {
      const availability = await ok<AssetAvailability>('ph_analyst', 'GET', '/api/asset/availability/');
      const gx = availability.instruments.find((i) => i.id === genexpert.instrument)!;
      expect(gx).toMatchObject({ available: false, unavailable: [{ tag: 'YABA-0007', state: 'under_repair' }] });
      expect(availability.machines.find((m) => m.id === genexpert.machine)).toMatchObject({ available: false });
      const refused = await call('ph_analyst', 'POST', '/api/results/', {
        test_order: test.id,
        value: 'MTB DETECTED MEDIUM',
        instrument: genexpert.instrument,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().instrument[0]).toMatch(/^GeneXpert IV \(tag YABA-0007\) is under repair since \d{1,2} \w+ \d{4}\.$/);
      // Ikeja has no GeneXpert: the instrument is not refused there (no machine of it)
      const ikeja = await ok<AssetAvailability>('clin_analyst', 'GET', '/api/asset/availability/');
      expect(ikeja.instruments.some((i) => i.id === genexpert.instrument)).toBe(false);
      // a second GeneXpert machine without an asset keeps the instrument available
      const spare = await ok<{ id: number }>(
        'ph_admin',
        'POST',
        '/api/machine_setting/',
        { name: 'GeneXpert (loan)', serial_number: `LOAN-${stamp}`, instrument: genexpert.instrument },
        201,
      );
      expect(
        (await ok<AssetAvailability>('ph_analyst', 'GET', '/api/asset/availability/')).instruments.find((i) => i.id === genexpert.instrument)!.available,
      ).toBe(true);
      await ok('ph_admin', 'PATCH', `/api/machine_setting/${spare.id}/`, { is_active: false });
    } finally {
      await ok('ph_admin', 'POST', `/api/asset/${genexpert.asset}/back_in_service/`, { work_done: 'Module A2 replaced' });
    }
    const entered = await call('ph_analyst', 'POST', '/api/results/', { test_order: test.id, value: 'MTB DETECTED MEDIUM', instrument: genexpert.instrument });
    expect(entered.statusCode, entered.body).toBe(201);
  });

  it('an amendment of a result entered on GeneXpert IV is refused while the GeneXpert is under repair', async () => {
    const { sample } = await tb.received();
    const mtbType = (await tb.testByCode('TB-XPERT-MTB')).id;
    const test = sample.tests.find((x) => x.test_type === mtbType)!;
    const entered = await ok<{ id: number }>(
      'ph_analyst',
      'POST',
      '/api/results/',
      { test_order: test.id, value: 'MTB DETECTED MEDIUM', instrument: genexpert.instrument },
      201,
    );
    await ok('ph_supervisor', 'POST', `/api/results/${entered.id}/verify/`);
    await ok('ph_supervisor', 'POST', `/api/results/${entered.id}/approve/`, { password: 'Demo@12345' });
    await ok('ph_admin', 'POST', `/api/asset/${genexpert.asset}/under_repair/`, {});
    try {
      const amend = await call('ph_supervisor', 'POST', `/api/results/${entered.id}/amend/`, {
        value: 'MTB DETECTED LOW',
        reason: 'Transcription error',
        password: 'Demo@12345',
      });
      expect(amend.statusCode).toBe(400);
      expect(amend.json().instrument[0]).toContain('GeneXpert IV (tag YABA-0007) is under repair since');
    } finally {
      await ok('ph_admin', 'POST', `/api/asset/${genexpert.asset}/back_in_service/`, {});
    }
  });

  it('worksheet creation is refused on a machine whose analyser is past its calibration, naming `machine`', async () => {
    const template = await one<{ id: number }>(
      sql`select t.id from worksheet_templates t join facilities f on f.id = t.facility_id where f.facility_code = 'LA-LMD-001' limit 1`,
    );
    const instrument = (await one<{ id: number }>(sql`select id from instruments where name = 'Roche Cobas 4800'`)).id;
    const machine = await ok<{ id: number }>(
      'ph_admin',
      'POST',
      '/api/machine_setting/',
      { name: 'Cobas 4800', serial_number: `C48-${stamp}`, instrument },
      201,
    );
    const a = await newAsset({ name: 'Cobas 4800', machine_setting: machine.id });
    await ok('ph_admin', 'POST', `/api/asset/${a.id}/calibrations/`, {
      calibrated_on: assetDatePlusDays(today, -200),
      valid_until: assetDatePlusDays(today, -1),
    });
    const refused = await call('ph_analyst', 'POST', '/api/worksheet/', {
      template: template.id,
      machine: machine.id,
      positions: [{ well: 'A4', test_order: 1 }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().machine[0]).toBe(
      `Cobas 4800 (tag ${a.tag}) is past its calibration (valid until ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${assetDatePlusDays(today, -1)}T12:00:00Z`))}).`,
    );
    const availability = await ok<AssetAvailability>('ph_supervisor', 'GET', '/api/asset/availability/');
    expect(availability.instruments.find((i) => i.id === instrument)).toMatchObject({ available: false, unavailable: [{ state: 'calibration_overdue' }] });
    // recalibrated, it is available again
    await ok('ph_admin', 'POST', `/api/asset/${a.id}/calibrations/`, { calibrated_on: today, valid_until: assetDatePlusDays(today, 365) });
    expect((await ok<AssetAvailability>('ph_supervisor', 'GET', '/api/asset/availability/')).instruments.find((i) => i.id === instrument)!.available).toBe(
      true,
    );
    await ok('ph_admin', 'PATCH', `/api/machine_setting/${machine.id}/`, { is_active: false });
  });
});

describe('labels', () => {
  it('prints asset tags as a PDF, one a page', async () => {
    const a = await newAsset();
    const res = await call('ph_admin', 'GET', `/api/asset/labels.pdf?ids=${a.id},${genexpert.asset}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call('clin_admin', 'GET', `/api/asset/${a.id}/label.pdf`)).statusCode).toBe(404);
    expect((await call('ph_admin', 'GET', '/api/asset/labels.pdf?ids=abc')).json()).toHaveProperty('ids');
  });
});
