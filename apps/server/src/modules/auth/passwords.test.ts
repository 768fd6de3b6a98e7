import { describe, expect, it } from 'vitest';
import { Passwords } from './passwords.js';

describe('password hashing at the production cost', () => {
  const passwords = new Passwords();

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await passwords.hash('correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(hash).not.toContain('correct horse');
    await expect(passwords.verify('correct horse battery staple', hash)).resolves.toBe(true);
    await expect(passwords.verify('correct horse battery stapler', hash)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    expect(await passwords.hash('same')).not.toBe(await passwords.hash('same'));
  });

  it('refuses a stored value that is not a hash it knows', async () => {
    await expect(passwords.verify('x', 'plain-text')).resolves.toBe(false);
    await expect(passwords.verify('x', 'bcrypt$1$2$3$a$b')).resolves.toBe(false);
  });

  it('checks a hash at the cost stored with it, so a cost raised later keeps old passwords working', async () => {
    const cheap = await new Passwords({ N: 2 ** 10, r: 8, p: 1 }).hash('kept');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    await expect(passwords.verify('kept', cheap)).resolves.toBe(true);
  });

  it('makes its decoy (checked for unknown usernames) at its own cost, so both take as long', async () => {
    expect(await passwords.decoyHash()).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(await new Passwords({ N: 2 ** 10, r: 8, p: 1 }).decoyHash()).toMatch(/^scrypt\$1024\$8\$1\$/);
  });
});
