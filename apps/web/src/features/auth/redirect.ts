import type { Location } from 'react-router';

/** Route state carrying the page an unauthenticated visitor asked for. */
export interface FromState {
  from?: string;
}

export function fromLocation(location: Location): FromState {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

export function readFrom(state: unknown): string | undefined {
  const from = (state as FromState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : undefined;
}
