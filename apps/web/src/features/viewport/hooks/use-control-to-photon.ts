import { useEffect, useRef, type RefObject } from 'react';
import type { AnsweredControl } from '@/lib/remote-control/picture-controls';
import type { RemoteControlClient } from '@/lib/remote-control/remote-control-client';

/** What the hook needs of the remote-control client: word of each control the engine confirmed. */
export type ControlSource = Pick<RemoteControlClient, 'onControlAnswered'>;

/**
 * The control-to-photon time of the last control sent, in ms: from the moment the control left the page to the
 * display time of the first video frame the player shows after the engine confirmed it. A frame on its way before
 * the confirmation does not count, so the figure is the wait a user sees between a click and the picture's answer
 * (a frame already in the encoder when the engine applied the control can make it shorter by up to a frame).
 * Null until a control was measured; read by the stream quality reports.
 */
export function useControlToPhoton(
  container: RefObject<HTMLElement | null>,
  controls: ControlSource | null,
): RefObject<number | null> {
  const lastRef = useRef<number | null>(null);

  useEffect(() => {
    if (!controls) return;
    /** The latest confirmed control without its frame yet; a later control supersedes it (the last one counts). */
    let waiting: AnsweredControl | null = null;
    let asked: { video: HTMLVideoElement; handle: number } | null = null;

    const askForFrame = () => {
      if (asked) return;
      // Epic's library owns the <video> and may replace it on a reconnect: look for it each time.
      const video = container.current?.querySelector('video');
      if (!video || typeof video.requestVideoFrameCallback !== 'function') return;
      asked = { video, handle: video.requestVideoFrameCallback(framePresented) };
    };
    const framePresented: VideoFrameRequestCallback = (_now, frame) => {
      asked = null;
      if (!waiting) return;
      if (frame.expectedDisplayTime < waiting.answeredAt) {
        askForFrame();
        return;
      }
      lastRef.current = frame.expectedDisplayTime - waiting.sentAt;
      waiting = null;
    };
    const stop = controls.onControlAnswered((control) => {
      waiting = control;
      askForFrame();
    });
    return () => {
      stop();
      if (asked) asked.video.cancelVideoFrameCallback(asked.handle);
    };
  }, [container, controls]);

  return lastRef;
}
