import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DELAYS, REMOTE_SOCKET_PATH } from '@autostudio/protocol';
import { RemoteApi } from '@/lib/remote-control/remote-api';
import { RemoteControlClient } from '@/lib/remote-control/remote-control-client';
import { allocateSession, createUser, login, releaseSession, serverOrigin } from '@/test/real-server';
import { CameraDrag, DRAG_SENSITIVITY } from './camera-drag';
import { INTERIOR_LOOK, viewportCamera, type ViewportCamera } from './engine-camera';
import { ViewportInteraction } from '@/lib/engine/viewport-interaction';

/** Spec §4 "Viewport interaction" and the crane drag, against the real relay and a real engine. */
describe('viewport interaction', () => {
  let api: RemoteApi;
  let client: RemoteControlClient;

  beforeAll(async () => {
    const account = await createUser('viewport');
    const token = (await login(account.username, account.password)).accessToken;
    const session = await allocateSession(token);
    client = new RemoteControlClient({
      url: `${serverOrigin().replace('http', 'ws')}${REMOTE_SOCKET_PATH}`,
      instanceId: session.sessionDetails?.instanceId ?? '',
      getToken: () => token,
    });
    await client.connect();
    api = new RemoteApi(client);
    return async () => {
      client.disconnect();
      await releaseSession(token, session.sessionDetails?.sessionId ?? '');
    };
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The engine's camera, with every isHolding the engine accepted, in order. */
  const recordingCamera = () => {
    const camera = viewportCamera(api);
    const holding: boolean[] = [];
    const recorded: ViewportCamera = {
      moveRig: camera.moveRig,
      setHolding: async (isHolding) => {
        await camera.setHolding(isHolding);
        holding.push(isHolding);
      },
    };
    return { camera: recorded, holding };
  };
  const settle = () =>
    vi.advanceTimersByTimeAsync(0).then(() => client.call('/remote/info', {}).catch(() => undefined));
  const interactionWith = (camera: ViewportCamera, flag: { on: boolean }) =>
    new ViewportInteraction({ setHolding: camera.setHolding, switchToPathTraceOnIdle: () => flag.on });

  it('coalesces drag deltas: one crane call in flight, the rest summed into the next', async () => {
    const before = await api.call('GetCraneValues');
    const sent: number[] = [];
    const camera = viewportCamera(api);
    const drag = new CameraDrag(async (delta) => {
      sent.push(delta.deltaYaw);
      await camera.moveRig(delta);
    });
    for (let i = 0; i < 20; i += 1) drag.drag(-2, 0);
    await drag.idle();
    // The first move goes at once; the 19 that arrive while it is on its way go together.
    expect(sent).toHaveLength(2);
    const turned = 20 * 2 * DRAG_SENSITIVITY.yawPerPixel;
    expect(sent.reduce((a, b) => a + b, 0)).toBeCloseTo(turned);
    const after = await api.call('GetCraneValues');
    expect((after['Crane Yaw'] - before['Crane Yaw'] + 360) % 360).toBeCloseTo(turned);

    drag.wheel(100);
    await drag.idle();
    expect((await api.call('GetCraneValues'))['Crane Arm Length']).toBeCloseTo(
      after['Crane Arm Length'] + 100 * DRAG_SENSITIVITY.armPerWheelUnit,
    );
  });

  it('looks around the cabin in the Interior spot: the drag turns the interior camera, not the hidden crane', async () => {
    await api.call('Switch Position', { Position: 'Interior' });
    try {
      const crane = await api.call('GetCraneValues');
      const seat = await api.call('GetInteriorCameraPosition');
      const drag = new CameraDrag(viewportCamera(api, () => 'Interior').moveRig);
      // Right and down: the view turns left and up, as when the picture is grabbed.
      drag.drag(40, 20);
      await drag.idle();
      const looked = await api.call('GetInteriorCameraPosition');
      const turned = -40 * DRAG_SENSITIVITY.yawPerPixel * INTERIOR_LOOK.turnPerCraneDegree;
      expect(((looked.Yaw - seat.Yaw + 540) % 360) - 180).toBeCloseTo(turned);
      expect(looked.Pitch - seat.Pitch).toBeCloseTo(
        20 * DRAG_SENSITIVITY.pitchPerPixel * INTERIOR_LOOK.turnPerCraneDegree,
      );
      expect(await api.call('GetCraneValues')).toEqual(crane);
    } finally {
      await api.call('Switch Position', { Position: 'Exterior' });
    }
  });

  it('releases the engine 2000 ms after a rig edit ends when switchToPathTraceOnIdle is on', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { camera, holding } = recordingCamera();
    const interaction = interactionWith(camera, { on: true });

    interaction.beginRigEdit();
    await settle();
    expect(holding).toEqual([true]);
    expect(interaction.state).toMatchObject({ isHolding: true, isManualMode: false });

    interaction.endRigEdit();
    const { resetTimeoutId } = interaction.state;
    expect(resetTimeoutId).not.toBeNull();
    await vi.advanceTimersByTimeAsync(DELAYS.viewportResetDebounceMs - 1);
    await settle();
    expect(holding).toEqual([true]);

    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(holding).toEqual([true, false]);
    expect(interaction.state).toEqual({ isHolding: false, isManualMode: false, resetTimeoutId: null });
  });

  it('debounces: a new edit within 2000 ms cancels the pending reset and refreshes; only the last one fires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { camera, holding } = recordingCamera();
    const refreshes = vi.fn();
    const interaction = new ViewportInteraction({
      setHolding: camera.setHolding,
      switchToPathTraceOnIdle: () => true,
      onRefresh: refreshes,
    });
    interaction.beginRigEdit();
    interaction.endRigEdit();
    await vi.advanceTimersByTimeAsync(1500);
    interaction.beginRigEdit();
    expect(refreshes).toHaveBeenCalledTimes(1);
    interaction.endRigEdit();
    await vi.advanceTimersByTimeAsync(1500);
    await settle();
    // 3000 ms after the first release, but only 1500 after the second: still holding.
    expect(holding).toEqual([true]);
    await vi.advanceTimersByTimeAsync(500);
    await settle();
    expect(holding).toEqual([true, false]);
  });

  it('never fires in manual mode, and does nothing on release with the setting off unless forced', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { camera, holding } = recordingCamera();
    const flag = { on: true };
    const interaction = interactionWith(camera, flag);

    // A hold without a reset request (renderPreview) is manual.
    interaction.renderPreview();
    await settle();
    expect(interaction.state).toMatchObject({ isHolding: true, isManualMode: true });

    // A scheduled reset whose timeout finds manual mode on does nothing: the id matches, the mode does not.
    interaction.endRigEdit();
    expect(interaction.state.isManualMode).toBe(false);
    interaction.renderPathTracing();
    expect(interaction.state).toMatchObject({ isHolding: false, isManualMode: true });
    await vi.advanceTimersByTimeAsync(DELAYS.viewportResetDebounceMs);
    await settle();
    expect(holding).toEqual([true, false]);

    // With the setting off a release is ignored and the engine stays interactive, unless the action is forced.
    flag.on = false;
    interaction.beginRigEdit();
    interaction.endRigEdit();
    await vi.advanceTimersByTimeAsync(DELAYS.viewportResetDebounceMs);
    await settle();
    expect(holding).toEqual([true, false, true]);
    expect(interaction.state).toMatchObject({ isHolding: true, resetTimeoutId: null });
    interaction.renderPathTracing();
    await settle();
    expect(holding).toEqual([true, false, true, false]);
    expect(interaction.state).toMatchObject({ isHolding: false, isManualMode: true });
  });
});
