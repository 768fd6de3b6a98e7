import { describe, expect, it } from 'vitest';
import { streamQualitySchema } from '@autostudio/protocol';
import { snapshotOf, streamQuality, type PlayerStats } from './stream-quality';

/** The library's statistics of a 1080p H.264 stream after `seconds` at 60 fps and 10 Mbit/s, one packet in 500 lost. */
function statsAfter(seconds: number): PlayerStats {
  const packets = seconds * 1000;
  return {
    inboundVideoStats: {
      timestamp: 1_000_000 + seconds * 1000,
      bytesReceived: seconds * 1_250_000,
      packetsReceived: packets - packets / 500,
      packetsLost: packets / 500,
      framesDecoded: seconds * 60,
      totalDecodeTime: seconds * 60 * 0.002,
      framesPerSecond: 59.8,
      jitter: 0.004,
      frameWidth: 1920,
      frameHeight: 1080,
      codecId: 'COT01_102',
    },
    candidatePairs: [
      { selected: false, currentRoundTripTime: 0.5 },
      { selected: true, currentRoundTripTime: 0.018 },
    ],
    codecs: new Map([['COT01_102', { mimeType: 'video/H264' }]]),
  };
}

describe('the stream quality the studio reports', () => {
  it('turns two snapshots ten seconds apart into rates of the span and readings of now, as the server takes them', () => {
    const report = streamQuality(snapshotOf(statsAfter(10), 0), snapshotOf(statsAfter(20), 0), 52);
    expect(report).toEqual({
      framesPerSecond: 59.8,
      roundTripMs: 18,
      jitterMs: 4,
      packetLoss: 0.002,
      bitrateKbps: 10_000,
      decodeMs: 2,
      width: 1920,
      height: 1080,
      codec: 'video/H264',
      controlToPhotonMs: 52,
    });
    expect(streamQualitySchema.safeParse({ sessionId: 's-1', ...report }).success).toBe(true);
  });

  it('says nothing of rates it cannot know: the first report, a restarted stream, a browser that leaves fields out', () => {
    const first = streamQuality(null, snapshotOf(statsAfter(10), 0), null);
    expect(first).toMatchObject({ bitrateKbps: null, packetLoss: null, decodeMs: null, framesPerSecond: 59.8 });
    // The counters went back: a new peer connection, not negative traffic.
    const after = snapshotOf(statsAfter(5), 0);
    expect(streamQuality(snapshotOf(statsAfter(20), 0), { ...after, at: after.at + 60_000 }, null)).toMatchObject({
      bitrateKbps: null,
      packetLoss: null,
    });
    const bare = snapshotOf({ inboundVideoStats: {} }, 5000);
    expect(streamQuality(bare, { ...bare, at: 15_000 }, null)).toEqual({
      framesPerSecond: null,
      roundTripMs: null,
      jitterMs: null,
      packetLoss: null,
      bitrateKbps: 0,
      decodeMs: null,
      width: null,
      height: null,
      codec: null,
      controlToPhotonMs: null,
    });
  });
});
