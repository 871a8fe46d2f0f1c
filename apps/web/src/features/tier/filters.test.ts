import { describe, expect, it } from 'vitest';
import { apiQuery, busiestDisease, queryString, readFilters, readView, refers, tierPageOf, writeFilters } from './filters';

const params = (s: string) => new URLSearchParams(s);

describe('tier dashboard filters in the address', () => {
  it('reads the filters an address holds', () => {
    expect(readFilters(params('start_date=2026-01-01&end_date=2026-03-31&states=25&lga=7&facility=3&test_type=12&method=2&periodicity=weekly'))).toEqual({
      start_date: '2026-01-01',
      end_date: '2026-03-31',
      states: 25,
      lga: 7,
      facility: 3,
      test_type: 12,
      method: 2,
      periodicity: 'weekly',
    });
    expect(readFilters(params(''))).toEqual({});
  });

  it('leaves out values that are not filters', () => {
    expect(
      readFilters(params('start_date=01/02/2026&end_date=2026-13-45&states=lagos&lga=0&facility=-3&test_type=1.5&method=99999999999&periodicity=hourly')),
    ).toEqual({});
  });

  it("reads the map's disease and measure, else the defaults", () => {
    expect(readView(params('map=tb&measure=tests'))).toEqual({ map: 'tb', measure: 'tests' });
    expect(readView(params('map=flu&measure=deaths'))).toEqual({ measure: 'positivity' });
  });

  it('shows on the map, unless chosen, the disease with the most tests', () => {
    expect(
      busiestDisease([
        { disease: 'tb', tests: 2 },
        { disease: 'hiv', tests: 3 },
        { disease: 'tb', tests: 2 },
      ]),
    ).toBe('tb');
    expect(busiestDisease([])).toBe('lassa');
  });

  it('writes a change, removing emptied values and keeping the others', () => {
    const next = writeFilters(params('start_date=2026-01-01&map=hiv&page=2'), { end_date: '2026-02-01', start_date: undefined });
    expect(Object.fromEntries(next)).toEqual({ map: 'hiv', page: '2', end_date: '2026-02-01' });
  });

  it('clears the LGA and facility when the state changes, and the facility when the LGA changes', () => {
    const start = params('states=25&lga=7&facility=3&periodicity=monthly');
    expect(Object.fromEntries(writeFilters(start, { states: 12 }))).toEqual({ states: '12', periodicity: 'monthly' });
    expect(Object.fromEntries(writeFilters(start, { states: undefined }))).toEqual({ periodicity: 'monthly' });
    expect(Object.fromEntries(writeFilters(start, { lga: 8 }))).toEqual({ states: '25', lga: '8', periodicity: 'monthly' });
    expect(Object.fromEntries(writeFilters(start, { states: 25 }))).toEqual({ states: '25', lga: '7', facility: '3', periodicity: 'monthly' });
    expect(Object.fromEntries(writeFilters(start, { states: 12, lga: 40 }))).toEqual({ states: '12', lga: '40', periodicity: 'monthly' });
  });

  it('round-trips: what is written is read back', () => {
    const filters = { start_date: '2026-02-01', states: 4, lga: 9, periodicity: 'quarterly' as const };
    expect(readFilters(writeFilters(params(''), filters))).toEqual(filters);
  });

  it('makes the query of the API and of a download', () => {
    expect(apiQuery({ states: 4, lga: undefined }, { disease: 'tb' })).toEqual({ states: 4, disease: 'tb' });
    expect(queryString({ start_date: '2026-02-01', states: 4 }, { format: 'csv', table: 'by_area', program: undefined })).toBe(
      'start_date=2026-02-01&states=4&format=csv&table=by_area',
    );
  });

  it('reads the level and disease of a tier dashboard path', () => {
    expect(tierPageOf('/dashboards/federal_malaria')).toEqual({ level: 'federal', disease: 'malaria' });
    expect(tierPageOf('/dashboards/lga_lassa')).toEqual({ level: 'lga', disease: 'lassa' });
    expect(tierPageOf('/dashboards/state_cholera')).toBeNull();
    expect(tierPageOf('/dashboards/facility')).toBeNull();
  });

  it('shows the referral panel only for a disease or programme whose samples are referred', () => {
    // Malaria's tests are General's, and General refers nothing.
    expect(refers('malaria', undefined)).toBe(false);
    expect(refers(undefined, 'General')).toBe(false);
    for (const disease of ['tb', 'hiv', 'lassa', 'covid'] as const) expect(refers(disease, undefined), disease).toBe(true);
    expect(refers(undefined, 'Tuberculosis')).toBe(true);
    expect(refers(undefined, undefined)).toBe(false);
  });
});
