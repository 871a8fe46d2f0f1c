import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_STATUS as R, SAMPLE_STATUS as S } from '@nlims/contracts';
import { clinicalSteps, type CatalogueRow } from '../../test/clinical.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let catalogue: CatalogueRow[];
let sampleType: number;
const { as, acceptedOrder, newOrder } = clinicalSteps(() => t);
const code = (c: string) => catalogue.find((x) => x.code === c)!;

beforeAll(async () => {
  t = await createTestApp();
  catalogue = await clinicalSteps(() => t).catalogue();
  sampleType = (await as('superadmin', 'GET', '/api/sample_type/')).json()[0].id;
});
afterAll(() => t.close());

interface Row {
  id: number;
  order: number;
  lab_number: string;
  test_type_name: string;
  status: number;
  due_at: string;
  priority: string;
  section_name: string | null;
  bench: number | null;
  bench_name: string | null;
}
const workplan = async (query = '', user = 'clin_analyst') => {
  const res = await as(user, 'GET', `/api/workplan/?page=1&page_size=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; results: Row[] };
};

describe('workplan', () => {
  it('lists the tests waiting for a run, urgent first then earliest due, with their section and bench', async () => {
    const fbc = await acceptedOrder([code('FBC').id], sampleType, 'routine'); // 4 h, Haematology Analyser Bench
    const apttOrder = await acceptedOrder([code('APTT').id], sampleType); // 4 h, Coagulation Bench
    const ordered = await newOrder([code('ESR').id]); // not yet received: not on the plan
    const plan = await workplan();
    const mine = plan.results.filter((r) => [fbc.id, apttOrder.id, ordered.id].includes(r.order));
    expect(mine.some((r) => r.order === ordered.id)).toBe(false);
    expect(mine.filter((r) => r.order === fbc.id).length).toBe(fbc.tests.length);
    expect(mine.find((r) => r.order === fbc.id)).toMatchObject({
      section_name: 'Haematology',
      bench_name: 'Haematology Analyser Bench',
      status: S.APPROVED,
      priority: 'routine',
    });
    expect(mine.find((r) => r.order === apttOrder.id)).toMatchObject({ section_name: 'Haematology', bench_name: 'Coagulation Bench', priority: 'urgent' });
    // urgent first, then earliest due
    const keys = plan.results.map((r) => [r.priority === 'urgent' ? 0 : 1, Date.parse(r.due_at)] as const);
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    expect(keys[0]![0]).toBe(0);

    // filters by bench and section, and search by laboratory number
    const coag = mine.find((r) => r.order === apttOrder.id)!.bench!;
    const onBench = await workplan(`&Filters.bench=${coag}`);
    expect(onBench.results.every((r) => r.bench_name === 'Coagulation Bench')).toBe(true);
    expect(onBench.results.some((r) => r.order === apttOrder.id)).toBe(true);
    expect((await workplan(`&search=${fbc.lab_number}`)).count).toBe(fbc.tests.length);
    // pages: the page is chosen and counted in one pass, then read with its display columns
    const pageOne = (await as('clin_analyst', 'GET', '/api/workplan/?page=1&page_size=5&ordering=test_type_name')).json();
    const pageTwo = (await as('clin_analyst', 'GET', '/api/workplan/?page=2&page_size=5&ordering=test_type_name')).json();
    expect(pageOne, JSON.stringify(pageOne)).toHaveProperty('count', plan.count);
    expect(pageOne.results).toHaveLength(5);
    expect(pageOne.results[0].client_name).toBeTruthy();
    expect(pageTwo.previous).toContain('page=1');
    const names = [...pageOne.results, ...pageTwo.results].map((r: Row) => r.test_type_name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const beyond = await as('clin_analyst', 'GET', `/api/workplan/?page=${Math.ceil(plan.count / 5) + 1}&page_size=5`);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toEqual({ page: ['Invalid page.'] });
    const bad = await as('clin_analyst', 'GET', '/api/workplan/?Filters.shelf=1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty(['Filters.shelf']);
  });

  it('drops a test once its result is entered, a sample on hold, and brings back a retest', async () => {
    const order = await acceptedOrder([code('RBG').id], sampleType);
    const test = order.tests[0].id;
    expect((await workplan(`&search=${order.lab_number}`)).count).toBe(1);
    const entered = await as('clin_analyst', 'POST', '/api/results/', { test_order: test, value: 5.1 });
    expect(entered.statusCode, entered.body).toBe(201);
    expect((await workplan(`&search=${order.lab_number}`)).count).toBe(0);
    expect((await as('clin_supervisor', 'POST', `/api/results/${entered.json().id}/retest/`, { reason: 'Haemolysed' })).statusCode).toBe(200);
    expect((await workplan(`&search=${order.lab_number}`)).results).toEqual([expect.objectContaining({ id: test, status: R.RETEST })]);
    expect((await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/hold/`, { reason: 'Clinician query' })).statusCode).toBe(200);
    expect((await workplan(`&search=${order.lab_number}`)).count).toBe(0);
  });
});

