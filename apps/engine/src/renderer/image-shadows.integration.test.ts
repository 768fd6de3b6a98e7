import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageLayer, ImageRequest } from '../contract/render-contract.js';
import type { SceneState } from '../contract/scene-state.js';
import { takeSharedEngine, type SharedEngine } from '../test/shared-engine.js';

/**
 * The frames of a shot reuse the shadow map, which does not depend on the camera. Each picture here must be the
 * same, byte for byte, as the one drawn with a shadow map of its own: whatever was drawn before it.
 */
let t: SharedEngine;
let base: SceneState;

beforeAll(async () => {
  t = await takeSharedEngine({ width: 160, height: 90 });
  base = structuredClone(t.engine.scene.state);
});

afterAll(() => t.close());

/** The scene from this crane yaw, with the front-left door open this far (0 shut, 100 open). */
function view(yaw: number, door: number): SceneState {
  const state = structuredClone(base);
  state.camera.crane.yaw = yaw;
  state.car.doors.DOOR_FL = door;
  return state;
}

let images = 0;
async function image(state: SceneState, layer: ImageLayer = 'Beauty'): Promise<string> {
  images += 1;
  const request: ImageRequest = {
    id: `shadows-${images}`,
    width: 96,
    height: 54,
    layers: [{ layer, format: 'png' }],
    samples: 1,
    pathTraced: null,
    transparentBackground: false,
    ambientOcclusion: false,
    groundShadow: true,
    depthRange: { near: 0.1, far: 50 },
    state,
  };
  const files = await t.renderer.renderImage(request, () => undefined);
  return files.get(layer)?.toString('base64') ?? '';
}

describe('shadows in production images', () => {
  it('are the same in a frame that reused the map as in one that drew its own', async () => {
    // Drawn after a picture of other casters (the door open), this frame draws its own shadow map.
    await image(view(0, 100));
    const own = await image(view(60, 0));
    // Drawn right after a frame of the same scene from another yaw, it reuses that frame's map.
    await image(view(0, 0));
    expect(await image(view(60, 0))).toBe(own);
  });

  it('follow a change of what casts them: an opened door', async () => {
    const shut = await image(view(30, 0), 'Shadow');
    const open = await image(view(30, 100), 'Shadow');
    expect(open).not.toBe(shut);
    // A fresh map for the open door (after a picture of another layer) draws the same shadow.
    await image(view(30, 100), 'Beauty');
    expect(await image(view(30, 100), 'Shadow')).toBe(open);
  });

  it('are drawn again when the viewport drew its own map in between', async () => {
    const shut = await image(view(30, 0), 'Shadow');
    // The viewport opens the door and draws the map for it.
    expect((await t.call('carStateManager', 'UpdateConfigureValue', { Name: 'DOOR_FL', Value: 100 })).status).toBe(200);
    await t.renderer.settled();
    expect(await image(view(30, 0), 'Shadow')).toBe(shut);
    expect((await t.call('carStateManager', 'UpdateConfigureValue', { Name: 'DOOR_FL', Value: 0 })).status).toBe(200);
  });
});
