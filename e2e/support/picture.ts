import type { Page } from '@playwright/test';

/** A 32 × 18 grey thumbnail of what the player's <video> shows, and how much its pixels vary. */
export async function videoPicture(page: Page): Promise<{ pixels: number[]; spread: number }> {
  return page.evaluate(() => {
    const video = document.querySelector('video');
    if (!video || video.videoWidth === 0) return { pixels: [], spread: 0 };
    const canvas = document.createElement('canvas');
    canvas.width = 32;
    canvas.height = 18;
    const context = canvas.getContext('2d');
    if (!context) return { pixels: [], spread: 0 };
    context.drawImage(video, 0, 0, 32, 18);
    const data = context.getImageData(0, 0, 32, 18).data;
    const pixels: number[] = [];
    for (let i = 0; i < data.length; i += 4)
      pixels.push(0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!);
    const mean = pixels.reduce((a, b) => a + b, 0) / pixels.length;
    const spread = Math.sqrt(pixels.reduce((a, b) => a + (b - mean) ** 2, 0) / pixels.length);
    return { pixels, spread };
  });
}

/** Mean absolute difference of two thumbnails, 0–255; 0 when either is missing. */
export const pictureDifference = (a: number[], b: number[]) =>
  a.length === 0 || a.length !== b.length
    ? 0
    : a.reduce((sum, value, i) => sum + Math.abs(value - (b[i] ?? 0)), 0) / a.length;
