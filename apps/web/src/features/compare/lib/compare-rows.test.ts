import { describe, expect, it } from 'vitest';
import type { Config } from '@autostudio/protocol';
import { compareRows, comparedIds } from './compare-rows';

const config = (id: string, settings: Config['settings']): Config => ({
  id,
  name: id,
  description: '',
  projectPath: '',
  settings,
  imageUrl: null,
  stillUrl: null,
  ownerId: 'u',
  sharedUsers: [],
  sharedGroups: [],
  createdAt: '2026-11-29T00:00:00.000Z',
  updatedAt: '2026-11-29T00:00:00.000Z',
});

describe('comparing configurations option by option', () => {
  it('lines up each option and marks the rows whose values differ', () => {
    const rows = compareRows([
      config('a', { carConfig: { trim: 'Terra Base', paint: 'glacier white' }, scene: { timeOfDay: 'Noon' } }),
      config('b', { carConfig: { trim: 'Terra Base', paint: 'rallye red' } }),
    ]);
    expect(rows).toEqual([
      { key: 'trim', label: 'Trim', values: ['Terra Base', 'Terra Base'], differs: false },
      { key: 'paint', label: 'Paint', values: ['Glacier White', 'Rallye Red'], differs: true },
      { key: 'timeOfDay', label: 'Time of day', values: ['Noon', null], differs: true },
    ]);
  });

  it('reads the ids from the address, without blanks or repeats, four at most', () => {
    expect(comparedIds(new URLSearchParams('ids=a,,b,a,c,d,e'))).toEqual(['a', 'b', 'c', 'd']);
    expect(comparedIds(new URLSearchParams(''))).toEqual([]);
  });
});
