import { PRESET_ANIMATION_SHOTS, type RenderJobSettingsInput } from '@autostudio/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImageRequest } from '../contract/render-contract.js';
import { startTestEngine, type TestEngine } from '../test/test-engine.js';
import { TestRenderer } from '../test/test-renderer.js';

/**
 * What a render job asks the renderer for, over the recording renderer (the pictures themselves are judged in
 * renderer/render-jobs.integration.test.ts): layers and formats per render type, where HIGH path traces, a shot's poses.
 */
class PathTracingRenderer extends TestRenderer {
  override canPathTrace(): boolean {
    return true;
  }
}

let t: TestEngine;
beforeEach(async () => {
  t = await startTestEngine({ createRenderer: () => new PathTracingRenderer() });
});
afterEach(() => t.close());

async function requests(settings: Partial<RenderJobSettingsInput>): Promise<ImageRequest[]> {
  const started = await t.call('camera', 'StartRenderJob', { Settings: { Width: 64, Height: 36, ...settings } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const { JobId } = started.body as { JobId: string };
  for (;;) {
    const { body } = await t.call('camera', 'GetRenderJobStatus', { JobId });
    if ((body as { Status: string }).Status !== 'Rendering') break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return t.renderer.calls.flatMap((call) => (call.kind === 'image' ? [call.request] : []));
}

describe('what a render job asks the renderer for', () => {
  it('Multi Pass: the Beauty in the asked format, passes and layers in PNG; HIGH path traces the Beauty only', async () => {
    const [request] = await requests({
      Format: 'JPG',
      Quality: 'HIGH',
      SpatialSamples: 4,
      TemporalSamples: 4,
      RenderType: 'Multi Pass',
      Passes: ['Depth', 'Multi Layered', 'Color ID'],
    });
    expect(request?.layers).toEqual([
      { layer: 'Beauty', format: 'jpg' },
      { layer: 'Color ID', format: 'png' },
      { layer: 'Depth', format: 'png' },
      { layer: 'Car', format: 'png' },
      { layer: 'Shadow', format: 'png' },
      { layer: 'Background', format: 'jpg' },
    ]);
    // RENDER_QUALITY_SAMPLES: 16 raster samples, four times as many path traced.
    expect(request?.pathTraced).toEqual({ samples: 64, denoise: true });
    expect(request?.samples).toBe(16);
    expect(request?.depthRange).toEqual({ near: 0, far: 50 });
  });

  it('shades creases with ambient occlusion from MEDIUM up; LOW, a quick draft, goes without', async () => {
    for (const [quality, occlusion] of [
      ['LOW', false],
      ['MEDIUM', true],
      ['HIGH', true],
    ] as const) {
      t.renderer.calls.length = 0;
      const [request] = await requests({ Quality: quality });
      expect(request?.ambientOcclusion, quality).toBe(occlusion);
    }
  });

  it('path traces only a Beauty with its ground shadow and background', async () => {
    for (const settings of [
      { RenderType: 'Car Transparent BG' as const },
      { ShadowMode: 'NoShadow' as const },
      { ShadowMode: 'SeparateLayer' as const },
      { Quality: 'MEDIUM' as const },
    ]) {
      t.renderer.calls.length = 0;
      const [request] = await requests({ Quality: 'HIGH', ...settings });
      expect(request?.pathTraced, JSON.stringify(settings)).toBeNull();
    }
  });

  it('a transparent Beauty is PNG whatever the format; SeparateLayer adds the Shadow', async () => {
    const [request] = await requests({ Format: 'JPG', RenderType: 'Car Transparent BG', ShadowMode: 'SeparateLayer' });
    expect(request?.layers).toEqual([
      { layer: 'Beauty', format: 'png' },
      { layer: 'Shadow', format: 'png' },
    ]);
    expect(request).toMatchObject({ transparentBackground: true, groundShadow: false });
  });

  it('a shot poses each frame (Interior: on the rail, yaw the short way) and leaves the scene as it was', async () => {
    const before = structuredClone(t.engine.scene.state);
    const frames = await requests({
      Format: 'JPG',
      Shot: {
        Camera: 'Interior',
        FrameRate: 24,
        Frames: 3,
        Keyframes: [
          { time: 0, yaw: 170 },
          { time: 2 / 24, yaw: -170 },
        ],
      },
    });
    expect(frames).toHaveLength(3);
    expect(frames.map((f) => f.state?.camera.spot)).toEqual(['Interior', 'Interior', 'Interior']);
    expect(frames.map((f) => Math.round(f.state?.camera.rail.yaw ?? 0))).toEqual([170, 180, -170]);
    expect(frames.map((f) => f.layers)).toEqual(Array(3).fill([{ layer: 'Beauty', format: 'jpg' }]));
    expect(t.engine.scene.state).toEqual(before);
  });

  it('the Exterior 360 preset turns the crane a whole way round', async () => {
    const shot = { ...PRESET_ANIMATION_SHOTS['Exterior 360'], Frames: 360 };
    const frames = await requests({ Width: 16, Height: 16, SpatialSamples: 1, TemporalSamples: 1, Shot: shot });
    const yaws = frames.map((f) => f.state?.camera.crane.yaw ?? NaN);
    expect(yaws).toHaveLength(360);
    // One degree a frame, wrapped to −180…180.
    expect(yaws.slice(0, 3).map(Math.round)).toEqual([0, 1, 2]);
    expect(Math.round(yaws[270] ?? 0)).toBe(-90);
  });

  it('variants draw each trim and paint from the same scene, list one Beauty each and leave the scene as it was', async () => {
    expect((await t.call('car', 'CarLightTurnOnOff', { LightName: 'DRLs', OnOff: true })).status).toBe(200);
    const before = structuredClone(t.engine.scene.state);
    const variants = await requests({
      Format: 'JPG',
      Variants: [
        { Trim: 'Terra Base', Paint: 'Rallye Red' },
        { Trim: 'terra wilderness', Paint: 'desert sand' },
      ],
    });
    expect(variants.map((v) => [v.state?.car.trim, v.state?.car.paint])).toEqual([
      ['Terra Base', 'rallye red'],
      ['Terra Wilderness', 'desert sand'],
    ]);
    // The rest of the scene is the job's: the camera and environment of the scene as it was.
    for (const variant of variants) {
      expect(variant.state?.camera).toEqual(before.camera);
      expect(variant.state?.environment).toEqual(before.environment);
    }
    // Terra Base has no DRLs: its variant draws them off; Terra Wilderness keeps the scene's on.
    expect(variants.map((v) => v.state?.car.lamps.DRLs.on)).toEqual([false, true]);
    expect(variants.map((v) => v.layers)).toEqual(Array(2).fill([{ layer: 'Beauty', format: 'jpg' }]));
    expect(t.engine.scene.state).toEqual(before);
  });

  it('refuses a variant the car cannot take before drawing anything, naming it', async () => {
    for (const [variant, message] of [
      [{ Trim: 'Terra Base', Paint: 'cobalt blue' }, 'The paint cobalt blue is not offered on the Terra Base trim'],
      [{ Trim: 'Terra Sport', Paint: 'rallye red' }, 'Unknown trim Terra Sport'],
    ] as const) {
      const started = await t.call('camera', 'StartRenderJob', {
        Settings: { Width: 64, Height: 36, Variants: [{ Trim: 'Terra Limited', Paint: 'rallye red' }, variant] },
      });
      expect(started.status).toBe(400);
      expect(JSON.stringify(started.body)).toContain(message);
    }
    const withShot = await t.call('camera', 'StartRenderJob', {
      Settings: {
        Width: 64,
        Height: 36,
        Shot: PRESET_ANIMATION_SHOTS['Exterior 360'],
        Variants: [{ Trim: 'Terra Limited', Paint: 'rallye red' }],
      },
    });
    expect(withShot.status).toBe(400);
    expect(t.renderer.calls.filter((call) => call.kind === 'image')).toEqual([]);
  });
});
