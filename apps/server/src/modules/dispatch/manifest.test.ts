import { describe, expect, it } from 'vitest';
import { counted } from './manifest.js';

describe('the manifest’s counts', () => {
  it('agree with their number', () => {
    expect(counted(1, 'sample', 'samples')).toBe('1 sample');
    expect(counted(2, 'sample', 'samples')).toBe('2 samples');
    expect(counted(0, 'box', 'boxes')).toBe('0 boxes');
    expect(counted(1, 'box', 'boxes')).toBe('1 box');
  });
});
