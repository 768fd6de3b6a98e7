import { describe, expect, it } from 'vitest';
import { withBitrateFloor } from './bitrate-floor.js';

// The shape of a Chromium answer: audio, then video with VP8 (no fmtp line), its RTX, and H264 (with one).
const ANSWER = [
  'v=0',
  'o=- 1 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111',
  'a=rtpmap:111 opus/48000/2',
  'a=fmtp:111 minptime=10;useinbandfec=1',
  'm=video 9 UDP/TLS/RTP/SAVPF 96 97 102',
  'a=rtpmap:96 VP8/90000',
  'a=rtcp-fb:96 nack',
  'a=rtpmap:97 rtx/90000',
  'a=fmtp:97 apt=96',
  'a=rtpmap:102 H264/90000',
  'a=fmtp:102 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
  'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
  'a=sctp-port:5000',
  '',
].join('\r\n');

const floor = { startKbps: 6000, minKbps: 2000 };
const params = 'x-google-start-bitrate=6000;x-google-min-bitrate=2000';

describe('withBitrateFloor', () => {
  const lines = withBitrateFloor(ANSWER, floor).split('\r\n');

  it('extends a video codec’s fmtp line', () => {
    expect(lines).toContain(
      `a=fmtp:102 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f;${params}`,
    );
  });

  it('gives a video codec without one an fmtp line inside the video section', () => {
    const added = lines.indexOf(`a=fmtp:96 ${params}`);
    expect(added).toBeGreaterThan(lines.indexOf('m=video 9 UDP/TLS/RTP/SAVPF 96 97 102'));
    expect(added).toBeLessThan(lines.indexOf('m=application 9 UDP/DTLS/SCTP webrtc-datachannel'));
  });

  it('leaves audio, retransmission and data sections as they were', () => {
    expect(lines).toContain('a=fmtp:111 minptime=10;useinbandfec=1');
    expect(lines).toContain('a=fmtp:97 apt=96');
    expect(lines.filter((line) => line.includes('x-google'))).toHaveLength(2);
  });

  it('keeps the line endings and the closing empty line, and does not add the floor twice', () => {
    const once = withBitrateFloor(ANSWER, floor);
    expect(once.endsWith('\r\n')).toBe(true);
    expect(withBitrateFloor(once, floor)).toBe(once);
  });

  it('adds the lines before the end when the video section is the last one', () => {
    const videoLast = ANSWER.split('m=application')[0]!;
    const result = withBitrateFloor(videoLast, floor).split('\r\n');
    expect(result.at(-1)).toBe('');
    expect(result.at(-2)).toBe(`a=fmtp:96 ${params}`);
  });
});
