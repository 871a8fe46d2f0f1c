import { describe, expect, it } from 'vitest';
import { canvasDirection, canvasText, figureText, seriesColour, tableRows, timeOf, wrapLabel } from './model';

describe('the chart kit’s figures and labels', () => {
  it('writes figures with grouped digits, and a dash for none', () => {
    expect(figureText(1234567)).toBe('1,234,567');
    expect(figureText(12.5)).toBe('12.5');
    expect(figureText(null)).toBe('—');
  });

  it('keeps a short label whole and breaks a long one at spaces, cutting what does not fit', () => {
    expect(wrapLabel('ORDERED')).toBe('ORDERED');
    expect(wrapLabel('Sample received without a request form', 18, 2)).toEqual(['Sample received', 'without a request…']);
    expect(wrapLabel('Haemolysed sample', 12, 2)).toEqual(['Haemolysed', 'sample']);
    expect(wrapLabel('Insufficientvolumeofspecimen', 12, 2)).toBe('Insufficien…');
  });

  it('turns the isolates around a range into marks the canvas honours', () => {
    expect(canvasText('\u2066< 20\u2069')).toBe('\u200e< 20\u200e');
    expect(canvasText('Cases: \u2066< 5\u2069 (suppressed)')).toBe('Cases: \u200e< 5\u200e (suppressed)');
    expect(canvasText('plain')).toBe('plain');
    expect(wrapLabel('\u2066≥ 1,000\u2069')).toBe('\u200e≥ 1,000\u200e');
  });

  it('writes a chart right to left only in Arabic and only when its labels have Arabic in them', () => {
    expect(canvasDirection(true, ['مطلوب', 'مقبول'])).toBe('rtl');
    expect(canvasDirection(true, ['\u2066< 20\u2069', '20–199'])).toBe('ltr');
    expect(canvasDirection(true, ['27/10/2026'])).toBe('ltr');
    expect(canvasDirection(false, ['مطلوب'])).toBe('ltr');
  });

  it('reads a day at its local midnight and an instant as given', () => {
    expect(new Date(timeOf('2026-03-09')).getDate()).toBe(9);
    expect(new Date(timeOf('2026-03-09')).getHours()).toBe(0);
    expect(timeOf('2026-03-09T10:30:00Z')).toBe(Date.UTC(2026, 2, 9, 10, 30));
  });

  it('gives every series its own colour, or the one it asks for', () => {
    expect(seriesColour(0)).not.toBe(seriesColour(1));
    expect(seriesColour(3, '#123456')).toBe('#123456');
  });

  it('makes the table beside a chart: a row per point, each series’ figure as the series writes it', () => {
    const rows = tableRows(
      ['01/03/2026', '02/03/2026'],
      [
        { key: 'tests', label: 'Tests', values: [1200, 0] },
        { key: 'positives', label: 'Cases', values: [null, 3], format: (v) => (v === null ? '< 5' : String(v)) },
      ],
    );
    expect(rows).toEqual([
      ['01/03/2026', '1,200', '< 5'],
      ['02/03/2026', '0', '3'],
    ]);
  });
});
