import type { RemoteApi } from '@/lib/remote-control/remote-api';
import type { CraneDelta } from './camera-drag';

/** The two camera calls the viewport makes; the catalogue types their names and parameters. */
export interface ViewportCamera {
  moveCrane: (delta: CraneDelta) => Promise<unknown>;
  setHolding: (isHolding: boolean) => Promise<unknown>;
}

export function viewportCamera(api: RemoteApi): ViewportCamera {
  return {
    moveCrane: (delta) => api.call('CameraRigCraneControll', delta),
    setHolding: (isHolding) => api.call('updateViewPortInteraction', { isHolding }),
  };
}
