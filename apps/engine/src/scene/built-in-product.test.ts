import { describe, expect, it } from 'vitest';
import { BUILT_IN_PRODUCT } from '@autostudio/protocol';
import { TRIMS } from '../contract/car-catalogue.js';

describe('the built-in car as the server seeds it', () => {
  it('offers exactly the trims the engine builds', () => {
    expect([...BUILT_IN_PRODUCT.trims]).toEqual(TRIMS.map((trim) => trim.name));
  });
});
