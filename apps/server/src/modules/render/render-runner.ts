import type { Readable } from 'node:stream';
import {
  type CarModelRequest,
  type MatrixRenderRequest,
  type RenderJobItem,
  type RenderJobKind,
  type RenderShot,
  type SavedConfigSettings,
  type StillRenderRequest,
  type TurntableRequest,
  type VideoRenderRequest,
} from '@autostudio/protocol';

/** A video request as the queue keeps it: a custom animation's shot is read from its preset when the job starts. */
export type StoredVideoRequest = VideoRenderRequest & { shot?: RenderShot };

/** A preview still of an asset model that came without a picture (see model-previews.ts); the server queues it. */
export interface PreviewRenderRequest {
  assetModelId: string;
}

/**
 * A still of a saved configuration's settings for the cache of stills (see config-stills.ts); the server queues it.
 * The settings are those the hash was made of: a configuration saved again meanwhile does not change this picture.
 */
export interface ConfigStillRenderRequest {
  hash: string;
  settings: SavedConfigSettings;
}

/** A job as a runner receives it: the validated request, and which attempt this is. */
export type RenderJobWork = { id: string; ownerId: string; attempt: number; maxAttempts: number } & (
  | { kind: Extract<RenderJobKind, 'still'>; request: StillRenderRequest }
  | { kind: Extract<RenderJobKind, 'video'>; request: StoredVideoRequest }
  | { kind: Extract<RenderJobKind, 'matrix'>; request: MatrixRenderRequest }
  | { kind: Extract<RenderJobKind, 'turntable'>; request: TurntableRequest }
  | { kind: Extract<RenderJobKind, 'carModel'>; request: CarModelRequest }
  | { kind: 'preview'; request: PreviewRenderRequest }
  | { kind: 'configStill'; request: ConfigStillRenderRequest }
);

/** A file a render made, in the blob store. */
export interface StoredRenderOutput {
  /** e.g. "Beauty", "Color ID", "Depth", "video", "thumbnail". */
  kind: string;
  key: string;
  contentType: string;
  /** Known for what a render engine made; absent in jobs stored before they were recorded. */
  size?: number;
  width?: number;
  height?: number;
}

/**
 * Where a completed job's outputs are recorded as a rendered asset (with the job's metadata), and withdrawn again
 * when the job turns out to have been cancelled or lost at the last moment. A preview becomes its model's picture
 * instead, a configuration still a still of the cache: no rendered asset, null.
 */
export interface RenderPublisher {
  publish(job: RenderJobWork, outputs: StoredRenderOutput[]): Promise<string | null>;
  withdraw(assetId: string): Promise<void>;
  /** Told when a job failed for good, after it was recorded as failed (a still of the cache says it has none). */
  failed?(job: RenderJobWork): Promise<void>;
}

export interface RenderContext {
  /** Aborted when the job is cancelled, when the worker lost the job, or when the worker stops. */
  signal: AbortSignal;
  /** Progress 0–100 (rounded and clamped) with an optional message; writes are coalesced, never awaited. */
  onProgress(progress: number, message?: string): void;
  /** What became of each item of a job of many (a matrix's variants), as it is now; written with the progress. */
  onItems(items: readonly RenderJobItem[]): void;
  /** What the job says once completed, instead of RENDER_MESSAGES.completed: e.g. how much came from the cache. */
  onCompleted(message: string): void;
  /**
   * Stores one output under the job's own prefix. The worker keeps track of what was written: if the job is cancelled,
   * fails or is lost, it deletes those files, so a runner does not clean up after itself.
   */
  writeOutput(output: {
    name: string;
    kind: string;
    contentType: string;
    body: Readable;
    width?: number;
    height?: number;
  }): Promise<StoredRenderOutput>;
}

/**
 * Does the work of one job; the worker around it claims, renews the lease, records progress and the outcome.
 * Resolves with the outputs; rejects with a RenderFailure (whose message the user sees) or anything else (the
 * user sees "Render workflow failed" and the log has the error). Stops promptly when the signal aborts.
 */
export interface RenderRunner {
  run(job: RenderJobWork, context: RenderContext): Promise<StoredRenderOutput[]>;
}

/** A failure whose message is meant for the user, e.g. "the configuration's car is not installed". */
export class RenderFailure extends Error {
  override name = 'RenderFailure';
}
