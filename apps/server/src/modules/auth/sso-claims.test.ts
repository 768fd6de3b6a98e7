import { describe, expect, it } from 'vitest';
import { MissingClaimError, profileFromClaims, readClaim, rolesFromClaim, usernameFromClaims } from './sso-claims.js';

describe('roles from the provider', () => {
  it.each([
    [
      ['admin', 'user'],
      ['admin', 'user'],
    ],
    ['admin user', ['admin', 'user']],
    ['moderator,client', ['moderator', 'client']],
    [' Admin ,  MODERATOR ', ['admin', 'moderator']],
    [
      ['user', 'user', 'admin'],
      ['user', 'admin'],
    ],
  ])('reads %j as %j', (claim, roles) => {
    expect(rolesFromClaim(claim)).toEqual(roles);
  });

  it.each([[undefined], [null], [''], [[]], [['superuser', 42]], [{ admin: true }]])(
    'falls back to user for %j',
    (claim) => {
      expect(rolesFromClaim(claim)).toEqual(['user']);
    },
  );

  it('finds the claim by exact name first, then by dotted path', () => {
    const claims = {
      'https://studio.example.com/roles': ['admin'],
      realm_access: { roles: ['moderator'] },
    };
    expect(readClaim(claims, 'https://studio.example.com/roles')).toEqual(['admin']);
    expect(readClaim(claims, 'realm_access.roles')).toEqual(['moderator']);
    expect(readClaim(claims, 'realm_access.groups')).toBeUndefined();
    expect(readClaim(claims, 'roles')).toBeUndefined();
  });
});

describe('usernames from the provider', () => {
  it('prefers preferred_username, then email, in lower case', () => {
    expect(usernameFromClaims({ preferred_username: 'Sam', email: 'sam@x.test' })).toBe('sam');
    expect(usernameFromClaims({ email: 'Nora@Studio.test' })).toBe('nora@studio.test');
  });

  it('replaces characters a username may not have', () => {
    expect(usernameFromClaims({ preferred_username: 'Ada Lovelace' })).toBe('ada-lovelace');
    expect(usernameFromClaims({ preferred_username: 'r/ené' })).toBe('r-en-');
  });

  it('falls back to the email when preferred_username is blank, and gives up without either', () => {
    expect(usernameFromClaims({ preferred_username: '   ', email: 'x@y.test' })).toBe('x@y.test');
    expect(usernameFromClaims({ name: 'Nameless' })).toBeNull();
  });

  it('leaves room for a number on a long name', () => {
    expect(usernameFromClaims({ preferred_username: 'a'.repeat(300) })).toHaveLength(90);
  });
});

describe('the profile', () => {
  it('needs a subject and a username', () => {
    expect(() => profileFromClaims({ preferred_username: 'sam' }, 'roles')).toThrow(MissingClaimError);
    expect(() => profileFromClaims({ sub: 'x' }, 'roles')).toThrow(MissingClaimError);
  });

  it('takes the name when there is one', () => {
    expect(profileFromClaims({ sub: 's1', email: 'a@b.test', name: '  Ann  ', groups: 'admin' }, 'groups')).toEqual({
      subject: 's1',
      username: 'a@b.test',
      name: 'Ann',
      roles: ['admin'],
    });
    expect(profileFromClaims({ sub: 's1', email: 'a@b.test' }, 'roles').name).toBeUndefined();
  });

  it('leaves out a name with control characters, which the API would refuse', () => {
    for (const name of ['Ann\u001b[31m', 'Ann\nBob', 'Ann\u202Egpj.exe']) {
      expect(profileFromClaims({ sub: 's1', email: 'a@b.test', name }, 'roles').name).toBeUndefined();
    }
  });
});
