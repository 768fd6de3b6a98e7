import { ENGINE_OBJECT_PATHS, ENGINE_PRESET, MAX_JSON_DEPTH } from '@autostudio/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCors, json } from '../test/remote-http.js';
import { startTestEngine, type TestEngine } from '../test/test-engine.js';

/** Conformance of the Remote Control HTTP API to Unreal's wire rules (reference §A2, §A3, §A5), over real HTTP. */
let t: TestEngine;
beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(async () => {
  await t.close();
});

const car = ENGINE_OBJECT_PATHS.car;
const camera = ENGINE_OBJECT_PATHS.camera;
const preset = ENGINE_PRESET.name;

describe('info and preflight', () => {
  it('GET /remote/info lists the routes and the active preset', async () => {
    const response = await t.request('GET', '/remote/info');
    expect(response.status).toBe(200);
    expectCors(response);
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = (await json(response)) as {
      HttpRoutes: { Path: string; Verb: string }[];
      ActivePreset: { Name: string };
    };
    expect(body.HttpRoutes).toContainEqual(expect.objectContaining({ Path: '/remote/object/call', Verb: 'Put' }));
    expect(body.HttpRoutes).toContainEqual(expect.objectContaining({ Path: '/remote/batch', Verb: 'Put' }));
    expect(body.ActivePreset.Name).toBe(preset);
  });

  it.each(['/remote', '/remote/object/call', '/remote/preset/NewRemoteControlPreset/function/CameraInteriorX'])(
    'OPTIONS %s answers 200 with CORS and no body',
    async (url) => {
      const response = await t.request('OPTIONS', url);
      expect(response.status).toBe(200);
      expectCors(response);
      expect(await response.text()).toBe('');
    },
  );

  it('an unknown route answers 404 with CORS and errorMessage', async () => {
    const response = await t.request('GET', '/remote/nothing');
    expect(response.status).toBe(404);
    expectCors(response);
    expect(await json(response)).toEqual({ errorMessage: 'Route /remote/nothing could not be found.' });
  });

  it('a known path with the wrong verb is not a route', async () => {
    const response = await t.request('GET', '/remote/object/call');
    expect(response.status).toBe(404);
  });
});

describe('content type and JSON', () => {
  const body = JSON.stringify({ objectPath: car, functionName: 'GetCarOptions' });

  it.each(['text/plain', 'application/json; charset=utf-8'])('refuses %s with 400', async (type) => {
    const response = await t.request('PUT', '/remote/object/call', undefined, { 'Content-Type': type });
    expect(response.status).toBe(400);
    expectCors(response);
    expect(await json(response)).toEqual({ errorMessage: 'Request content type must be application/json' });
    const withBody = await fetch(`${t.base}/remote/object/call`, {
      method: 'PUT',
      headers: { 'Content-Type': type },
      body,
    });
    expect(withBody.status).toBe(400);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await t.request('PUT', '/remote/object/call', '{"objectPath": ');
    expect(response.status).toBe(400);
    expectCors(response);
    expect(await json(response)).toHaveProperty('errorMessage');
  });

  it.each([
    [
      '/remote/object/call',
      (deep: string) => `{"objectPath":"${camera}","functionName":"Set Bokeh","parameters":${deep}}`,
    ],
    [
      '/remote/batch',
      (deep: string) => `{"Requests":[{"RequestId":1,"URL":"/remote/info","Verb":"GET","Body":${deep}}]}`,
    ],
  ])('refuses a body nested 5,000 levels deep on %s, and keeps answering', async (path, bodyAround) => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const response = await t.request('PUT', path, bodyAround(deep));
    expect(response.status).toBe(400);
    expectCors(response);
    expect(await json(response)).toEqual({
      errorMessage: `The request body must not nest deeper than ${MAX_JSON_DEPTH} levels`,
    });
    expect((await t.request('GET', '/remote/info')).status).toBe(200);
  });
});

