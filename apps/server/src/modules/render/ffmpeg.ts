import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { VIDEO_FORMATS } from '@autostudio/protocol';
import { RenderFailure } from './render-runner.js';

export type VideoFormat = (typeof VIDEO_FORMATS)[number];

/**
 * How each video format is encoded: H.264 in MP4 and MOV (what players and editors expect; yuv420p for every
 * player, `faststart` so a browser plays before the end arrives), MPEG-4 Part 2 in AVI (what AVI players expect).
 */
export const VIDEO_ENCODINGS: Record<VideoFormat, { extension: string; contentType: string; args: string[] }> = {
  MP4: {
    extension: 'mp4',
    contentType: 'video/mp4',
    args: ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'],
  },
  MOV: {
    extension: 'mov',
    contentType: 'video/quicktime',
    args: ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p', '-f', 'mov'],
  },
  AVI: {
    extension: 'avi',
    contentType: 'video/x-msvideo',
    args: ['-c:v', 'mpeg4', '-q:v', '2', '-pix_fmt', 'yuv420p', '-f', 'avi'],
  },
};

/** yuv420p needs even sizes: an odd custom width or height loses its last pixel column or row. */
const EVEN_SIZE = 'scale=trunc(iw/2)*2:trunc(ih/2)*2';

function missing(ffmpegPath: string): RenderFailure {
  return new RenderFailure(
    `Video encoding needs ffmpeg, which this render worker cannot run (${ffmpegPath}): install it (apt-get install ffmpeg) or set FFMPEG_PATH.`,
  );
}

/** What went wrong starting ffmpeg: not installed is the worker's problem, said as such. */
function asFailure(error: unknown, ffmpegPath: string): Error {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return missing(ffmpegPath);
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Encodes frames (JPEG or PNG bytes, in order) into a video file while they arrive: ffmpeg reads them from its
 * input pipe, so encoding runs alongside rendering. `write` waits while ffmpeg is behind.
 */
export class VideoEncoder {
  private readonly child;
  private readonly closed: Promise<number | null>;
  private stderr = '';
  private failure: Error | undefined;

  constructor(
    private readonly ffmpegPath: string,
    options: { frameRate: number; frames: 'jpeg' | 'png'; format: VideoFormat; output: string },
  ) {
    const encoding = VIDEO_ENCODINGS[options.format];
    this.child = spawn(
      ffmpegPath,
      [
        ...['-hide_banner', '-loglevel', 'error', '-y'],
        // The frames' codec is named: probing a pipe of a few small JPEGs (Chromium's, with an ICC profile) finds none.
        ...['-f', 'image2pipe', '-c:v', options.frames === 'jpeg' ? 'mjpeg' : 'png'],
        ...['-framerate', String(options.frameRate), '-i', '-'],
        ...['-vf', EVEN_SIZE, '-r', String(options.frameRate)],
        ...encoding.args,
        options.output,
      ],
      { stdio: ['pipe', 'ignore', 'pipe'] },
    );
    this.child.stderr.on(
      'data',
      (chunk: Buffer) => (this.stderr = (this.stderr + chunk.toString('utf8')).slice(-2000)),
    );
    // A pipe that breaks (EPIPE) means ffmpeg stopped: its exit says why.
    this.child.stdin.on('error', (error) => (this.failure ??= error));
    this.closed = once(this.child, 'close').then(
      ([code]) => code as number | null,
      (error: unknown) => {
        this.failure = asFailure(error, ffmpegPath);
        return null;
      },
    );
  }

  async write(frame: Buffer): Promise<void> {
    if (this.failure || this.child.exitCode !== null) throw await this.exitError();
    if (!this.child.stdin.write(frame)) await Promise.race([once(this.child.stdin, 'drain'), this.closed]);
  }

  /** Ends the input and waits for the file. */
  async finish(): Promise<void> {
    this.child.stdin.end();
    const code = await this.closed;
    if (this.failure || code !== 0) throw await this.exitError();
  }

  /** Why ffmpeg stopped, in its own words (a closed input pipe only says that it stopped). */
  private async exitError(): Promise<Error> {
    const code = await this.closed;
    if (this.failure instanceof RenderFailure) return this.failure;
    return new Error(`ffmpeg failed (exit ${code ?? 'signal'}): ${this.stderr.trim() || this.failure?.message}`);
  }

  abort(): void {
    this.child.kill('SIGKILL');
  }
}
