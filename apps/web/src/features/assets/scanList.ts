import type { AssetItem } from '@nlims/contracts';

/** A scanned tag on the bulk check-out's list: being looked up, ready, or refused with why. */
export interface Scanned {
  tag: string;
  state: 'checking' | 'ready' | 'unknown' | 'out' | 'unavailable' | 'refused';
  asset?: Pick<AssetItem, 'id' | 'tag' | 'name' | 'status' | 'checkout'>;
  /** The server's words, when it refused the tag. */
  message?: string;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Add a scanned tag (trimmed) unless it is empty or already listed, whatever its case. */
export function addScan(list: readonly Scanned[], raw: string): { list: Scanned[]; added: boolean } {
  const tag = raw.trim();
  if (!tag || list.some((s) => same(s.tag, tag))) return { list: [...list], added: false };
  return { list: [...list, { tag, state: 'checking' }], added: true };
}

/** What the register says of the tag's asset: ready, already out, or not in use; unknown when no asset has it. */
export function judged(list: readonly Scanned[], tag: string, asset: AssetItem | null): Scanned[] {
  return list.map((s) => {
    if (!same(s.tag, tag)) return s;
    if (!asset) return { ...s, state: 'unknown' };
    const state = asset.checkout ? 'out' : asset.status !== 'in_use' ? 'unavailable' : 'ready';
    return { ...s, tag: asset.tag, state, asset };
  });
}

export const removeScan = (list: readonly Scanned[], tag: string) => list.filter((s) => !same(s.tag, tag));

/** The tags to send: all ready, none being looked up or refused (all or nothing, as the server does it). */
export function sendable(list: readonly Scanned[]): { tags: string[]; blocked: boolean } {
  return { tags: list.filter((s) => s.state === 'ready').map((s) => s.tag), blocked: list.some((s) => s.state !== 'ready') };
}

/** The server's refusals (`tags.<n>` of the tags sent) onto the list's rows. */
export function refusedBy(list: readonly Scanned[], sent: readonly string[], errors: Record<string, string[]>): Scanned[] {
  return list.map((s) => {
    const index = sent.findIndex((tag) => same(tag, s.tag));
    const message = index < 0 ? undefined : errors[`tags.${index}`]?.join(' ');
    return message ? { ...s, state: 'refused', message } : s;
  });
}