describe('PUT /remote/object/call', () => {
  it('answers only the return and out values', async () => {
    const { status, body } = await t.call('car', 'GetCarOptions');
    expect(status).toBe(200);
    expect(body).toEqual({ options: ['Terra Base', 'Terra Limited', 'Terra Wilderness'], curentIndex: 1 });
  });

  it('answers {} for a void function', async () => {
    expect(await t.call('camera', 'Switch to Camera')).toEqual({ status: 200, body: {} });
  });

  it('refuses an unknown object', async () => {
    const response = await t.request('PUT', '/remote/object/call', {
      objectPath: '/Game/Nowhere.Nowhere:PersistentLevel.Nothing_1',
      functionName: 'GetCarOptions',
    });
    expect(response.status).toBe(400);
    expectCors(response);
    expect(await json(response)).toEqual({
      errorMessage: 'Object: /Game/Nowhere.Nowhere:PersistentLevel.Nothing_1 could not be resolved',
    });
  });

  it('refuses an unknown function, and a function of another object', async () => {
    const unknown = await t.call('car', 'SelfDestruct');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ errorMessage: `Function: SelfDestruct does not exist on object: ${car}` });
    const elsewhere = await t.call('car', 'CameraRigCraneControll', { deltaYaw: 1, deltaPitch: 0, deltaArm: 0 });
    expect(elsewhere.status).toBe(400);
  });

  it('refuses parameters of the wrong type, naming the field', async () => {
    const { status, body } = await t.call('camera', 'Set Bokeh', { Size: 'big', Shape: 'Circle' });
    expect(status).toBe(400);
    expect((body as { errorMessage: string }).errorMessage).toContain('Size');
  });

  it('takes keys in any case, as Unreal does', async () => {
    const response = await t.request('PUT', '/remote/object/call', {
      OBJECTPATH: camera.toLowerCase(),
      FunctionName: 'set bokeh',
      Parameters: { size: 5, SHAPE: 'hexagon' },
    });
    expect(response.status).toBe(200);
    expect((await t.call('camera', 'Get Bokeh Options')).body).toMatchObject({ Size: 5, Shape: 'Hexagon' });
  });

  it('takes keys in any case inside Update New Config Settings too, records and arrays included', async () => {
    const response = await t.request('PUT', '/remote/object/call', {
      objectPath: car,
      functionName: 'update new config',
      parameters: {
        settings: {
          paint: 'lunar silver',
          lights: { taillamps1: { onoff: true, INTENSITY: 2 } },
          camera: { interior: { pitch: 20 }, bokeh: { shape: 'octagon' } },
          environment: { hdr: { lightcolor: { r: 1, g: 2, b: 3 } } },
          customlights: [{ id: 4, lighttype: 'spot', lightcolor: { r: 10 }, yaw: 15 }],
        },
      },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await t.call('car', 'Get Material Options')).body).toMatchObject({ Current: 'lunar silver' });
    expect(t.renderer.lastState()?.car.lamps.TailLamps1).toEqual({ on: true, intensity: 2 });
    expect((await t.call('camera', 'GetInteriorCameraPosition')).body).toMatchObject({ Pitch: 20 });
    expect((await t.call('camera', 'Get Bokeh Options')).body).toMatchObject({ Shape: 'Octagon' });
    expect(t.renderer.lastState()?.environment.hdri.lightColor).toEqual({ r: 1, g: 2, b: 3 });
    expect((await t.call('light', 'GetLightInfoAPI', { ID: 4 })).body).toMatchObject({
      LightType: 'spot',
      LightColor: { R: 10 },
      Yaw: 15,
    });
  });
});

