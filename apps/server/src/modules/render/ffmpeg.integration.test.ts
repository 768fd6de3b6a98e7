import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_ENCODINGS, VideoEncoder, type VideoFormat } from './ffmpeg.js';
import { RenderFailure } from './render-runner.js';

/** A frame whose colour moves with its index, so that frames differ as a render's do. */
function frame(index: number, width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i += 1) {
    png.data[i * 4] = (index * 7) % 256;
    png.data[i * 4 + 1] = ((i % width) * 255) / width;
    png.data[i * 4 + 2] = 128;
    png.data[i * 4 + 3] = 255;
  }
  return PNG.sync.write(png);
}

interface Probe {
  streams: { codec_name: string; width: number; height: number; nb_read_frames?: string; pix_fmt: string }[];
  format: { format_name: string; duration: string };
}

const probe = (file: string): Probe =>
  JSON.parse(
    execFileSync('ffprobe', [
      ...['-v', 'error', '-count_frames', '-select_streams', 'v:0'],
      ...['-show_entries', 'stream=codec_name,width,height,nb_read_frames,pix_fmt:format=format_name,duration'],
      ...['-of', 'json', file],
    ]).toString('utf8'),
  ) as Probe;

describe('ffmpeg for renders', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'ffmpeg-test-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  const cases: [VideoFormat, string, string][] = [
    ['MP4', 'h264', 'mp4'],
    ['MOV', 'h264', 'mov'],
    ['AVI', 'mpeg4', 'avi'],
  ];
  it.each(cases)('encodes frames into %s (%s) with their count, size and duration', async (format, codec, name) => {
    const output = path.join(folder, `clip.${VIDEO_ENCODINGS[format].extension}`);
    const encoder = new VideoEncoder('ffmpeg', { frameRate: 24, frames: 'png', format, output });
    for (let index = 0; index < 48; index += 1) await encoder.write(frame(index, 64, 36));
    await encoder.finish();
    const info = probe(output);
    expect(info.format.format_name).toContain(name);
    expect(info.streams[0]).toMatchObject({ codec_name: codec, width: 64, height: 36, nb_read_frames: '48' });
    expect(Number(info.format.duration)).toBeCloseTo(2, 1);
  });

  it('gives an odd custom size an even one, which every player needs', async () => {
    const output = path.join(folder, 'odd.mp4');
    const encoder = new VideoEncoder('ffmpeg', { frameRate: 24, frames: 'png', format: 'MP4', output });
    for (let index = 0; index < 3; index += 1) await encoder.write(frame(index, 65, 37));
    await encoder.finish();
    expect(probe(output).streams[0]).toMatchObject({ width: 64, height: 36, pix_fmt: 'yuv420p' });
  });

  it('says clearly when ffmpeg is missing', async () => {
    const encoder = new VideoEncoder('/nonexistent/ffmpeg', {
      frameRate: 24,
      frames: 'png',
      format: 'MP4',
      output: path.join(folder, 'never.mp4'),
    });
    const outcome = (async () => {
      await encoder.write(frame(0, 16, 16));
      await encoder.finish();
    })();
    await expect(outcome).rejects.toBeInstanceOf(RenderFailure);
    await expect(outcome).rejects.toThrow(/needs ffmpeg.*FFMPEG_PATH/);
    await expect(stat(path.join(folder, 'never.mp4'))).rejects.toThrow();
  });
});
