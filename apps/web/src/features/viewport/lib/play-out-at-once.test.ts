import { describe, expect, it } from 'vitest';
import { playOutAtOnce } from './play-out-at-once';

const receiver = (kind: 'audio' | 'video') =>
  ({ track: { kind }, jitterBufferTarget: null as number | null }) as unknown as RTCRtpReceiver;

describe('playOutAtOnce', () => {
  it('sets a zero jitter buffer target on video receivers and leaves audio alone', () => {
    const video = receiver('video');
    const audio = receiver('audio');
    playOutAtOnce({ getReceivers: () => [video, audio] });
    expect(video.jitterBufferTarget).toBe(0);
    expect(audio.jitterBufferTarget).toBeNull();
  });

  it('does nothing before there is a connection', () => {
    expect(() => playOutAtOnce(undefined)).not.toThrow();
  });
});
