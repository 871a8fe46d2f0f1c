import { ASSET_STATUSES, type AssetStatus } from '@nlims/contracts';
import type { AssetFilters } from './api';

/** The register's filters as the address holds them (shareable, kept on reload); unknown values are dropped. */
export function filtersFromParams(params: URLSearchParams): AssetFilters {
  const id = (key: string) => {
    const n = Number(params.get(key));
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  const status = params.get('status');
  const checked = params.get('checked_out');
  const calibration = params.get('calibration');
  return {
    search: params.get('search')?.trim() || undefined,
    status: ASSET_STATUSES.includes(status as AssetStatus) ? (status as AssetStatus) : undefined,
    generic: id('generic'),
    location: id('location'),
    checked_out: checked === '0' || checked === '1' ? checked : undefined,
    calibration: calibration === 'due' || calibration === 'overdue' ? calibration : undefined,
    page: id('page') ?? 1,
  };
}

/** The filters back into the address (the other parameters, such as the open asset, kept). */
export function paramsOfFilters(filters: AssetFilters, keep: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(keep);
  for (const key of ['search', 'status', 'generic', 'location', 'checked_out', 'calibration', 'page']) next.delete(key);
  for (const [key, value] of Object.entries(filters)) if (value != null && value !== '' && !(key === 'page' && value === 1)) next.set(key, String(value));
  return next;
}
