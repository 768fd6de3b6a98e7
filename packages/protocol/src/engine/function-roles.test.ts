import { describe, expect, it } from 'vitest';
import { ENGINE_FUNCTION_LIST, ENGINE_FUNCTION_ROLES, engineFunctionRole } from '../index.js';

describe('engine function roles', () => {
  it('says of every catalogue function, and of nothing else, what it does to the picture', () => {
    expect(Object.keys(ENGINE_FUNCTION_ROLES).sort()).toEqual(ENGINE_FUNCTION_LIST.map((f) => f.name).sort());
  });

  it('finds a role by the name on the wire, case aside as Unreal does', () => {
    expect(engineFunctionRole('Update Car Material')).toBe('control');
    expect(engineFunctionRole('update car material')).toBe('control');
    expect(engineFunctionRole('GetCraneValues')).toBe('read');
    expect(engineFunctionRole('StartRenderJob')).toBe('job');
    expect(engineFunctionRole('NoSuchFunction')).toBeUndefined();
  });
});
