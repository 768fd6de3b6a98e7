import { describe, expect, it } from 'vitest';
import { COMPOSITION_GUIDE_GROUPS, COMPOSITION_GUIDES } from './camera.js';

describe('composition guide choices (spec §3)', () => {
  it('are None, then every other guide in exactly one group: Guides, then Social Media', () => {
    expect(COMPOSITION_GUIDE_GROUPS.map((group) => group.label)).toEqual(['Guides', 'Social Media']);
    expect(['None', ...COMPOSITION_GUIDE_GROUPS.flatMap((group) => group.guides)]).toEqual([...COMPOSITION_GUIDES]);
  });
});
