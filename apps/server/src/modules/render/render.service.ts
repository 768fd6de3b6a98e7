import { randomUUID } from 'node:crypto';
import {
  animationPresetSettingsSchema,
  canCreate,
  CUSTOM_RESOLUTION,
  shotOfAnimation,
  isAdmin,
  MAX_SEQUENCE_FRAMES,
  MAX_SEQUENCE_KEYFRAMES,
  parseShallowJson,
  PRESET_ANIMATIONS,
  RENDER_JOB_KINDS,
  RENDER_QUALITIES,
  renderJobCost,
  renderTierOf,
  renderWork,
  RESOLUTION_PRESET_NAMES,
  resolutionSchema,
  type RenderEstimates,
  type RenderTier,
  type RenderTiming,
  RENDER_MESSAGES,
  requestedResolution,
  type RenderJob,
  type RenderJobItem,
  type RenderQueueSummary,
  type RenderJobKind,
  matrixVariants,
  type CarModelRequest,
  type MatrixRenderRequest,
  type TurntableRequest,
  type StillRenderRequest,
  type User,
  type VideoRenderRequest,
} from '@autostudio/protocol';
import { z } from 'zod';
import type { RenderJobRow } from '../../db/schema.js';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors.js';
import { mediaUrl } from '../../storage/media-url.js';
import type { ConfigsService } from '../configs/configs.service.js';
import type { PresetsService } from '../presets/presets.service.js';
import type { StillAnswers } from './cache/still-answers.js';
import type { RenderQueue } from './render-queue.js';
import type { StorageQuota } from '../storage-quota/storage-quota.service.js';
import type { StoredRenderOutput, StoredVideoRequest } from './render-runner.js';
import { fitRenderTiming, type TimedRender } from './render-timings.js';

/** Finished renders of each kind that estimates learn from: the latest, so a faster engine shows soon. */
const ESTIMATE_RENDERS = 30;

/** What an estimate reads of a stored request (stills and videos alike; a video's frames from its shot or preset). */
const timedRequestSchema = z.object({
  quality: z.enum(RENDER_QUALITIES),
  antiAliasSpatial: z.number().int().min(1),
  antiAliasTemporal: z.number().int().min(1),
  resolutionPreset: z.enum(RESOLUTION_PRESET_NAMES),
  customResolution: resolutionSchema.optional(),
  selectedAnimation: z.string().optional(),
  shot: z.object({ Frames: z.number().int().min(1) }).optional(),
  trims: z.array(z.string()).optional(),
  paints: z.array(z.string()).optional(),
  views: z.array(z.string()).optional(),
  environments: z.array(z.string()).optional(),
  /** A turntable's frames. */
  frames: z.number().int().min(1).optional(),
});

/**
 * The render service's calls (spec §7): start a still or a video, read a job's status, cancel it. Guests start no
 * render; a user sees and cancels their own jobs (anyone else's answers 404, as if it did not exist); administrators
 * see and cancel all.
 */
export class RenderService {
  constructor(
    private readonly queue: RenderQueue,
    private readonly configs: ConfigsService,
    private readonly presets: PresetsService,
    /** Renders are refused while their user's files take the whole storage quota; absent: no limit. */
    private readonly quota?: StorageQuota,
    /** Stills found in the render cache, answered at once; absent: every still is rendered. */
    private readonly answers?: StillAnswers,
  ) {}

  async startStill(user: User, request: StillRenderRequest): Promise<RenderJob> {
    this.assertMayRender(user);
    this.assertAffordable(request, 1);
    const scened = await this.withScene(user, request);
    if (this.answers) {
      await this.quota?.assertNotFull(user.id);
      const answered = await this.answers.answer(user, scened);
      if (answered) return toRenderJob(answered);
    }
    return this.enqueue(user, 'still', scened);
  }

