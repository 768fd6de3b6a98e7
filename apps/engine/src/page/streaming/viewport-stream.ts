import type { CandidatePolicy, EngineGlobal, StreamStats } from '../../contract/render-contract.js';
import { Streamer } from './streamer.js';

/** What the stream asks of the page: the last picture again, and refinement held back while a player connects. */
export interface ViewportStreamHooks {
  repaint(): void;
  /** See StreamerOptions.onNegotiating. */
  onNegotiating(active: boolean): void;
}

/**
 * The viewport's Pixel Streaming streamer, once Node has started it: each frame the viewport shows is sent, and a
 * player's viewport requests go to Node (`autostudioResolution`).
 */
export class ViewportStream {
  private streamer: Streamer | null = null;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly hooks: ViewportStreamHooks,
  ) {}

  start(url: string, streamerId: string, candidates: CandidatePolicy): void {
    this.streamer?.stop();
    this.streamer = new Streamer(this.canvas, {
      url,
      streamerId,
      candidates,
      repaint: () => this.hooks.repaint(),
      onResolution: ({ width, height }) => {
        void (globalThis as EngineGlobal).autostudioResolution?.(width, height);
      },
      onNegotiating: (active) => this.hooks.onNegotiating(active),
      log: (message) => console.warn(message),
    });
  }

  /** A new picture is in the canvas. */
  frame(): void {
    this.streamer?.frame();
  }

  dropViewers(): void {
    this.streamer?.dropAll('The engine was reset');
  }

  stats(): StreamStats {
    return { players: this.streamer?.playerCount ?? 0, framesSent: this.streamer?.framesSent ?? 0 };
  }
}
