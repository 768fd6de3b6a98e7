import { describe, expect, it } from 'vitest';
import { flakesResolvedAt } from './flakes.js';

describe("a paint's flakes", () => {
  const mm = (n: number) => n / 1000;

  it('are drawn where a pixel resolves them: a 1080p still of the nearest panel 4 m away, a close-up, the cabin', () => {
    // Cobalt Blue's 0.8 mm flakes under a 30° lens: a 1080p pixel covers 2 mm there, which shows them fading in.
    expect(flakesResolvedAt(mm(0.8), 4, 30, 1080)).toBe(true);
    expect(flakesResolvedAt(mm(0.4), 1, 30, 720)).toBe(true);
    expect(flakesResolvedAt(mm(0.4), 0, 30, 360)).toBe(true);
  });

  it('are left out where every flake would fade to nothing: a 720p video frame 4 m away, a small drag frame', () => {
    expect(flakesResolvedAt(mm(0.8), 4, 30, 720)).toBe(false);
    expect(flakesResolvedAt(mm(1), 3, 30, 90)).toBe(false);
  });
});
