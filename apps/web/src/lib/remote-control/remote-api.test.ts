import { ENGINE_OBJECT_PATHS, REMOTE_CONFIG_DEFAULTS } from '@autostudio/protocol';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { RemoteApi, type RemoteTransport } from './remote-api';

interface Sent {
  url: string;
  body: unknown;
}

/** A transport that records what would have left and answers as told: the engine is not what is tested here. */
function transport(answer: unknown = {}): { sent: Sent[]; client: RemoteTransport } {
  const sent: Sent[] = [];
  const call = <T>(url: string, body?: unknown): Promise<T> => {
    sent.push({ url, body });
    return Promise.resolve(answer as T);
  };
  return { sent, client: { call } };
}

describe('RemoteApi.call', () => {
  it("sends a catalogue function to its own object with the catalogue's parameters", async () => {
    const { sent, client } = transport({ ID: 3, LightType: 'spot', NextLight: -1 });
    await new RemoteApi(client).call('RemoveLight', { ID: 3 });
    await new RemoteApi(client).call('Set Bokeh', { Size: 2, Shape: 'Circle' });
    expect(sent).toEqual([
      {
        url: '/remote/object/call',
        body: {
          objectPath: ENGINE_OBJECT_PATHS.light,
          functionName: 'RemoveLight',
          parameters: { ID: 3 },
          generateTransaction: false,
        },
      },
      {
        url: '/remote/object/call',
        body: {
          objectPath: ENGINE_OBJECT_PATHS.camera,
          functionName: 'Set Bokeh',
          parameters: { Size: 2, Shape: 'Circle' },
          generateTransaction: false,
        },
      },
    ]);
  });

  it('uses the object paths of the remote config it was given', async () => {
    const { sent, client } = transport();
    const config = { ...REMOTE_CONFIG_DEFAULTS, postProcessingPath: '/Game/Other.PostProcess' };
    await new RemoteApi(client, config).call('ResetPostProcessLite');
    expect(sent[0]?.body).toMatchObject({ objectPath: '/Game/Other.PostProcess' });
  });

  it('refuses parameters the catalogue refuses before anything is sent', async () => {
    const { sent, client } = transport();
    await expect(new RemoteApi(client).call('Change Composition Opacity', { Value: 2 })).rejects.toBeInstanceOf(
      ZodError,
    );
    expect(sent).toEqual([]);
  });

  it('answers what the catalogue says the function returns, and refuses an answer of another shape', async () => {
    const crane = { 'Crane Yaw': 10, 'Crane Pitch': 20, 'Crane Arm Length': 500 };
    expect(await new RemoteApi(transport({ ...crane, Extra: 1 }).client).call('GetCraneValues')).toEqual(crane);
    await expect(new RemoteApi(transport({ options: 'none' }).client).call('GetCarOptions')).rejects.toBeInstanceOf(
      ZodError,
    );
  });

  it('is typed by the catalogue: a misspelt function or a wrong parameter does not compile', () => {
    const api = new RemoteApi(transport().client);
    const compileOnly = () => {
      // @ts-expect-error the catalogue spells it CameraRigCraneControll
      void api.call('CameraRigCraneControl', { deltaYaw: 1, deltaPitch: 0, deltaArm: 0 });
      // @ts-expect-error Position is Exterior or Interior
      void api.call('Switch Position', { Position: 'Roof' });
      // @ts-expect-error Download File needs its Url
      void api.call('Download File');
    };
    expect(compileOnly).toBeTypeOf('function');
  });
});

describe('RemoteApi properties', () => {
  it("reads a property on its own object and checks the engine's answer", async () => {
    const { sent, client } = transport({ CurrentFocalLength: 35 });
    await expect(new RemoteApi(client).readProperty('CurrentFocalLength')).resolves.toBe(35);
    expect(sent).toEqual([
      {
        url: '/remote/object/property',
        body: { objectPath: ENGINE_OBJECT_PATHS.camera, propertyName: 'CurrentFocalLength', access: 'READ_ACCESS' },
      },
    ]);
    const wrong = transport({ CurrentFocalLength: 'wide' });
    await expect(new RemoteApi(wrong.client).readProperty('CurrentFocalLength')).rejects.toThrow(
      /invalid CurrentFocalLength/,
    );
  });

  it('writes a property as Unreal takes it: the value under its name', async () => {
    const { sent, client } = transport();
    await new RemoteApi(client).writeProperty('switchToPathTraceOnIdle', true);
    expect(sent[0]).toEqual({
      url: '/remote/object/property',
      body: {
        objectPath: ENGINE_OBJECT_PATHS.carStateManager,
        propertyName: 'switchToPathTraceOnIdle',
        propertyValue: { switchToPathTraceOnIdle: true },
        access: 'WRITE_ACCESS',
      },
    });
  });
});
