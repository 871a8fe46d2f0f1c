import type { AssetItem } from '@nlims/contracts';
import { describe, expect, it } from 'vitest';
import { addScan, judged, refusedBy, removeScan, sendable } from './scanList';

const asset = (over: Partial<AssetItem> = {}) => ({ id: 1, tag: 'YABA-0007', name: 'GeneXpert IV', status: 'in_use', checkout: null, ...over }) as AssetItem;

describe('the bulk check-out’s scanned list', () => {
  it('adds each tag once, whatever its case, and ignores an empty scan', () => {
    let { list, added } = addScan([], ' yaba-0007 ');
    expect(added).toBe(true);
    expect(list).toEqual([{ tag: 'yaba-0007', state: 'checking' }]);
    ({ list, added } = addScan(list, 'YABA-0007'));
    expect(added).toBe(false);
    expect(addScan(list, '   ').added).toBe(false);
  });

  it('marks each tag ready, unknown, already out or not in use, in the register’s spelling', () => {
    const list = addScan(addScan(addScan([], 'yaba-0007').list, 'NOPE').list, 'B').list;
    const next = judged(judged(judged(list, 'yaba-0007', asset()), 'NOPE', null), 'b', asset({ tag: 'B', status: 'under_repair' }));
    expect(next.map((s) => [s.tag, s.state])).toEqual([
      ['YABA-0007', 'ready'],
      ['NOPE', 'unknown'],
      ['B', 'unavailable'],
    ]);
    expect(judged(list, 'YABA-0007', asset({ checkout: { to: 'bench' } as AssetItem['checkout'] }))[0]!.state).toBe('out');
    expect(sendable(next)).toEqual({ tags: ['YABA-0007'], blocked: true });
    expect(sendable(removeScan(removeScan(next, 'nope'), 'B'))).toEqual({ tags: ['YABA-0007'], blocked: false });
  });

  it('puts the server’s refusal beside the tag it names', () => {
    const list = judged(judged(addScan(addScan([], 'A').list, 'B').list, 'A', asset({ tag: 'A' })), 'B', asset({ tag: 'B', id: 2 }));
    const after = refusedBy(list, ['A', 'B'], { 'tags.1': ['B is already checked out to GeneXpert Bench.'] });
    expect(after.map((s) => [s.state, s.message])).toEqual([
      ['ready', undefined],
      ['refused', 'B is already checked out to GeneXpert Bench.'],
    ]);
  });
});
