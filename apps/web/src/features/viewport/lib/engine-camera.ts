import { findEngineFunction, type EngineFunctionSpec } from '@autostudio/protocol';
import type { RemoteApi } from '@/lib/remote-control/remote-api';
import type { CraneDelta } from './camera-drag';

function cameraFunction(name: string): EngineFunctionSpec {
  const spec = findEngineFunction('camera', name);
  if (!spec) throw new Error(`The engine catalogue has no camera function ${name}`);
  return spec;
}

// Looked up once, by the catalogue's exact spelling: a renamed function fails here, not silently at the engine.
const CRANE_CONTROL = cameraFunction('CameraRigCraneControll');
const VIEWPORT_INTERACTION = cameraFunction('updateViewPortInteraction');

/** The two camera calls the viewport makes, with parameters checked against the catalogue before they leave. */
export interface ViewportCamera {
  moveCrane: (delta: CraneDelta) => Promise<unknown>;
  setHolding: (isHolding: boolean) => Promise<unknown>;
}

export function viewportCamera(api: RemoteApi): ViewportCamera {
  return {
    moveCrane: (delta) => api.callCamera(CRANE_CONTROL.name, CRANE_CONTROL.parameters.parse(delta)),
    setHolding: (isHolding) =>
      api.callCamera(VIEWPORT_INTERACTION.name, VIEWPORT_INTERACTION.parameters.parse({ isHolding })),
  };
}
