import { describe, expect, it } from 'vitest';
import { documentFields, fileUpdateBody, folderCreateBody } from './files/files.js';
import { findUnsafeText, ONE_LINE_MESSAGE } from './input.js';
import { ncrCreateBody } from './quality/nonconformity.js';
import { resultFileBody } from './worksheets/worksheets.js';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('one-line fields', () => {
  it('refuse a line break or tab in every name a file or a folder is given', () => {
    for (const name of ['a\r\nX: 1\r\n.txt', 'a\nb', 'a\tb', 'a\u2028b']) {
      expect(issues(fileUpdateBody.safeParse({ name }))).toEqual([`name: ${ONE_LINE_MESSAGE}`]);
      expect(issues(folderCreateBody.safeParse({ name }))).toEqual([`name: ${ONE_LINE_MESSAGE}`]);
      expect(issues(resultFileBody.safeParse({ file_name: name, content: 'x' }))).toEqual([`file_name: ${ONE_LINE_MESSAGE}`]);
    }
    const doc = { code: 'SOP-1', title: 'Blood\ncount', effective_date: '2026-01-01', review_date: '2027-01-01', approved_by: 'Dr A' };
    expect(issues(documentFields.safeParse(doc))).toEqual([`title: ${ONE_LINE_MESSAGE}`]);
    // Around a name, spaces and line breaks are trimmed as before.
    expect(fileUpdateBody.parse({ name: ' scan.pdf\n' })).toEqual({ name: 'scan.pdf' });
  });

  it('leave multi-line text its lines', () => {
    const report = ncrCreateBody.safeParse({ title: 'Fridge', event_date: '2026-01-01', description: 'Line one.\r\nLine two.', severity: 'minor' });
    expect(report.success).toBe(true);
    expect(findUnsafeText({ description: 'Line one.\r\n\tLine two.' })).toEqual({});
  });

  it('hold for a path and a query, and for every field name', () => {
    expect(findUnsafeText({ search: 'a\nb', page: '1' }, '', { oneLine: true })).toEqual({ search: [ONE_LINE_MESSAGE] });
    expect(findUnsafeText({ 'a\nb': 'x' })).toEqual({ 'a?b': [ONE_LINE_MESSAGE] });
    expect(findUnsafeText({ search: 'a\u0000b' }, '', { oneLine: true })).toEqual({ search: ['Remove the control character (U+0000).'] });
  });
});
