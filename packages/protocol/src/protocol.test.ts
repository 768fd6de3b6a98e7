import { describe, expect, it } from 'vitest';
import {
  isAuthErrorMessage,
  LIST_DEFAULTS,
  listQuerySchema,
  loginResponseSchema,
  MAX_JSON_DEPTH,
  mediaUrl,
  nestsDeeperThan,
  NO_CONTROL_CHARACTERS,
  SOCKET_MESSAGES,
  SUCCESS_TOASTS,
} from './index.js';

describe('the list contract', () => {
  const schema = listQuerySchema(LIST_DEFAULTS.users, 'users');

  it('fills in the spec defaults', () => {
    expect(schema.parse({})).toEqual({ page: 1, limit: 20 });
  });

  it('reads numbers from the query string and trims the search', () => {
    expect(schema.parse({ page: '3', limit: '50', search: '  terra ' })).toEqual({
      page: 3,
      limit: 50,
      search: 'terra',
    });
  });

  it('reads a sort by one of the list columns and its order', () => {
    expect(schema.parse({ sort: 'username', order: 'desc' })).toEqual({
      page: 1,
      limit: 20,
      sort: 'username',
      order: 'desc',
    });
  });

  it.each([
    { page: '0' },
    { limit: '1000' },
    { page: 'two' },
    { search: 'x'.repeat(201) },
    { sort: 'updatedAt' },
    { sort: 'name', order: 'up' },
  ])('refuses %j', (query) => {
    expect(schema.safeParse(query).success).toBe(false);
  });
});

describe('message texts', () => {
  it('fill in the placeholders of the spec', () => {
    expect(SOCKET_MESSAGES.requestTimeout(15000, 'api_call')).toBe('Request timeout after 15000ms for type api_call');
    expect(SOCKET_MESSAGES.notReadyWithin(30000)).toBe('Failed to become ready within 30000ms');
    expect(SUCCESS_TOASTS.assetModelCreated('Terra')).toBe('Asset Model Terra created successfully');
  });

  it('treat a socket message that mentions auth as an auth error', () => {
    expect(isAuthErrorMessage('Authentication failed')).toBe(true);
    expect(isAuthErrorMessage('auth token expired')).toBe(true);
    expect(isAuthErrorMessage('Request timeout after 10ms for type ping')).toBe(false);
  });
});

describe('the login result', () => {
  it('assumes expiresIn 3600 when the server leaves it out', () => {
    const parsed = loginResponseSchema.parse({
      accessToken: 'a',
      refreshToken: 'r',
      user: { id: '1', username: 'u', name: 'U', roles: ['user'] },
    });
    expect(parsed.expiresIn).toBe(3600);
  });
});

describe('media URLs', () => {
  it('escape each segment of the key and keep the slashes', () => {
    expect(mediaUrl('users/u-1/my car #2.png')).toBe('/api/media/users/u-1/my%20car%20%232.png');
  });
});

describe('the JSON depth limit', () => {
  const nested = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);

  it('takes MAX_JSON_DEPTH levels and refuses one more', () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestsDeeperThan({ a: [1, { b: 'c' }], d: null })).toBe(false);
  });

  it('checks a million levels without overflowing the stack', () => {
    expect(nestsDeeperThan(nested(1_000_000))).toBe(true);
  });
});

describe('names', () => {
  it.each(['Zoë Ångström', '渡辺', 'Terra — Limited (2026)', 'Team 👩‍🔬', 'a\u00a0b'])('takes %s', (name) => {
    expect(NO_CONTROL_CHARACTERS.test(name)).toBe(true);
  });

  it.each(['a\u0000b', 'a\tb', 'a\nb', 'a\u001b[31m', 'a\u007f', 'a\u0085', 'a\u202egpj.exe', 'a\u2066b'])(
    'refuses %j',
    (name) => {
      expect(NO_CONTROL_CHARACTERS.test(name)).toBe(false);
    },
  );
});
