import { describe, expect, it } from 'vitest';
import { ENGINE_LINE } from '@autostudio/protocol';
import { estimateWaitMs, typicalSessionMs } from './estimate-wait.js';

const MIN = 60_000;

describe('typicalSessionMs', () => {
  it('is the median of the lengths, so that one forgotten tab does not stretch every estimate', () => {
    expect(typicalSessionMs([])).toBeNull();
    expect(typicalSessionMs([10 * MIN, 2 * MIN, 4 * MIN])).toBe(4 * MIN);
    expect(typicalSessionMs([2 * MIN, 4 * MIN, 6 * MIN, 240 * MIN])).toBe(5 * MIN);
  });
});

describe('estimateWaitMs', () => {
  it('is nothing for those an engine not lent is waiting for', () => {
    expect(estimateWaitMs({ place: 2, free: 2, activeAgesMs: [], typicalMs: null })).toBe(0);
  });

  it('is unknown before any session has ended', () => {
    expect(estimateWaitMs({ place: 1, free: 0, activeAgesMs: [MIN], typicalMs: null })).toBeNull();
  });

  it('takes the engines in the order their sessions should end, then one more turn of each', () => {
    const ages = { activeAgesMs: [8 * MIN, 2 * MIN], typicalMs: 10 * MIN, free: 0 };
    expect(estimateWaitMs({ place: 1, ...ages })).toBe(2 * MIN);
    expect(estimateWaitMs({ place: 2, ...ages })).toBe(8 * MIN);
    expect(estimateWaitMs({ place: 3, ...ages })).toBe(12 * MIN);
  });

  it('gives a session already longer than the typical one the least time left, not none', () => {
    expect(estimateWaitMs({ place: 1, free: 0, activeAgesMs: [30 * MIN], typicalMs: 10 * MIN })).toBe(
      ENGINE_LINE.minRemainingMs,
    );
  });
});
