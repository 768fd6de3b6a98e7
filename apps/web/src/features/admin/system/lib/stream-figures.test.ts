import { describe, expect, it } from 'vitest';
import { streamFigures } from './stream-figures';

const quality = {
  framesPerSecond: 59.6,
  roundTripMs: 12.4,
  jitterMs: 3,
  packetLoss: 0.0021,
  bitrateKbps: 8250,
  decodeMs: 1.46,
  width: 1920,
  height: 1080,
  codec: 'video/H264',
  controlToPhotonMs: 48,
};

describe('a viewer’s stream report on the System page', () => {
  it('reads in the units a streaming engineer expects', () => {
    expect(streamFigures(quality)).toEqual({
      fps: '60',
      roundTrip: '12 ms',
      jitter: '3 ms',
      loss: '0.2 %',
      bitrate: '8.3 Mb/s',
      decode: '1.5 ms',
      size: '1920×1080',
      codec: 'H264',
      controlToPhoton: '48 ms',
    });
    expect(streamFigures({ ...quality, bitrateKbps: 640 }).bitrate).toBe('640 kb/s');
  });

  it('shows "—" for each measure the browser did not give', () => {
    const none = streamFigures({
      framesPerSecond: null,
      roundTripMs: null,
      jitterMs: null,
      packetLoss: null,
      bitrateKbps: null,
      decodeMs: null,
      width: 1920,
      height: null,
      codec: null,
      controlToPhotonMs: null,
    });
    expect(new Set(Object.values(none))).toEqual(new Set(['—']));
  });
});
