import { useEffect, useRef, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import type { RemoteApi } from '@/lib/remote-control/remote-api';
import { CameraDrag } from '../lib/camera-drag';
import { viewportCamera } from '../lib/engine-camera';
import { ViewportInteraction } from '../lib/viewport-interaction';

export interface ViewportPointerOptions {
  /** The engine's remote API; without it the viewport only shows the stream. */
  remoteApi: RemoteApi | null;
  switchToPathTraceOnIdle: boolean;
}

interface Controls {
  drag: CameraDrag;
  interaction: ViewportInteraction;
}

/**
 * Spec §4 on the video: dragging turns the crane rig, the wheel moves its arm; each is a camera rig edit, a hold
 * with a reset, so the engine renders cheap frames while the user moves and refines once they stop.
 */
export function useViewportPointer(surface: RefObject<HTMLElement | null>, options: ViewportPointerOptions) {
  const { remoteApi, switchToPathTraceOnIdle } = options;
  const flag = useRef(switchToPathTraceOnIdle);
  const controls = useRef<Controls | null>(null);
  const last = useRef<{ x: number; y: number; pointerId: number } | null>(null);

  useEffect(() => {
    flag.current = switchToPathTraceOnIdle;
  }, [switchToPathTraceOnIdle]);

  useEffect(() => {
    if (!remoteApi) return;
    const camera = viewportCamera(remoteApi);
    const current: Controls = {
      drag: new CameraDrag(camera.moveCrane),
      interaction: new ViewportInteraction({
        setHolding: camera.setHolding,
        switchToPathTraceOnIdle: () => flag.current,
      }),
    };
    controls.current = current;
    // React's wheel listener is passive; the page must not scroll while the user moves the camera's arm.
    const element = surface.current;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      current.interaction.beginRigEdit();
      current.drag.wheel(event.deltaY);
      current.interaction.endRigEdit();
    };
    element?.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      element?.removeEventListener('wheel', onWheel);
      current.interaction.dispose();
      if (controls.current === current) controls.current = null;
    };
  }, [remoteApi, surface]);

  if (!remoteApi) return {};
  return {
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
      if (event.button !== 0 || last.current || !controls.current) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      last.current = { x: event.clientX, y: event.clientY, pointerId: event.pointerId };
      controls.current.interaction.beginRigEdit();
    },
    onPointerMove: (event: ReactPointerEvent<HTMLElement>) => {
      const from = last.current;
      if (!from || from.pointerId !== event.pointerId) return;
      last.current = { ...from, x: event.clientX, y: event.clientY };
      controls.current?.drag.drag(event.clientX - from.x, event.clientY - from.y);
    },
    onPointerUp: (event: ReactPointerEvent<HTMLElement>) => release(event, true),
    onPointerCancel: (event: ReactPointerEvent<HTMLElement>) => release(event, false),
  };

  function release(event: ReactPointerEvent<HTMLElement>, captured: boolean) {
    if (last.current?.pointerId !== event.pointerId) return;
    last.current = null;
    if (captured && event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
    controls.current?.interaction.endRigEdit();
  }
}
