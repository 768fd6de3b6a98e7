/** An engine colour, R G B in 0–255 (spec §3 light colours, HdrLightColor). */
export interface RgbColor {
  R: number;
  G: number;
  B: number;
}

/** "#rrggbb" for a colour input, and back. */
export function colorToHex({ R, G, B }: RgbColor): string {
  return `#${[R, G, B]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export function hexToColor(hex: string): RgbColor | null {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) return null;
  const [, r = '', g = '', b = ''] = match;
  return { R: parseInt(r, 16), G: parseInt(g, 16), B: parseInt(b, 16) };
}
