import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { API_BASE, ENGINE_REGISTRATION_ROUTES } from '@autostudio/protocol';
import { startRegistration, type Registration } from './registration.js';
import { registrationFromFlags } from './registration-flags.js';

interface Seen {
  route: string;
  authorization: string | undefined;
  body: unknown;
}

/** A stand-in for the server's registration routes that forgets the engine after its first heartbeat. */
async function fakeServer(): Promise<{ server: Server; url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  let beats = 0;
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      const route = (req.url ?? '').slice(API_BASE.length);
      seen.push({ route, authorization: req.headers.authorization, body: JSON.parse(text) as unknown });
      res.setHeader('content-type', 'application/json');
      if (route === ENGINE_REGISTRATION_ROUTES.register) {
        res.end(JSON.stringify({ engineId: 'gpu-1', heartbeatSeconds: 1, expiresInSeconds: 3 }));
      } else if (route === ENGINE_REGISTRATION_ROUTES.heartbeat) {
        beats += 1;
        res.statusCode = beats === 1 ? 200 : 404;
        res.end(JSON.stringify({ ok: true }));
      } else res.end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('joining a pool', () => {
  let registration: Registration | null = null;
  let server: Server | null = null;
  afterEach(async () => {
    await registration?.stop();
    server?.close();
  });

  it('registers with the key, beats, registers again when forgotten, and leaves on stop', async () => {
    const fake = await fakeServer();
    server = fake.server;
    registration = startRegistration({
      servers: [fake.url],
      key: 'the-registration-key',
      registration: { instanceId: '127.0.0.1:30010', streamerId: 'gpu-1' },
    });
    await expect
      .poll(() => fake.seen.slice(0, 4).map((entry) => entry.route), { timeout: 5000 })
      .toEqual([
        ENGINE_REGISTRATION_ROUTES.register,
        ENGINE_REGISTRATION_ROUTES.heartbeat,
        ENGINE_REGISTRATION_ROUTES.heartbeat,
        ENGINE_REGISTRATION_ROUTES.register,
      ]);
    expect(fake.seen.every((entry) => entry.authorization === 'Bearer the-registration-key')).toBe(true);
    expect(fake.seen[0]?.body).toEqual({ instanceId: '127.0.0.1:30010', streamerId: 'gpu-1' });
    await registration.stop();
    registration = null;
    expect(fake.seen.at(-1)).toMatchObject({
      route: ENGINE_REGISTRATION_ROUTES.deregister,
      body: { engineId: 'gpu-1' },
    });
  });

  it('reads its flags, and says what is missing', () => {
    const bound = { host: '127.0.0.1', port: 30010 };
    expect(registrationFromFlags({}, bound, {})).toBeNull();
    expect(() => registrationFromFlags({ register: 'http://studio:8080' }, bound, {})).toThrow(
      /ENGINE_REGISTRATION_KEY/,
    );
    expect(() =>
      registrationFromFlags({ register: 'http://a' }, { host: '0.0.0.0', port: 1 }, { ENGINE_REGISTRATION_KEY: 'k' }),
    ).toThrow(/--advertise/);
    expect(registrationFromFlags({ register: 'http://a, http://b' }, bound, { ENGINE_REGISTRATION_KEY: 'k' })).toEqual({
      servers: ['http://a', 'http://b'],
      key: 'k',
      registration: { instanceId: '127.0.0.1:30010', streamerId: 'engine-30010' },
    });
  });
});