describe('a finished sample', () => {
  it('is marked completed when its last result is approved, with an audit row, and can be listed apart', async () => {
    const order = await acceptedOrder([code('FBG').id, code('CRP').id], sampleType);
    const [a, b] = order.tests.map((x: { id: number }) => x.id);
    const enter = async (id: number, value: number) => (await as('clin_analyst', 'POST', '/api/results/', { test_order: id, value })).json().id as number;
    const ra = await enter(a, 4.2);
    const rb = await enter(b, 3);
    expect((await as('clin_supervisor', 'POST', '/api/results/verify/', { ids: [ra, rb] })).statusCode).toBe(200);
    expect((await as('clin_supervisor', 'POST', `/api/results/${ra}/approve/`, { password: 'Demo@12345' })).statusCode).toBe(200);
    expect((await as('clin_supervisor', 'GET', `/api/general_order/${order.id}/`)).json()).toMatchObject({
      status: S.ONGOING,
      completed: false,
      completed_at: null,
    });
    expect((await as('clin_supervisor', 'POST', `/api/results/${rb}/approve/`, { password: 'Demo@12345' })).statusCode).toBe(200);
    const done = (await as('clin_supervisor', 'GET', `/api/general_order/${order.id}/`)).json();
    expect(done).toMatchObject({ status: S.ONGOING, completed: true, completed_at: expect.any(String) });
    const history = (await as('clin_supervisor', 'GET', `/api/general_order/${order.id}/history/`)).json();
    expect(history.at(-1)).toMatchObject({ action: 'sample.completed', user: 'clin_supervisor', reason: 'Every result released' });

    const open = (
      await as('clin_supervisor', 'GET', `/api/general_order/?Filters.status=${S.ONGOING}&Filters.completed=false&search=${order.lab_number}`)
    ).json();
    expect(open.count).toBe(0);
    const finished = (await as('clin_supervisor', 'GET', `/api/general_order/?Filters.completed=true&search=${order.lab_number}`)).json();
    expect(finished.results).toEqual([expect.objectContaining({ id: order.id, completed: true })]);
  });
});

describe('test service bench', () => {
  it("must be a bench of the test's section", async () => {
    const services = (await as('clin_admin', 'GET', `/api/facility_test_service/?Filters.test_type=${code('FBC').id}`)).json();
    const service = services[0] ?? services.results[0];
    expect(service).toMatchObject({ bench_name: 'Haematology Analyser Bench' });
    const benches: { id: number; code: string }[] = (await as('clin_admin', 'GET', '/api/bench/')).json();
    // the form offers the benches of the test's section
    const offered: { code: string }[] = (await as('clin_admin', 'GET', `/api/bench/?Filters.test_type=${code('FBC').id}`)).json();
    expect(offered.map((b) => b.code).sort()).toEqual(['HAEM-1', 'HAEM-2']);
    expect((await as('clin_admin', 'GET', '/api/bench/?Filters.test_type=x')).json()).toEqual({ 'Filters.test_type': ['A valid integer is required.'] });
    const chem = benches.find((b) => b.code === 'CHEM-1')!.id;
    const wrong = await as('clin_admin', 'PATCH', `/api/facility_test_service/${service.id}/`, { bench: chem });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ bench: ['Choose a bench of the Haematology section.'] });
    const missing = await as('clin_admin', 'PATCH', `/api/facility_test_service/${service.id}/`, { bench: 99999 });
    expect(missing.json()).toEqual({ bench: ['Invalid pk "99999" - object does not exist.'] });
    const coag = benches.find((b) => b.code === 'HAEM-2')!.id;
    const moved = await as('clin_admin', 'PATCH', `/api/facility_test_service/${service.id}/`, { bench: coag });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ bench: coag, bench_name: 'Coagulation Bench' });
    expect((await as('clin_admin', 'PATCH', `/api/facility_test_service/${service.id}/`, { bench: null })).json()).toMatchObject({
      bench: null,
      bench_name: null,
    });
  });
});
