import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formSchema, requestFormSpecOf } from '@nlims/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { minimalForm } from '../../test/programmes.js';
import { negotiateLanguage } from './request-form.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async (url: string, user = 'ph_receptionist', headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...bearer(await t.token(user)), ...headers } });

describe('GET /api/request_form/', () => {
  it('gives a programme’s declared form, enough to build a valid order from', async () => {
    const res = await get('/api/request_form/?program=Lassa%20Fever');
    expect(res.statusCode, res.body).toBe(200);
    const form = res.json();
    expect(form).toMatchObject({ program: 'Lassa Fever', wire_form: 'public_health_sample', language: 'en', declared: true });
    const travel = form.fields.find((f: { name: string }) => f.name === 'travel_place');
    expect(travel).toMatchObject({ kind: 'text', required: true, when: { field: 'travelled', in: ['yes'] }, label: 'Where' });
    const outcome = form.fields.find((f: { name: string }) => f.name === 'outcome');
    expect(outcome.choices.map((c: { value: string }) => c.value)).toEqual(['alive', 'dead', 'unknown']);
    // The JSON Schema accepts what the declaration's required answers make, as the server's check does.
    expect(form.json_schema).toMatchObject({ type: 'object' });
    expect(formSchema(requestFormSpecOf('Lassa Fever')!).safeParse(minimalForm(requestFormSpecOf('Lassa Fever')!)).success).toBe(true);
  });

  it('labels the form in the caller’s language, English where a word is missing', async () => {
    const ar = (await get('/api/request_form/?program=EID', 'ph_receptionist', { 'accept-language': 'ar-NG,ar;q=0.9,en;q=0.5' })).json();
    expect(ar.language).toBe('ar');
    const en = (await get('/api/request_form/?program=EID')).json();
    expect(ar.fields.map((f: { name: string }) => f.name)).toEqual(en.fields.map((f: { name: string }) => f.name));
    expect(ar.fields.filter((f: { label: string }, i: number) => f.label !== en.fields[i].label).length).toBeGreaterThan(0);
    expect((await get('/api/request_form/?program=EID&lang=fr')).json().language).toBe('fr');
    expect((await get('/api/request_form/?program=EID&lang=xx')).json().language).toBe('en');
  });

  it('declares Tuberculosis’s form with its cross-field rules, and none for General', async () => {
    const tb = (await get('/api/request_form/?program=Tuberculosis')).json();
    expect(tb).toMatchObject({ declared: true, wire_form: 'tb_sample' });
    expect(tb.fields.find((f: { name: string }) => f.name === 'treatment_month')).toMatchObject({
      kind: 'number',
      required: true,
      when: { field: 'reason_for_examination', in: ['follow_up'] },
    });
    expect(Object.keys(tb.json_schema.properties)).toContain('patient_category');
    const general = (await get('/api/request_form/?program=General', 'clin_receptionist')).json();
    expect(general).toMatchObject({ declared: false, fields: [], wire_form: 'general_order' });
  });

  it('names the field of a bad question, and wants a signed-in caller', async () => {
    expect((await get('/api/request_form/?program=Malaria')).json()).toHaveProperty('program');
    expect((await get('/api/request_form/')).statusCode).toBe(400);
    expect((await get(`/api/request_form/?program=${'x'.repeat(500)}`)).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/request_form/?program=EID' })).statusCode).toBe(401);
  });

  it('negotiates the language', () => {
    expect(negotiateLanguage(undefined, 'fr-CA;q=0.4, zh-Hans;q=0.8')).toBe('zh');
    expect(negotiateLanguage(undefined, '*')).toBe('en');
    expect(negotiateLanguage(undefined, undefined)).toBe('en');
    expect(negotiateLanguage('AR', 'fr')).toBe('ar');
  });
});
