import type { EngineParams } from '@autostudio/protocol';
import type { EngineSettings } from '@/lib/engine';
import type { RemoteApi } from '@/lib/remote-control/remote-api';
import type { CraneDelta } from './camera-drag';

type CameraSpot = EngineSettings['Camera']['Position'];

/** The interior rail's move, as `UpdateInteriorCamera` takes it (rail units 0–1, degrees). */
export type InteriorDelta = EngineParams<'UpdateInteriorCamera'>;

/**
 * How a viewport move becomes a look around the cabin: half the crane's turn per pixel (the head turns, the car
 * does not), and a wheel notch (an arm move of 50) slides the seat 0.05 of the rail, back for a pull.
 */
export const INTERIOR_LOOK = { turnPerCraneDegree: 0.5, railPerArmUnit: 0.001 } as const;

/** A drag or wheel move, in the crane's terms, for the interior rail. */
export function interiorDelta(delta: CraneDelta): InteriorDelta {
  return {
    deltaX: 0,
    deltaY: -delta.deltaArm * INTERIOR_LOOK.railPerArmUnit,
    deltaZ: 0,
    deltaYaw: delta.deltaYaw * INTERIOR_LOOK.turnPerCraneDegree,
    deltaPitch: delta.deltaPitch * INTERIOR_LOOK.turnPerCraneDegree,
  };
}

/** The two camera calls the viewport makes; the catalogue types their names and parameters. */
export interface ViewportCamera {
  /** Moves the rig that makes the picture: the interior rail in the Interior spot, else the exterior crane. */
  moveRig: (delta: CraneDelta) => Promise<unknown>;
  setHolding: (isHolding: boolean) => Promise<unknown>;
}

/** `spot` is read at each move, so a drag follows a spot change made meanwhile. */
export function viewportCamera(api: RemoteApi, spot: () => CameraSpot | undefined = () => undefined): ViewportCamera {
  return {
    moveRig: (delta) =>
      spot() === 'Interior'
        ? api.call('UpdateInteriorCamera', interiorDelta(delta))
        : api.call('CameraRigCraneControll', delta),
    setHolding: (isHolding) => api.call('updateViewPortInteraction', { isHolding }),
  };
}
