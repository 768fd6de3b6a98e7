/**
 * The Pixel Streaming data channel's binary messages that the reference engine understands (reference
 * pixel-streaming.md §2): byte 0 is the id; a to-streamer string is a uint16 length in UTF-16 code units followed by
 * UTF-16LE. Everything else that players send (mouse, keyboard, quality requests) is ignored safely.
 */
export const TO_STREAMER = { Command: 51, UIInteraction: 50 } as const;

export interface ResolutionRequest {
  width: number;
  height: number;
}

function readString(view: DataView, offset: number): string | null {
  if (view.byteLength < offset + 2) return null;
  const length = view.getUint16(offset, true);
  if (view.byteLength < offset + 2 + length * 2) return null;
  let text = '';
  for (let i = 0; i < length; i += 1) text += String.fromCharCode(view.getUint16(offset + 2 + i * 2, true));
  return text;
}

/** The `Resolution.Width/Height` command a player sends when it wants frames matching its viewport, or null. */
export function resolutionRequest(data: ArrayBuffer): ResolutionRequest | null {
  const view = new DataView(data);
  if (view.byteLength < 1 || view.getUint8(0) !== TO_STREAMER.Command) return null;
  const text = readString(view, 1);
  if (text === null) return null;
  let command: unknown;
  try {
    command = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof command !== 'object' || command === null) return null;
  const { 'Resolution.Width': width, 'Resolution.Height': height } = command as Record<string, unknown>;
  if (typeof width !== 'number' || typeof height !== 'number') return null;
  if (!Number.isFinite(width) || !Number.isFinite(height) || width < 1 || height < 1) return null;
  return { width: Math.round(width), height: Math.round(height) };
}
