import { describe, expect, it } from 'vitest';
import type { WorkplanRow } from '../types';
import { groupWork, isOverdue, sampleSpans } from './groups';

const row = (id: number, section: [number, string] | null, bench: [number, string] | null, due: string): WorkplanRow => ({
  id,
  test_type: 1,
  test_type_name: 'Test',
  status: 3,
  due_at: due,
  order: id,
  lab_number: `LAB-${id}`,
  sample: id,
  barcode: `LAB-${id}`,
  priority: 'routine',
  sample_status: 3,
  client: 1,
  client_name: 'A B',
  hospital_number: null,
  sex: 'female',
  date_of_birth: null,
  section: section?.[0] ?? null,
  section_name: section?.[1] ?? null,
  bench: bench?.[0] ?? null,
  bench_name: bench?.[1] ?? null,
});

describe('groupWork', () => {
  it('groups by section then bench, unnamed last, keeping the due order inside a group', () => {
    const haem: [number, string] = [1, 'Haematology'];
    const chem: [number, string] = [2, 'Clinical Chemistry'];
    const rows = [
      row(1, haem, [10, 'Haematology Analyser Bench'], '2026-11-22T08:00:00Z'),
      row(2, chem, [20, 'Chemistry Analyser Bench'], '2026-11-22T09:00:00Z'),
      row(3, haem, [11, 'Coagulation Bench'], '2026-11-22T09:30:00Z'),
      row(4, haem, null, '2026-11-22T10:00:00Z'),
      row(5, haem, [10, 'Haematology Analyser Bench'], '2026-11-22T11:00:00Z'),
      row(6, null, null, '2026-11-22T12:00:00Z'),
    ];
    const groups = groupWork(rows);
    expect(groups.map((g) => [g.section, g.bench, g.items.map((i) => i.id)])).toEqual([
      ['Clinical Chemistry', 'Chemistry Analyser Bench', [2]],
      ['Haematology', 'Coagulation Bench', [3]],
      ['Haematology', 'Haematology Analyser Bench', [1, 5]],
      ['Haematology', null, [4]],
      [null, null, [6]],
    ]);
  });

  it('calls a test overdue once its due time has passed', () => {
    const r = row(1, null, null, '2026-11-22T08:00:00Z');
    expect(isOverdue(r, Date.parse('2026-11-22T08:00:01Z'))).toBe(true);
    expect(isOverdue(r, Date.parse('2026-11-22T07:59:59Z'))).toBe(false);
    expect(isOverdue({ ...r, due_at: null }, Date.now())).toBe(false);
  });
});

describe('sampleSpans', () => {
  it("lets consecutive tests of one sample share its cells, and keeps an order's samples apart", () => {
    const at = '2026-11-22T08:00:00Z';
    const rows = [
      row(1, null, null, at),
      { ...row(2, null, null, at), sample: 1 },
      { ...row(3, null, null, at), sample: 1 },
      { ...row(4, null, null, at), order: 1 },
      row(1, null, null, at),
    ];
    expect(sampleSpans(rows)).toEqual([3, 0, 0, 1, 1]);
    expect(sampleSpans([])).toEqual([]);
  });
});
