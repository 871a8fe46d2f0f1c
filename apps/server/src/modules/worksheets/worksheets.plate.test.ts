import { describe, expect, it } from 'vitest';
import { identifierLines, valueLines } from './worksheets.plate.js';

/** A character about half its size wide, as Helvetica's digits are. */
const widthAt = (text: string, size: number) => text.length * size * 0.55;

describe("a well's laboratory number on the printed plate", () => {
  it('is printed whole on one line when it fits, a little smaller if need be', () => {
    // 20 characters: 71.5 pt at 6.5, 66 pt at 6
    expect(identifierLines('LA-LMD-001-26-000032', widthAt, 80)).toEqual({ size: 6.5, lines: ['LA-LMD-001-26-000032'] });
    expect(identifierLines('LA-LMD-001-26-000032', widthAt, 67)).toEqual({ size: 6, lines: ['LA-LMD-001-26-000032'] });
  });

  it('goes onto two lines only after a hyphen, the lines balanced, never inside a segment', () => {
    const fit = identifierLines('LA-LMD-001-26-000032', widthAt, 60);
    expect(fit).toEqual({ size: 6.5, lines: ['LA-LMD-001-', '26-000032'] });
    expect(fit.lines.join('')).toBe('LA-LMD-001-26-000032');
  });

  it('wraps after hyphens at the smallest size in a very narrow well, each segment whole', () => {
    const fit = identifierLines('LA-LMD-001-26-000032', widthAt, 20);
    expect(fit.size).toBe(5);
    expect(fit.lines.join('')).toBe('LA-LMD-001-26-000032');
    for (const line of fit.lines) expect(line).toMatch(/^[A-Z0-9]+(-[A-Z0-9]+)*-?$/);
    expect(fit.lines).toContain('000032');
  });
});

describe("a well's result on the printed plate", () => {
  it('is printed whole, on two lines between its words when it is long', () => {
    expect(valueLines('1250', widthAt, 60)).toEqual({ size: 6.5, lines: ['1250'] });
    expect(valueLines('Target Not Detected', widthAt, 60)).toEqual({ size: 6.5, lines: ['Target Not', 'Detected'] });
  });
});