  /** Every trim × paint chosen as one job: it counts as one against the user's queue, its stills against the cost. */
  async startMatrix(user: User, request: MatrixRenderRequest): Promise<RenderJob> {
    this.assertMayRender(user);
    this.assertAffordable(request, matrixVariants(request).length, 'still');
    return this.enqueue(user, 'matrix', await this.withScene(user, request));
  }

  /**
   * The configured car as files: one job on a render engine. It counts against the user's queue like any render; it
   * draws one small picture, so no pixel cost applies.
   */
  async startCarModel(user: User, request: CarModelRequest): Promise<RenderJob> {
    this.assertMayRender(user);
    return this.enqueue(user, 'carModel', await this.withScene(user, request));
  }

  /** A turn of the car as one job: its frames count against the per-job cost, the job against the user's queue. */
  async startTurntable(user: User, request: TurntableRequest): Promise<RenderJob> {
    this.assertMayRender(user);
    this.assertAffordable(request, request.frames);
    return this.enqueue(user, 'turntable', await this.withScene(user, request));
  }

  async startVideo(user: User, request: VideoRenderRequest): Promise<RenderJob> {
    this.assertMayRender(user);
    let stored: StoredVideoRequest = request;
    if (request.animationType === 'custom') {
      const preset = await this.presets.get(user, request.selectedAnimation).catch(() => undefined);
      if (preset?.type !== 'animation') throw notFound(RENDER_MESSAGES.animationPresetNotFound);
      // The sequence as it is now: editing or deleting the preset later does not change a queued render.
      const settings = animationPresetSettingsSchema.safeParse(storedSettings(preset.settings));
      if (!settings.success)
        throw badRequest(RENDER_MESSAGES.animationWithoutFrames(settings.error.issues[0]?.message));
      const shot = shotOfAnimation(settings.data);
      if (shot.Frames > MAX_SEQUENCE_FRAMES || shot.Keyframes.length > MAX_SEQUENCE_KEYFRAMES)
        throw badRequest(RENDER_MESSAGES.sequenceTooLong(shot.Frames));
      stored = { ...request, shot };
    }
    this.assertAffordable(request, framesOf(stored));
    return this.enqueue(user, 'video', await this.withScene(user, stored));
  }

  /** How long renders take here: fitted per kind and tier to the latest finished ones (none before the first). */
  async estimates(): Promise<RenderEstimates> {
    const timings: RenderTiming[] = [];
    for (const kind of RENDER_JOB_KINDS) {
      const byTier = new Map<RenderTier, TimedRender[]>();
      for (const row of await this.queue.jobs.recentCompleted(kind, ESTIMATE_RENDERS)) {
        const timed = timedRender(kind, row);
        if (timed) byTier.set(timed.tier, [...(byTier.get(timed.tier) ?? []), timed]);
      }
      for (const [tier, renders] of byTier) {
        timings.push({ kind, tier, renders: renders.length, ...fitRenderTiming(renders) });
      }
    }
    return { timings };
  }

  /** Administrators: who holds the queue, with the limits it keeps. */
  async queueSummary(user: User): Promise<RenderQueueSummary> {
    if (!isAdmin(user)) throw forbidden(RENDER_MESSAGES.adminOnly);
    const holders = await this.queue.jobs.holders();
    return {
      users: holders.map(({ ownerId, ...rest }) => ({ userId: ownerId, ...rest })),
      limits: { ...this.queue.limits },
    };
  }

  async status(user: User, jobId: string): Promise<RenderJob> {
    let row = await this.visible(user, jobId);
    if (row.status === 'running' && leaseRanOut(row) && row.attempts >= row.max_attempts) {
      // Its last worker is gone and no worker claimed since: fail it now rather than report it rendering.
      await this.queue.jobs.expire();
      row = await this.visible(user, jobId);
    }
    return toRenderJob(row);
  }

