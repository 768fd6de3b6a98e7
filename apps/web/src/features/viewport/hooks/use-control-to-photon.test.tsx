import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnsweredControl } from '@/lib/remote-control/picture-controls';
import { useControlToPhoton, type ControlSource } from './use-control-to-photon';

/** A player whose <video> presents frames when the test says, and a client whose controls the test confirms. */
function harness() {
  const container = document.createElement('div');
  const video = document.createElement('video');
  container.append(video);
  let asked: VideoFrameRequestCallback | null = null;
  let cancelled = 0;
  video.requestVideoFrameCallback = (callback) => {
    asked = callback;
    return 1;
  };
  video.cancelVideoFrameCallback = () => {
    asked = null;
    cancelled += 1;
  };
  const listeners = new Set<(control: AnsweredControl) => void>();
  const controls: ControlSource = {
    onControlAnswered: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    ref: { current: container },
    controls,
    answer: (control: AnsweredControl) => listeners.forEach((listener) => listener(control)),
    present: (expectedDisplayTime: number) => {
      const callback = asked;
      asked = null;
      callback?.(expectedDisplayTime, { expectedDisplayTime } as VideoFrameCallbackMetadata);
    },
    get waitingForFrame() {
      return asked !== null;
    },
    get cancelled() {
      return cancelled;
    },
    listeners,
  };
}

describe('control-to-photon', () => {
  it('times a control from its sending to the first frame shown after the engine confirmed it', () => {
    const player = harness();
    const { result } = renderHook(() => useControlToPhoton(player.ref, player.controls));
    expect(result.current.current).toBeNull();
    expect(player.waitingForFrame).toBe(false);

    player.answer({ sentAt: 1000, answeredAt: 1030 });
    expect(player.waitingForFrame).toBe(true);
    // A frame shown before the confirmation is the old picture: the next one is asked for.
    player.present(1020);
    expect(result.current.current).toBeNull();
    expect(player.waitingForFrame).toBe(true);
    player.present(1080);
    expect(result.current.current).toBe(80);
    // Frames without a new control change nothing.
    expect(player.waitingForFrame).toBe(false);
  });

  it('measures the last control when several are confirmed before a frame', () => {
    const player = harness();
    const { result } = renderHook(() => useControlToPhoton(player.ref, player.controls));
    player.answer({ sentAt: 1000, answeredAt: 1020 });
    player.answer({ sentAt: 1010, answeredAt: 1040 });
    player.present(1060);
    expect(result.current.current).toBe(50);
    player.answer({ sentAt: 2000, answeredAt: 2010 });
    player.present(2100);
    expect(result.current.current).toBe(100);
  });

  it('stops listening and gives back its frame request when the viewport goes', () => {
    const player = harness();
    const { unmount } = renderHook(() => useControlToPhoton(player.ref, player.controls));
    player.answer({ sentAt: 1000, answeredAt: 1020 });
    unmount();
    expect(player.listeners.size).toBe(0);
    expect(player.cancelled).toBe(1);
  });
});
