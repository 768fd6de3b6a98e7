import { useEffect, useRef, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { useEngineStore } from '@/lib/engine';
import type { RemoteApi } from '@/lib/remote-control/remote-api';
import { CameraDrag } from '../lib/camera-drag';
import { viewportCamera } from '../lib/engine-camera';

export interface ViewportPointerOptions {
  /** The engine's remote API; without it the viewport only shows the stream. */
  remoteApi: RemoteApi | null;
}

/**
 * Spec §4 on the video: dragging turns the crane rig, the wheel moves its arm (in the Interior spot: the head turns
 * and the seat slides on the interior rail); each is a camera rig edit, a hold
 * with a reset, so the engine renders cheap frames while the user moves and refines once they stop. The hold is
 * the engine store's, shared with the camera panel's rig sliders. When a move settles, the crane is read back so
 * that the panel shows where the camera went.
 */
export function useViewportPointer(surface: RefObject<HTMLElement | null>, { remoteApi }: ViewportPointerOptions) {
  const drag = useRef<CameraDrag | null>(null);
  const last = useRef<{ x: number; y: number; pointerId: number } | null>(null);
  const interaction = () => useEngineStore.getState().interaction;

  useEffect(() => {
    if (!remoteApi) return;
    // In the Interior spot the exterior crane is hidden: the drag looks around the cabin instead (spec §7).
    const spot = () => useEngineStore.getState().settings?.Camera.Position;
    const current = new CameraDrag(viewportCamera(remoteApi, spot).moveRig);
    drag.current = current;
    // React's wheel listener is passive; the page must not scroll while the user moves the camera's arm.
    const element = surface.current;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      interaction()?.beginRigEdit();
      current.wheel(event.deltaY);
      interaction()?.endRigEdit();
      settle(current);
    };
    element?.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      element?.removeEventListener('wheel', onWheel);
      if (drag.current === current) drag.current = null;
    };
  }, [remoteApi, surface]);

  if (!remoteApi) return {};
  return {
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
      if (event.button !== 0 || last.current || !drag.current) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      last.current = { x: event.clientX, y: event.clientY, pointerId: event.pointerId };
      interaction()?.beginRigEdit();
    },
    onPointerMove: (event: ReactPointerEvent<HTMLElement>) => {
      const from = last.current;
      if (!from || from.pointerId !== event.pointerId) return;
      last.current = { ...from, x: event.clientX, y: event.clientY };
      drag.current?.drag(event.clientX - from.x, event.clientY - from.y);
    },
    onPointerUp: (event: ReactPointerEvent<HTMLElement>) => release(event, true),
    onPointerCancel: (event: ReactPointerEvent<HTMLElement>) => release(event, false),
  };

  function release(event: ReactPointerEvent<HTMLElement>, captured: boolean) {
    if (last.current?.pointerId !== event.pointerId) return;
    last.current = null;
    if (captured && event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
    interaction()?.endRigEdit();
    if (drag.current) settle(drag.current);
  }
}

/** Once every move reached the engine, the store learns where the camera is. */
function settle(drag: CameraDrag): void {
  void drag
    .idle()
    .then(() => useEngineStore.getState().reread(['Camera']))
    .catch((error: unknown) => console.warn('The camera could not be read back', error));
}
