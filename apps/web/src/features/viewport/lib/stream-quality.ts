import type { StreamQualityInput } from '@autostudio/protocol';

/**
 * What the player's WebRTC statistics say at one moment: counters that only grow (bytes, packets, frames, decode
 * time) and readings of now (frame rate, jitter, round trip, size, codec). Two of them make a report.
 */
export interface StreamSnapshot {
  /** The statistics' timestamp, ms. */
  at: number;
  bytesReceived: number;
  packetsReceived: number;
  packetsLost: number;
  framesDecoded: number | null;
  /** Seconds spent decoding, in all. */
  totalDecodeTime: number | null;
  framesPerSecond: number | null;
  /** Seconds. */
  jitter: number | null;
  /** Seconds; the selected candidate pair's. */
  roundTripTime: number | null;
  width: number | null;
  height: number | null;
  codec: string | null;
}

/** The fields of the library's aggregated statistics this reads (its types, loosely: the browser may leave any out). */
export interface PlayerStats {
  inboundVideoStats: {
    timestamp?: number;
    bytesReceived?: number;
    packetsReceived?: number;
    packetsLost?: number;
    framesDecoded?: number | undefined;
    totalDecodeTime?: number | undefined;
    framesPerSecond?: number | undefined;
    jitter?: number;
    frameWidth?: number | undefined;
    frameHeight?: number | undefined;
    codecId?: string | undefined;
  };
  candidatePairs?: { selected?: boolean; nominated?: boolean; currentRoundTripTime?: number }[];
  codecs?: Map<string, { mimeType?: string }>;
}

const known = (value: number | undefined): number | null =>
  value === undefined || !Number.isFinite(value) ? null : value;

/** A snapshot of the library's statistics as they are now. */
export function snapshotOf(stats: PlayerStats, now: number): StreamSnapshot {
  const video = stats.inboundVideoStats;
  const pair =
    stats.candidatePairs?.find((candidate) => candidate.selected) ??
    stats.candidatePairs?.find((candidate) => candidate.nominated);
  return {
    at: known(video.timestamp) ?? now,
    bytesReceived: video.bytesReceived ?? 0,
    packetsReceived: video.packetsReceived ?? 0,
    packetsLost: video.packetsLost ?? 0,
    framesDecoded: known(video.framesDecoded),
    totalDecodeTime: known(video.totalDecodeTime),
    framesPerSecond: known(video.framesPerSecond),
    jitter: known(video.jitter),
    roundTripTime: known(pair?.currentRoundTripTime),
    width: known(video.frameWidth),
    height: known(video.frameHeight),
    codec: (video.codecId && stats.codecs?.get(video.codecId)?.mimeType) || null,
  };
}

const rounded = (value: number | null, digits = 1): number | null =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The report of the span from `before` to `now` (StreamQuality without its session): rates from the growth of the
 * counters over the span, readings as they are now. Without `before`, or over no time, the rates are unknown.
 */
export function streamQuality(
  before: StreamSnapshot | null,
  now: StreamSnapshot,
  controlToPhotonMs: number | null,
): Omit<StreamQualityInput, 'sessionId'> {
  const seconds = before ? (now.at - before.at) / 1000 : 0;
  const grew = (pick: (snapshot: StreamSnapshot) => number | null): number | null => {
    if (!before || seconds <= 0) return null;
    const [from, to] = [pick(before), pick(now)];
    return from === null || to === null || to < from ? null : to - from;
  };
  const received = grew((s) => s.packetsReceived);
  const lost = grew((s) => s.packetsLost);
  const bytes = grew((s) => s.bytesReceived);
  const frames = grew((s) => s.framesDecoded);
  const decoding = grew((s) => s.totalDecodeTime);
  return {
    framesPerSecond: rounded(now.framesPerSecond ?? (frames === null ? null : frames / seconds)),
    roundTripMs: rounded(now.roundTripTime === null ? null : now.roundTripTime * 1000),
    jitterMs: rounded(now.jitter === null ? null : now.jitter * 1000),
    packetLoss:
      received === null || lost === null || received + lost === 0 ? null : rounded(lost / (received + lost), 4),
    bitrateKbps: bytes === null ? null : rounded((bytes * 8) / 1000 / seconds),
    decodeMs: decoding === null || !frames ? null : rounded((decoding / frames) * 1000, 2),
    width: now.width,
    height: now.height,
    codec: now.codec,
    controlToPhotonMs: rounded(controlToPhotonMs),
  };
}
