import { describe, expect, it } from 'vitest';
import { filtersFromParams, paramsOfFilters } from './filters';

describe('the register’s filters in the address', () => {
  it('keeps what it knows and drops the rest', () => {
    const f = filtersFromParams(new URLSearchParams('search=%20gx%20&status=under_repair&generic=3&location=x&checked_out=1&calibration=soon&page=2'));
    expect(f).toEqual({ search: 'gx', status: 'under_repair', generic: 3, location: undefined, checked_out: '1', calibration: undefined, page: 2 });
    expect(filtersFromParams(new URLSearchParams('status=broken')).status).toBeUndefined();
  });
  it('writes them back beside the open asset, page one left out', () => {
    const out = paramsOfFilters({ status: 'in_use', page: 1 }, new URLSearchParams('asset=7&status=out_of_service'));
    expect(out.toString()).toBe('asset=7&status=in_use');
  });
});
