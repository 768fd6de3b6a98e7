import { describe, expect, it } from 'vitest';
import { canCreate, canManage, isGuest, seesEverything } from './permissions.js';

const admin = { id: 'a', roles: ['admin'] };
const moderator = { id: 'm', roles: ['moderator'] };
const user = { id: 'u', roles: ['user'] };
const guest = { id: 'g', roles: ['client'] };

describe('who may do what', () => {
  it('a guest creates and manages nothing, not even what they would own', () => {
    expect(isGuest(guest)).toBe(true);
    expect(canCreate(guest, 'config')).toBe(false);
    expect(canCreate(guest, 'preset')).toBe(false);
    expect(canManage(guest, 'config', guest.id)).toBe(false);
  });

  it('a user manages their own configurations and presets only', () => {
    expect(canCreate(user, 'config')).toBe(true);
    expect(canManage(user, 'config', user.id)).toBe(true);
    expect(canManage(user, 'config', 'someone-else')).toBe(false);
    expect(canManage(user, 'preset', null)).toBe(false);
    expect(seesEverything(user, 'config')).toBe(false);
  });

  it('a moderator oversees presets, configurations and renders, not asset models', () => {
    for (const kind of ['preset', 'config', 'renderedAsset'] as const) {
      expect(seesEverything(moderator, kind)).toBe(true);
      expect(canManage(moderator, kind, 'someone-else')).toBe(true);
    }
    expect(seesEverything(moderator, 'assetModel')).toBe(false);
    expect(canCreate(moderator, 'assetModel')).toBe(false);
  });

  it('an administrator does everything, a guest who is also a user is not a guest', () => {
    expect(canManage(admin, 'assetModel', 'someone-else')).toBe(true);
    expect(canCreate(admin, 'assetModel')).toBe(true);
    expect(isGuest({ id: 'x', roles: ['client', 'user'] })).toBe(false);
  });
});
