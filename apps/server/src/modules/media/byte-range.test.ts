import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range.js';

describe('reading a Range header', () => {
  it.each([
    [undefined, 10, { kind: 'whole' }],
    ['bytes=0-0', 10, { kind: 'part', start: 0, end: 0 }],
    ['bytes=0-', 10, { kind: 'part', start: 0, end: 9 }],
    ['bytes=3-99999999999999999999', 10, { kind: 'part', start: 3, end: 9 }],
    [' bytes=2-4 ', 10, { kind: 'part', start: 2, end: 4 }],
    ['bytes=-3', 10, { kind: 'part', start: 7, end: 9 }],
    ['bytes=10-', 10, { kind: 'unsatisfiable' }],
    ['bytes=99999999999999999999-', 10, { kind: 'unsatisfiable' }],
    ['bytes=0-', 0, { kind: 'unsatisfiable' }],
    ['bytes=-5', 0, { kind: 'unsatisfiable' }],
    ['bytes=-', 10, { kind: 'whole' }],
    ['bytes=4-2', 10, { kind: 'whole' }],
    ['bytes=1-2, 4-5', 10, { kind: 'whole' }],
    ['bytes=-1-2', 10, { kind: 'whole' }],
    ['pages=1-2', 10, { kind: 'whole' }],
  ])('reads %j on %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});
