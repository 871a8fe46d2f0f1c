import { describe, expect, it } from 'vitest';
import { changeFilters, filtersFromParams, paramsOf, queryString, reportRequest, type TierReportFilters } from './filters';

const period = { start_date: '2026-10-25', end_date: '2026-11-23' };
const from = (search: string) => filtersFromParams(new URLSearchParams(search), period);

describe('the aggregated report’s filters in the address', () => {
  it('opens on General over the last 30 days, nothing narrowed, with an address that names nothing', () => {
    const filters = from('');
    expect(filters).toEqual({ family: 'general', ...period });
    expect(paramsOf(filters, period).toString()).toBe('');
  });

  it('reads every filter back from the address it writes', () => {
    const filters: TierReportFilters = {
      family: 'programme',
      program: 'Lassa Fever',
      test_type: 12,
      start_date: '2026-01-01',
      end_date: '2026-03-31',
      test_order_status: 7,
      reporting_state: 25,
      reporting_lga: 412,
    };
    const params = paramsOf(filters, period);
    expect(Object.fromEntries(params)).toEqual({
      family: 'programme',
      program: 'Lassa Fever',
      test_type: '12',
      start_date: '2026-01-01',
      end_date: '2026-03-31',
      test_order_status: '7',
      reporting_state: '25',
      reporting_lga: '412',
    });
    expect(filtersFromParams(params, period)).toEqual(filters);
    const tb = { family: 'tb' as const, ...period };
    expect(paramsOf(tb, period).toString()).toBe('family=tb');
    expect(from('family=tb')).toEqual(tb);
  });

  it('falls back to the default for what is malformed, and ignores a programme outside the other programmes', () => {
    expect(from('family=hiv&test_type=abc&reporting_state=0&reporting_lga=-3&test_order_status=1.5')).toEqual({ family: 'general', ...period });
    expect(from('test_type=99999999999')).toEqual({ family: 'general', ...period });
    // a status the aggregates do not tell apart
    expect(from('test_order_status=5')).toEqual({ family: 'general', ...period });
    expect(from('test_order_status=4').test_order_status).toBe(4);
    expect(from('family=tb&program=Lassa%20Fever')).toEqual({ family: 'tb', ...period });
    expect(from('start_date=2026-11-01x&end_date=2026-11-10')).toEqual({ family: 'general', start_date: period.start_date, end_date: '2026-11-10' });
    expect(from('start_date=2026-11-01&end_date=2026-11-31')).toEqual({ family: 'general', start_date: '2026-11-01', end_date: period.end_date });
    // back to front: the default period
    expect(from('start_date=2026-05-01&end_date=2026-04-01')).toEqual({ family: 'general', ...period });
    // one end given: the other is the default's
    expect(from('start_date=2026-11-01')).toEqual({ family: 'general', start_date: '2026-11-01', end_date: period.end_date });
  });

  it('drops what no longer applies: another family’s tests and programme, another state’s LGA; a date is never cleared', () => {
    const lassa: TierReportFilters = { family: 'programme', program: 'Lassa Fever', test_type: 7, reporting_state: 25, reporting_lga: 412, ...period };
    expect(changeFilters(lassa, { family: 'tb' })).toEqual({ family: 'tb', reporting_state: 25, reporting_lga: 412, ...period });
    expect(changeFilters(lassa, { program: 'Cholera' })).toEqual({
      family: 'programme',
      program: 'Cholera',
      reporting_state: 25,
      reporting_lga: 412,
      ...period,
    });
    expect(changeFilters(lassa, { reporting_state: 20 })).toEqual({
      family: 'programme',
      program: 'Lassa Fever',
      test_type: 7,
      reporting_state: 20,
      ...period,
    });
    expect(changeFilters(lassa, { reporting_state: undefined })).not.toHaveProperty('reporting_lga');
    expect(changeFilters(lassa, { test_order_status: 1 })).toEqual({ ...lassa, test_order_status: 1 });
    expect(changeFilters(lassa, { start_date: undefined })).toEqual(lassa);
    expect(changeFilters(lassa, { end_date: '2026-11-20' }).end_date).toBe('2026-11-20');
  });

  it('asks the family’s endpoint with the filters as the API names them', () => {
    const filters: TierReportFilters = { family: 'tb', test_type: 3, reporting_lga: 9, ...period };
    expect(reportRequest(filters, { page: 2, page_size: 20 })).toEqual({
      path: '/api/tb_report/',
      query: { test_type: 3, reporting_lga: 9, ...period, page: 2, page_size: 20 },
    });
    expect(reportRequest({ family: 'general', ...period }).path).toBe('/api/general_order_report/');
    const lassa = reportRequest({ family: 'programme', program: 'Lassa Fever', ...period }, { format: 'csv' });
    expect(lassa).toEqual({ path: '/api/general_program_report/', query: { program: 'Lassa Fever', ...period, format: 'csv' } });
    expect(queryString(lassa.query)).toBe('program=Lassa+Fever&start_date=2026-10-25&end_date=2026-11-23&format=csv');
  });
});
