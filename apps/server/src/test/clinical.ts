import { expect } from 'vitest';
import { bearer, type TestApp } from './harness.js';

export interface CatalogueRow {
  id: number;
  name: string;
  code: string;
  result_type: string;
  codes: string[];
  is_panel: boolean;
  panel: number | null;
  ref_low: number | null;
}

/** Requests as a demo user, and the clinical steps most tests start from (General programme, Ikeja). */
export function clinicalSteps(t: () => TestApp) {
  const as = async (user: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    t().app.inject({ method, url, headers: bearer(await t().token(user)), ...(payload ? { payload } : {}) });

  async function newClient(user = 'clin_receptionist', hospitalNumber = `H-${Math.random().toString(36).slice(2, 8)}`) {
    const res = await as(user, 'POST', '/api/clients/', {
      first_name: 'Amaka',
      last_name: 'Eze',
      sex: 'female',
      date_of_birth: '1990-04-12',
      phone: '08030000000',
      identifiers: [{ identifier_type: 1, identifier: hospitalNumber }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  /**
   * Order tests for a new client; answers the order's first sample (its `id` is what moves, details and
   * labels take), with the order's id as `order` and every sample as `samples`.
   */
  async function newOrder(testIds: number[], user = 'clin_receptionist', priority: 'urgent' | 'routine' = 'urgent') {
    const client = await newClient();
    const res = await as(user, 'POST', '/api/general_order/', { client: client.id, test_types: testIds, priority, requesting_clinician: 'Dr Bello' });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    return { ...order.samples[0], order: order.id, lab_number: order.lab_number, program: order.program, samples: order.samples, client };
  }

  async function acceptedOrder(testIds: number[], sampleType: number, priority: 'urgent' | 'routine' = 'urgent') {
    const order = await newOrder(testIds, 'clin_receptionist', priority);
    expect(
      (await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: sampleType }))
        .statusCode,
    ).toBe(200);
    expect((await as('clin_receptionist', 'POST', `/api/general_order/${order.id}/accept/`, {})).statusCode).toBe(200);
    return order;
  }

  const catalogue = async (): Promise<CatalogueRow[]> => (await as('superadmin', 'GET', '/api/test_configuration/?program__name=General')).json();

  return { as, newClient, newOrder, acceptedOrder, catalogue };
}
