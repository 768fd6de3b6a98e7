import { describe, expect, it } from 'vitest';
import { formatEstimate } from './render-estimates.js';

describe('formatEstimate', () => {
  it('rounds as a person plans: seconds to 5 under ten minutes, to the minute under an hour, then to 5 minutes', () => {
    expect(formatEstimate(4)).toBe('a few seconds');
    expect(formatEstimate(42)).toBe('about 40 s');
    expect(formatEstimate(58)).toBe('about 1 min');
    expect(formatEstimate(105)).toBe('about 1 min 45 s');
    expect(formatEstimate(1210)).toBe('about 20 min');
    expect(formatEstimate(3590)).toBe('about 1 h');
    expect(formatEstimate(7520)).toBe('about 2 h 5 min');
  });
});
