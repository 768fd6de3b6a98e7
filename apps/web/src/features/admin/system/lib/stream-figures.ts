import type { SystemOverview } from '@autostudio/protocol';

export type ReportedQuality = NonNullable<SystemOverview['sessions'][number]['streamQuality']>;

const fixed = (value: number | null, digits: number, unit: string) =>
  value === null ? '—' : `${value.toFixed(digits)}${unit}`;

/** A viewer's report as the System page's columns read it; "—" where the browser did not say. */
export function streamFigures(quality: ReportedQuality) {
  return {
    fps: fixed(quality.framesPerSecond, 0, ''),
    roundTrip: fixed(quality.roundTripMs, 0, ' ms'),
    jitter: fixed(quality.jitterMs, 0, ' ms'),
    loss: quality.packetLoss === null ? '—' : `${(quality.packetLoss * 100).toFixed(1)} %`,
    bitrate:
      quality.bitrateKbps === null
        ? '—'
        : quality.bitrateKbps >= 1000
          ? `${(quality.bitrateKbps / 1000).toFixed(1)} Mb/s`
          : `${quality.bitrateKbps.toFixed(0)} kb/s`,
    decode: fixed(quality.decodeMs, 1, ' ms'),
    size: quality.width === null || quality.height === null ? '—' : `${quality.width}×${quality.height}`,
    // "video/H264" → "H264": the media type says nothing an administrator needs.
    codec: quality.codec === null ? '—' : quality.codec.replace(/^video\//i, ''),
    controlToPhoton: fixed(quality.controlToPhotonMs, 0, ' ms'),
  };
}