  /**
   * Cancels a job and deletes it. A job being rendered is marked cancelled: its worker (here at once, in another
   * process at its next lease renewal) aborts the render, deletes the partial output and then the job. Any other
   * job is deleted now. A completed job's outputs became a rendered asset and stay with it; only a job that finished
   * without one (nothing to record) takes its files along.
   */
  async cancel(user: User, jobId: string): Promise<void> {
    const { jobs, signals } = this.queue;
    // A few tries: a worker may claim or finish the job between our read and our write.
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await this.visibleOrGone(user, jobId, attempt === 0);
      if (!row || row.status === 'cancelled') return;
      if (row.status === 'running' && row.worker_id && !leaseRanOut(row)) {
        if (await jobs.markCancelled(row.id, row.worker_id, RENDER_MESSAGES.cancelling)) {
          signals.emit('cancelled', row.id);
          return;
        }
      } else if (await jobs.deleteIf(row.id, row.status, row.worker_id)) {
        if (row.asset_id === null) await this.deleteOutputs(row);
        return;
      }
    }
    throw new Error(`render job ${jobId} kept changing while it was being cancelled`);
  }

  private async deleteOutputs(row: RenderJobRow): Promise<void> {
    for (const output of JSON.parse(row.outputs) as StoredRenderOutput[]) await this.queue.storage.delete(output.key);
  }

  /** For media access: whether the user may read a job's outputs. */
  async canReadOutputs(user: User, jobId: string): Promise<boolean> {
    const row = await this.queue.jobs.find(jobId);
    return row !== undefined && isServiceJob(row) && mayAccess(user, row);
  }

  private assertMayRender(user: User): void {
    // A render makes a rendered asset: whoever may create one may render.
    if (!canCreate(user, 'renderedAsset')) throw forbidden();
  }

  /** Refuses a job whose pixels × samples × frames pass the per-job ceiling, naming both. */
  private assertAffordable(
    request: StillRenderRequest | VideoRenderRequest | MatrixRenderRequest | TurntableRequest,
    frames: number,
    unit: 'frame' | 'still' = 'frame',
  ): void {
    const resolution = requestedResolution(request);
    const cost = renderJobCost(resolution, request, frames);
    const limit = this.queue.limits.jobCost;
    if (cost <= limit) return;
    const parts = `${resolution.width}×${resolution.height} pixels × ${request.antiAliasSpatial * request.antiAliasTemporal} samples (${request.antiAliasSpatial}×${request.antiAliasTemporal}) × ${frames} ${unit}${frames === 1 ? '' : 's'}`;
    throw badRequest(RENDER_MESSAGES.tooCostly(cost, limit, parts));
  }

  /** The request with the scene it renders: the saved configuration's settings when only its id was sent. */
  private async withScene<
    T extends StillRenderRequest | VideoRenderRequest | MatrixRenderRequest | TurntableRequest | CarModelRequest,
  >(user: User, request: T): Promise<T> {
    const { configId } = request.metadata;
    if (configId === null) return request;
    const config = await this.configs.get(user, configId).catch(() => undefined);
    if (!config) throw notFound(RENDER_MESSAGES.configurationNotFound);
    return request.settings === undefined ? { ...request, settings: config.settings } : request;
  }

  private async enqueue(user: User, kind: RenderJobKind, request: unknown): Promise<RenderJob> {
    // A render's size is known only once it ran, so it is refused only when no room is left at all.
    await this.quota?.assertNotFull(user.id);
    const row = await this.queue.submit({ id: randomUUID(), ownerId: user.id, kind, request, withinUserLimit: true });
    if (!row) throw new HttpError(429, RENDER_MESSAGES.tooManyQueued(this.queue.limits.queuedPerUser));
    return toRenderJob(row);
  }

  private async visible(user: User, jobId: string): Promise<ServiceJobRow> {
    const row = await this.visibleOrGone(user, jobId, true);
    if (!row) throw notFound(RENDER_MESSAGES.jobNotFound);
    return row;
  }

  private async visibleOrGone(user: User, jobId: string, mustExist: boolean): Promise<ServiceJobRow | undefined> {
    const row = await this.queue.jobs.find(jobId);
    if (row && isServiceJob(row) && mayAccess(user, row)) return row;
    if (mustExist) throw notFound(RENDER_MESSAGES.jobNotFound);
    return undefined;
  }
}

