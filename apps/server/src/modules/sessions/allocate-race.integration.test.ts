import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '@autostudio/protocol';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabases } from '../../test/test-databases.js';
import type { EngineInstance, EngineProvider } from '../engines/engine-pool.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';

/**
 * One engine whose reset ends exactly while the next request looks for an engine: after it found none free, before
 * it asks which resets are under way. The provider is the seam: its `grow` (asked when none is free) lets the reset
 * finish and waits until the database says the engine is free again.
 */
class ResetEndsMidLook implements EngineProvider {
  readonly kind = 'static';
  private finishReset: () => void = () => undefined;
  private resetsHeld = 0;

  constructor(
    private readonly engine: EngineInstance,
    private readonly repository: SessionsRepository,
  ) {}

  engines(): EngineInstance[] {
    return [this.engine];
  }
  capacity(): number {
    return 1;
  }
  /** The first reset is held until `grow`; later ones (the test's clean-up) end at once. */
  reset(): Promise<void> {
    if (this.resetsHeld++ > 0) return Promise.resolve();
    return new Promise((resolve) => (this.finishReset = resolve));
  }
  async grow(): Promise<EngineInstance | null> {
    this.finishReset();
    while ((await this.repository.busyEngineIds()).size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    return null;
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

describe.each(testDatabases)('an engine whose reset ends while the next user asks, on $name', (database) => {
  let t: TestApp;
  let handle: DatabaseHandle;
  let remote: http.Server;
  let ada: LoginResponse;
  let bob: LoginResponse;

  beforeAll(async () => {
    t = await startTestApp(database);
    handle = openDatabase(t.config.database);
    // All the service asks of an engine is whether it answers.
    remote = http.createServer((_request, response) => response.end('{}'));
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
    ada = await t.createUser('ada');
    bob = await t.createUser('bob');
  });
  afterAll(async () => {
    await new Promise((resolve) => remote.close(resolve));
    await handle.close();
    await t.close();
  });

  it('is lent to that user, not refused as busy', async () => {
    const engine = {
      id: 'engine-0',
      instanceId: `127.0.0.1:${(remote.address() as AddressInfo).port}`,
      streamerId: 'engine-0',
    };
    const sessions = new SessionsService(
      handle.db,
      new ResetEndsMidLook(engine, new SessionsRepository(handle.db)),
      { timeoutSeconds: 90, signallingUrl: (streamerId) => `/signalling?streamerId=${streamerId}` },
      pino({ level: 'silent' }),
    );
    expect((await sessions.allocate(ada.user)).statusCode).toBe(200);
    expect((await sessions.release(ada.user)).statusCode).toBe(200);
    const next = await sessions.allocate(bob.user);
    expect(next.message).toBe('Session allocated');
    expect(next.sessionDetails?.instanceId).toBe(engine.instanceId);
    await sessions.release(bob.user);
    await sessions.close();
  });
});
