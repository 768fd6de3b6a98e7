import { z } from 'zod';

/** How often the studio reports what its player receives while it streams. */
export const STREAM_QUALITY_REPORT_MS = 10_000;

/** A report older than this says nothing of the stream now (three reports missed): the metrics leave it out. */
export const STREAM_QUALITY_FRESH_MS = 3 * STREAM_QUALITY_REPORT_MS;

const measure = (most: number) => z.number().min(0).max(most).nullable();

/**
 * POST /sessions/stream-quality: what the viewer's player measured of its stream over the last report's span, from
 * its WebRTC statistics; null where the browser did not say. The server keeps the latest per session.
 */
export const streamQualitySchema = z.object({
  sessionId: z.string().min(1).max(64),
  framesPerSecond: measure(1000),
  /** The candidate pair's current round trip. */
  roundTripMs: measure(60_000),
  jitterMs: measure(60_000),
  /** Packets lost of those expected in the span, 0–1. */
  packetLoss: z.number().min(0).max(1).nullable(),
  bitrateKbps: measure(10_000_000),
  /** Average time to decode a frame in the span. */
  decodeMs: measure(10_000),
  width: z.number().int().min(0).max(16_384).nullable(),
  height: z.number().int().min(0).max(16_384).nullable(),
  /** e.g. "video/H264". */
  codec: z.string().trim().max(64).nullable(),
  /** From the last control the studio sent to the first frame that showed its effect. */
  controlToPhotonMs: measure(60_000),
});
export type StreamQuality = z.infer<typeof streamQualitySchema>;
export type StreamQualityInput = z.input<typeof streamQualitySchema>;
