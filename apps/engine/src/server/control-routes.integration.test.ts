import { mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ENGINE_CONTROL_ROUTES } from '@autostudio/protocol';
import { initialSceneState } from '../scene/initial-state.js';
import { startTestEngine, type TestEngine } from '../test/test-engine.js';

describe('the control routes', () => {
  const engines: TestEngine[] = [];
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.close();
  });
  const start = async (controlKey?: string) => {
    const engine = await startTestEngine(controlKey ? { controlKey } : {});
    engines.push(engine);
    return engine;
  };

  it('reset brings back the default scene in place and forgets downloaded models', async () => {
    const engine = await start();
    await engine.call('car', 'Update Car Material', { MaterialToSet: 'rallye red' });
    await engine.call('camera', 'Switch Position', { Value: 'Interior' });
    await engine.call('light', 'CreatePointLightAPI', {});
    const leftover = path.join(engine.dataDir, 'models', '1-1', 'car.glb');
    await mkdir(path.dirname(leftover), { recursive: true });
    await writeFile(leftover, 'glTF');

    const response = await engine.request('POST', ENGINE_CONTROL_ROUTES.reset);
    expect(response.status).toBe(200);
    expect(engine.engine.scene.state).toEqual(initialSceneState({ width: 320, height: 180 }));
    expect(engine.engine.scene.viewMode).toBe('editor');
    expect(existsSync(leftover)).toBe(false);
    // The renderer drew the default scene again.
    expect(engine.renderer.lastState()).toEqual(initialSceneState({ width: 320, height: 180 }));
    expect((await engine.call('car', 'Get Download Status')).body).toMatchObject({ Status: 'Idle' });
  });

  it('answers only to the control key when the engine has one', async () => {
    const engine = await start('the-control-key-0123');
    expect((await engine.request('POST', ENGINE_CONTROL_ROUTES.reset)).status).toBe(401);
    const wrong = await engine.request('POST', ENGINE_CONTROL_ROUTES.reset, undefined, {
      authorization: 'Bearer nope',
    });
    expect(wrong.status).toBe(401);
    const right = await engine.request('POST', ENGINE_CONTROL_ROUTES.reset, undefined, {
      authorization: 'Bearer the-control-key-0123',
    });
    expect(right.status).toBe(200);
    expect(
      (
        await engine.request('GET', ENGINE_CONTROL_ROUTES.reset, undefined, {
          authorization: 'Bearer the-control-key-0123',
        })
      ).status,
    ).toBe(405);
  });

  it('is not a Remote Control route, so the relay (which forwards /remote/ only) cannot reach it', async () => {
    const engine = await start();
    expect((await engine.request('PUT', `/remote${ENGINE_CONTROL_ROUTES.reset}`, {})).status).toBe(404);
  });
});
