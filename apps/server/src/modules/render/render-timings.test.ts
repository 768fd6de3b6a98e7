import { describe, expect, it } from 'vitest';
import { fitRenderTiming } from './render-timings.js';

describe('fitRenderTiming', () => {
  it('tells the fixed part of a render from the part that grows with its work', () => {
    // 5 s to load and store, 2 s per unit of work.
    const renders = [1, 2, 4, 8].map((work) => ({ work, seconds: 5 + 2 * work }));
    const fit = fitRenderTiming(renders);
    expect(fit.fixedSeconds).toBeCloseTo(5, 9);
    expect(fit.secondsPerWork).toBeCloseTo(2, 9);
  });

  it('counts all the time as work at the median rate when the renders are too alike to tell the parts apart', () => {
    // Three renders of one size, one of them slowed down by a busy machine.
    const fit = fitRenderTiming([
      { work: 10, seconds: 20 },
      { work: 10, seconds: 22 },
      { work: 10, seconds: 90 },
    ]);
    expect(fit).toEqual({ fixedSeconds: 0, secondsPerWork: 2.2 });
    expect(fitRenderTiming([{ work: 4, seconds: 3 }])).toEqual({ fixedSeconds: 0, secondsPerWork: 0.75 });
  });

  it('never answers a negative part: a fit that would is replaced by the median rate', () => {
    // Bigger renders that took less time (a faster engine took over): the line would slope down.
    const fit = fitRenderTiming([
      { work: 1, seconds: 10 },
      { work: 2, seconds: 8 },
      { work: 4, seconds: 4 },
    ]);
    expect(fit.fixedSeconds).toBe(0);
    expect(fit.secondsPerWork).toBe(4);
  });

  it('leaves out renders whose times do not read', () => {
    const fit = fitRenderTiming([
      { work: 2, seconds: Number.NaN },
      { work: 2, seconds: 4 },
    ]);
    expect(fit).toEqual({ fixedSeconds: 0, secondsPerWork: 2 });
  });
});
