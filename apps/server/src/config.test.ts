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
    expect(config.engines).toEqual({
      provider: 'local',
      max: 2,
      warm: 1,
      instances: [],
      sessionTimeoutSeconds: 90,
      pageCloseGraceMs: 20_000,
      idleMs: 300_000,
      heartbeatTimeoutSeconds: 30,
      fetchAllow: [],
      webrtcAddresses: [],
      iceServers: [],
    });
    // No fixed public address: answers name the one the browser used (modules/sessions/public-address.integration.test.ts).
    expect(config.publicUrl).toBeUndefined();
    expect(config.sso).toBeUndefined();
    expect(config.redis).toBeUndefined();
  });

  it('shares signalling through Redis when REDIS_URL is set, under its own prefix', () => {
    expect(loadConfig({ REDIS_URL: 'redis://cache.internal:6379/0' }).redis).toEqual({
      url: 'redis://cache.internal:6379/0',
      prefix: 'autostudio',
    });
    expect(loadConfig({ REDIS_URL: 'rediss://cache:6380', REDIS_PREFIX: 'studio-b' }).redis?.prefix).toBe('studio-b');
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ REDIS_URL: 'redis://cache', REDIS_PREFIX: 'a b' })).toThrow(/REDIS_PREFIX/);
  });

  it('enables single sign-on when the issuer and client id are set', () => {
    const config = loadConfig({
      PORT: '9000',
      OIDC_ISSUER: 'https://id.example.com/realms/studio',
      OIDC_CLIENT_ID: 'autostudio',
      OIDC_CLIENT_SECRET: 'shh',
    });
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

  it('refuses single sign-on without PUBLIC_URL on a server others reach, saying what to set', () => {
    const sso = { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'autostudio' };
    expect(() => loadConfig({ ...sso, HOST: '0.0.0.0' })).toThrow(
      /PUBLIC_URL: is required when single sign-on is on and HOST=0\.0\.0\.0 lets others reach the server/,
    );
    expect(() => loadConfig({ ...sso, HOST: '192.168.1.20' })).toThrow(ConfigError);
    // On loopback the provider returns to http://localhost:PORT; with PUBLIC_URL, to it, whatever HOST says.
    expect(loadConfig({ ...sso, HOST: '127.0.0.1' }).sso).toBeDefined();
    expect(loadConfig({ ...sso, HOST: '0.0.0.0', PUBLIC_URL: 'https://studio.example.com' }).sso).toBeDefined();
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

  it('keeps blobs in DATA_DIR/storage unless S3_BUCKET is set', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'local', root: path.resolve('data', 'storage') });
  });

  it('selects S3 from S3_BUCKET, with path-style URLs for a custom endpoint', () => {
    expect(loadConfig({ S3_BUCKET: 'media' }).storage).toEqual({
      driver: 's3',
      bucket: 'media',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    const minio = loadConfig({
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    }).storage;
    expect(minio).toEqual({
      driver: 's3',
      bucket: 'media',
      region: 'eu-west-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    expect(
      loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'false' }).storage,
    ).toMatchObject({ forcePathStyle: false });
  });

  it.each([
    [{ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_BUCKET: required'],
    [{ S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
  ])('refuses the incomplete S3 settings %j', (env, named) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(named);
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

describe('engine configuration', () => {
  it('reads the static engines with their streamer ids', () => {
    const config = loadConfig({ ENGINE_PROVIDER: 'static', ENGINE_INSTANCES: 'gpu-1:30010=Terra1, gpu-2:30010' });
    expect(config.engines.instances).toEqual([
      { instanceId: 'gpu-1:30010', streamerId: 'Terra1' },
      { instanceId: 'gpu-2:30010', streamerId: 'gpu-2-30010' },
    ]);
  });

  it('reads the hosts engines may fetch from, and names a malformed one', () => {
    const config = loadConfig({ ENGINE_FETCH_ALLOW: ' CDN.example.com, *.images.example.com ,media:8443,' });
    expect(config.engines.fetchAllow).toEqual(['cdn.example.com', '*.images.example.com', 'media:8443']);
    expect(() => loadConfig({ ENGINE_FETCH_ALLOW: 'http://cdn.example.com/' })).toThrow(/ENGINE_FETCH_ALLOW/);
  });

  it('reads the addresses and ICE servers players of engines are told, loopback only by default', () => {
    expect(loadConfig({}).engines).toMatchObject({ webrtcAddresses: [], iceServers: [] });
    const config = loadConfig({
      ENGINE_WEBRTC_ADDRESSES: ' 203.0.113.7, 2001:db8::7 ',
      WEBRTC_ICE_SERVERS: '[{"urls":"turn:turn.example.com:3478","username":"u","credential":"c"}]',
    });
    expect(config.engines.webrtcAddresses).toEqual(['203.0.113.7', '2001:db8::7']);
    expect(config.engines.iceServers).toEqual([{ urls: 'turn:turn.example.com:3478', username: 'u', credential: 'c' }]);
    expect(() => loadConfig({ ENGINE_WEBRTC_ADDRESSES: 'studio.example.com' })).toThrow(/ENGINE_WEBRTC_ADDRESSES/);
    expect(() => loadConfig({ WEBRTC_ICE_SERVERS: '[{"urls":"http://x"}]' })).toThrow(/WEBRTC_ICE_SERVERS/);
    expect(() => loadConfig({ WEBRTC_ICE_SERVERS: 'turn:x' })).toThrow(/WEBRTC_ICE_SERVERS/);
  });

  it('names a malformed engine list', () => {
    expect(() => loadConfig({ ENGINE_INSTANCES: 'http://gpu-1' })).toThrow(/ENGINE_INSTANCES/);
  });

  it('requires a registration key for self-registering engines', () => {
    expect(() => loadConfig({ ENGINE_PROVIDER: 'register' })).toThrow(
      /ENGINE_REGISTRATION_KEY: is required when ENGINE_PROVIDER=register/,
    );
    const config = loadConfig({ ENGINE_PROVIDER: 'register', ENGINE_REGISTRATION_KEY: 'a-key-of-sixteen-chars' });
    expect(config.engines).toMatchObject({ provider: 'register', registrationKey: 'a-key-of-sixteen-chars' });
  });
});
