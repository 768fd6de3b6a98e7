import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration from the environment', () => {
  it('works with nothing set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.database).toEqual({ dialect: 'sqlite', file: path.resolve('data', 'autostudio.db') });
    expect(config.initialAdmin).toEqual({ username: 'admin', password: undefined });
    expect(config.engines).toEqual({ provider: 'local', max: 2, warm: 1 });
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.sso).toBeUndefined();
  });

  it('enables single sign-on when the issuer and client id are set', () => {
    const config = loadConfig({
      PORT: '9000',
      OIDC_ISSUER: 'https://id.example.com/realms/studio',
      OIDC_CLIENT_ID: 'autostudio',
      OIDC_CLIENT_SECRET: 'shh',
    });
    expect(config.publicUrl).toBe('http://localhost:9000');
    expect(config.sso).toEqual({
      issuer: 'https://id.example.com/realms/studio',
      clientId: 'autostudio',
      clientSecret: 'shh',
      rolesClaim: 'roles',
    });
  });

  it('takes the public address without its trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://studio.example.com/' }).publicUrl).toBe('https://studio.example.com');
  });

  it.each([
    [{ OIDC_ISSUER: 'https://id.example.com' }, 'OIDC_CLIENT_ID'],
    [{ OIDC_CLIENT_ID: 'autostudio' }, 'OIDC_ISSUER'],
    [{ OIDC_ISSUER: 'id.example.com', OIDC_CLIENT_ID: 'autostudio' }, 'OIDC_ISSUER'],
    [{ PUBLIC_URL: 'ftp://studio.example.com' }, 'PUBLIC_URL'],
  ])('refuses a half or wrong single sign-on setup: %j', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`${variable}: `));
  });

  it('selects PostgreSQL from DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/test' });
  });

  it('names every variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', AUTOSTUDIO_ADMIN_PASSWORD: 'short' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', AUTOSTUDIO_ADMIN_PASSWORD: 'short' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('AUTOSTUDIO_ADMIN_PASSWORD');
    }
  });
});
