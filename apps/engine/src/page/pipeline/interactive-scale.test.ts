import { describe, expect, it } from 'vitest';
import { INTERACTIVE_BUDGET_MS, INTERACTIVE_SCALE, InteractiveScale } from './interactive-scale.js';

describe('InteractiveScale', () => {
  it('draws smaller frames while they take longer than the budget, down to the smallest scale', () => {
    const scale = new InteractiveScale();
    const seen: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      scale.record(INTERACTIVE_BUDGET_MS * 2);
      seen.push(scale.value);
    }
    expect(seen[0]).toBeLessThan(INTERACTIVE_SCALE.initial);
    expect(seen.every((value, i) => i === 0 || value <= seen[i - 1]!)).toBe(true);
    expect(scale.value).toBe(INTERACTIVE_SCALE.min);
  });

  it('moves down a step for a frame just over the budget', () => {
    const scale = new InteractiveScale();
    scale.record(INTERACTIVE_BUDGET_MS * 1.15);
    expect(scale.value).toBeCloseTo(INTERACTIVE_SCALE.initial - 0.05);
  });

  it('grows again in steps when frames are cheap, up to the largest scale', () => {
    const scale = new InteractiveScale();
    scale.record(INTERACTIVE_BUDGET_MS * 4);
    const low = scale.value;
    scale.record(INTERACTIVE_BUDGET_MS * 0.3);
    expect(scale.value).toBeCloseTo(low + 0.05);
    for (let i = 0; i < 20; i += 1) scale.record(INTERACTIVE_BUDGET_MS * 0.3);
    expect(scale.value).toBe(INTERACTIVE_SCALE.max);
  });

  it('stays put while frames are within the budget', () => {
    const scale = new InteractiveScale();
    scale.record(INTERACTIVE_BUDGET_MS);
    scale.record(INTERACTIVE_BUDGET_MS * 0.8);
    expect(scale.value).toBe(INTERACTIVE_SCALE.initial);
  });
});
