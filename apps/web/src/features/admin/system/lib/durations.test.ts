import { describe, expect, it } from 'vitest';
import { since, span } from './durations';

describe('the System page’s lengths of time', () => {
  it('reads at the precision a glance needs, from seconds to days', () => {
    expect(span(0)).toBe('0 s');
    expect(span(59_999)).toBe('59 s');
    expect(span(60_000)).toBe('1 min');
    expect(span(59 * 60_000 + 59_000)).toBe('59 min');
    expect(span(3 * 3_600_000 + 5 * 60_000)).toBe('3 h 05 min');
    expect(span(47 * 3_600_000)).toBe('47 h 00 min');
    expect(span(50 * 3_600_000)).toBe('2 d 2 h');
  });

  it('counts from a moment, says "—" for none, and "0 s" for a moment a little ahead of this clock', () => {
    const now = Date.parse('2026-11-29T12:00:00Z');
    expect(since('2026-11-29T11:58:30Z', now)).toBe('1 min');
    expect(since(null, now)).toBe('—');
    expect(since('not a date', now)).toBe('—');
    expect(since('2026-11-29T12:00:05Z', now)).toBe('0 s');
  });
});