/** The frames a video renders: its preset animation's (spec §9), or its custom sequence's. */
function framesOf(request: {
  shot?: Pick<NonNullable<StoredVideoRequest['shot']>, 'Frames'> | undefined;
  selectedAnimation?: string | undefined;
}): number {
  if (request.shot) return request.shot.Frames;
  return PRESET_ANIMATIONS.find((animation) => animation.name === request.selectedAnimation)?.frames ?? 1;
}

/** A finished job's work and time; undefined for one whose request or times do not read (an older server's). */
function timedRender(
  kind: RenderJobKind,
  row: Pick<RenderJobRow, 'request' | 'started_at' | 'finished_at'>,
): (TimedRender & { tier: RenderTier }) | undefined {
  if (!row.started_at || !row.finished_at) return undefined;
  const parsed = parseShallowJson(row.request);
  const request = parsed.ok ? timedRequestSchema.safeParse(parsed.value) : undefined;
  if (!request?.success) return undefined;
  const { data } = request;
  if (data.resolutionPreset === CUSTOM_RESOLUTION && !data.customResolution) return undefined;
  const resolution = requestedResolution(data);
  const frames =
    kind === 'still'
      ? 1
      : kind === 'matrix'
        ? [data.trims, data.paints, data.views, data.environments].reduce(
            (stills, chosen) => stills * Math.max(1, chosen?.length ?? 0),
            1,
          )
        : kind === 'turntable'
          ? (data.frames ?? 1)
          : framesOf(data);
  return {
    tier: renderTierOf(data.quality),
    work: renderWork(resolution, data, frames),
    seconds: (Date.parse(row.finished_at) - Date.parse(row.started_at)) / 1000,
  };
}

/**
 * A job of this service: a still or a video. The server's own renders (asset model previews, configuration stills)
 * are nobody's to read or cancel.
 */
type ServiceJobRow = RenderJobRow & { kind: RenderJobKind };

function isServiceJob(row: RenderJobRow): row is ServiceJobRow {
  return (RENDER_JOB_KINDS as readonly string[]).includes(row.kind);
}

/** A preset's settings, JSON text checked when it was saved; what does not parse is no animation. */
function storedSettings(text: string): unknown {
  const parsed = parseShallowJson(text);
  return parsed.ok ? parsed.value : undefined;
}

function mayAccess(user: User, row: RenderJobRow): boolean {
  return isAdmin(user) || row.owner_id === user.id;
}

function leaseRanOut(row: RenderJobRow, now = Date.now()): boolean {
  return row.lease_expires_at !== null && row.lease_expires_at < new Date(now).toISOString();
}

/** The stored job as the status call reports it; see RENDER_JOB_STATUSES for the mapping. */
export function toRenderJob(row: ServiceJobRow): RenderJob {
  const outputs = (JSON.parse(row.outputs) as StoredRenderOutput[]).map((output) => ({
    kind: output.kind,
    url: mediaUrl(output.key),
    contentType: output.contentType,
  }));
  const common = {
    jobId: row.id,
    renderedAssetId: row.asset_id,
    items: row.items === null ? [] : (JSON.parse(row.items) as RenderJobItem[]),
    kind: row.kind,
    progress: row.progress,
    message: row.message,
    error: row.error,
    outputs,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  switch (row.status) {
    case 'queued':
      return { ...common, status: 'queued' };
    case 'running':
      if (!leaseRanOut(row)) return { ...common, status: 'in progress' };
      return {
        ...common,
        status: 'error',
        message: RENDER_MESSAGES.workerLost(row.attempts, row.max_attempts),
        error: RENDER_MESSAGES.workerLost(row.attempts, row.max_attempts),
      };
    case 'completed':
    case 'failed':
    case 'cancelled':
      return { ...common, status: row.status };
  }
}