describe('PUT /remote/object/property', () => {
  const property = (body: Record<string, unknown>) => t.request('PUT', '/remote/object/property', body);

  it('reads every readable property without propertyName', async () => {
    const response = await property({ objectPath: camera });
    expect(response.status).toBe(200);
    const body = (await json(response)) as Record<string, unknown>;
    expect(typeof body.CameraExteriorYaw).toBe('number');
    expect(body).toMatchObject({
      CameraExteriorDistance: 500,
      FocusSettings: { FocusMethod: 'Tracking', ManualFocusDistance: 1000 },
      CurrentFocalLength: 45,
    });
  });

  it('reads one property as {Name: value}', async () => {
    const response = await property({
      objectPath: camera,
      propertyName: 'cameraexteriordistance',
      access: 'READ_ACCESS',
    });
    expect(await json(response)).toEqual({ CameraExteriorDistance: 500 });
  });

  it('writes with WRITE_ACCESS and answers 200 with an empty body', async () => {
    const response = await property({
      objectPath: camera,
      propertyName: 'FocusSettings',
      access: 'WRITE_ACCESS',
      propertyValue: { FocusSettings: { focusmethod: 'Manual', ManualFocusDistance: 250 } },
    });
    expect(response.status).toBe(200);
    expectCors(response);
    expect(await response.text()).toBe('');
    expect(t.renderer.lastState()?.camera.focus).toEqual({ method: 'Manual', distance: 250 });
  });

  it('writes with NO_ACCESS when a value is given, and reads with READ_ACCESS even when one is', async () => {
    await property({
      objectPath: ENGINE_OBJECT_PATHS.carStateManager,
      propertyName: 'switchToPathTraceOnIdle',
      propertyValue: { switchToPathTraceOnIdle: true },
    });
    const read = await property({
      objectPath: ENGINE_OBJECT_PATHS.carStateManager,
      propertyName: 'switchToPathTraceOnIdle',
      access: 'READ_ACCESS',
      propertyValue: { switchToPathTraceOnIdle: false },
    });
    expect(await json(read)).toEqual({ switchToPathTraceOnIdle: true });
  });

  it('reports canPathTraceOnIdle false where the renderer cannot path trace, and refuses to write it', async () => {
    const objectPath = ENGINE_OBJECT_PATHS.carStateManager;
    const read = await property({ objectPath, propertyName: 'canPathTraceOnIdle', access: 'READ_ACCESS' });
    expect(await json(read)).toEqual({ canPathTraceOnIdle: false });
    const write = await property({
      objectPath,
      propertyName: 'canPathTraceOnIdle',
      access: 'WRITE_ACCESS',
      propertyValue: { canPathTraceOnIdle: true },
    });
    expect(write.status).toBe(400);
    expect(((await json(write)) as { errorMessage: string }).errorMessage).toMatch(/read-only/);
  });

  it('refuses a write without a value, a bad value, an unknown property and an unknown access mode', async () => {
    const noValue = await property({ objectPath: camera, propertyName: 'CameraExteriorYaw', access: 'WRITE_ACCESS' });
    expect(noValue.status).toBe(400);
    const bad = await property({
      objectPath: camera,
      propertyName: 'CameraExteriorYaw',
      propertyValue: { CameraExteriorYaw: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(((await json(bad)) as { errorMessage: string }).errorMessage).toMatch(
      /^Error while trying to modify property/,
    );
    const unknown = await property({ objectPath: camera, propertyName: 'Nope' });
    expect(unknown.status).toBe(400);
    const access = await property({ objectPath: camera, propertyName: 'CameraExteriorYaw', access: 'EVERYTHING' });
    expect(access.status).toBe(400);
  });
});

describe('PUT /remote/object/describe', () => {
  it('describes an object: class, properties, functions with arguments', async () => {
    const response = await t.request('PUT', '/remote/object/describe', { objectPath: camera });
    expect(response.status).toBe(200);
    const body = (await json(response)) as {
      Name: string;
      Class: string;
      Functions: { Name: string; Arguments: { Name: string; Type: string }[] }[];
    };
    expect(body.Name).toBe('BP_CameraManager_C_1');
    expect(body.Class).toMatch(/BP_CameraManager_C$/);
    const crane = body.Functions.find((f) => f.Name === 'CameraRigCraneControll');
    expect(crane?.Arguments.map((a) => a.Name)).toEqual(['deltaYaw', 'deltaPitch', 'deltaArm']);
  });

  it('answers 404 for an object that cannot be resolved', async () => {
    const response = await t.request('PUT', '/remote/object/describe', { objectPath: '/Game/Nothing.Nothing' });
    expect(response.status).toBe(404);
    expectCors(response);
    expect(await json(response)).toHaveProperty('errorMessage');
  });
});

describe('PUT /remote/batch', () => {
  it('answers 200 with each code in request order, null for empty bodies, 404 for an unknown URL', async () => {
    const response = await t.request('PUT', '/remote/batch', {
      Requests: [
        {
          RequestId: 7,
          URL: '/remote/object/call',
          Verb: 'PUT',
          Body: { objectPath: camera, functionName: 'GetCraneValues' },
        },
        { RequestId: 3, URL: '/remote/nowhere', Verb: 'PUT', Body: {} },
        { RequestId: 5, URL: '/remote/object/call', Verb: 'PUT', Body: { objectPath: camera, functionName: 'Fly' } },
        {
          RequestId: 1,
          URL: '/remote/object/property',
          Verb: 'PUT',
          Body: { objectPath: camera, propertyName: 'CameraExteriorYaw', propertyValue: { CameraExteriorYaw: 90 } },
        },
        { requestid: 2, url: '/remote/preset/NewRemoteControlPreset/property/CameraExteriorYaw?x=1', verb: 'get' },
      ],
    });
    expect(response.status).toBe(200);
    expectCors(response);
    const { Responses } = (await json(response)) as {
      Responses: { RequestId: number; ResponseCode: number; ResponseBody: unknown }[];
    };
    expect(Responses.map((r) => [r.RequestId, r.ResponseCode])).toEqual([
      [7, 200],
      [3, 404],
      [5, 400],
      [1, 200],
      [2, 200],
    ]);
    expect(Responses[0]?.ResponseBody).toHaveProperty('Crane Yaw');
    expect(Responses[1]?.ResponseBody).toEqual({ errorMessage: 'Route /remote/nowhere could not be found.' });
    expect(Responses[3]?.ResponseBody).toBeNull();
    expect(Responses[4]?.ResponseBody).toMatchObject({ PropertyValues: [{ PropertyValue: 90 }] });
  });

  it('refuses a batch without Requests', async () => {
    expect((await t.request('PUT', '/remote/batch', {})).status).toBe(400);
  });
});
