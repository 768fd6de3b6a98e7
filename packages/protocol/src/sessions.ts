import { z } from 'zod';

/** Spec §4 "Session status". */
export const SESSION_STATUSES = ['Disconnected', 'Loading', 'Connected', 'Error'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const sessionDetailsSchema = z.object({
  sessionId: z.string(),
  /** host:port of the engine's Remote Control API, as the remote config's instanceId. */
  instanceId: z.string(),
  /** The Pixel Streaming signalling URL the player connects to. */
  instanceUrl: z.string(),
});
export type SessionDetails = z.infer<typeof sessionDetailsSchema>;

/** Every session call answers with this (spec §3 "Session"). */
export const sessionResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  sessionDetails: sessionDetailsSchema.nullable(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const sessionIdBodySchema = z.object({ sessionId: z.string().min(1).max(64) });
/** The first path family sends its payloads without a fixed shape; a session id is read when present. */
export const optionalSessionIdBodySchema = z
  .object({ sessionId: z.string().min(1).max(64).optional() })
  .loose()
  .default({});

/**
 * The release of a page that goes away: with `pageClosed`, the server releases the session after
 * SESSION.pageCloseGraceMs unless a heartbeat comes first (the same tab, reloaded).
 */
export const sessionReleaseBodySchema = z
  .object({ sessionId: z.string().min(1).max(64).optional(), pageClosed: z.boolean().optional() })
  .loose()
  .default({});

/**
 * Why the signalling server closed a player's socket (codes beside the WebSocket standard ones). The reason text
 * travels with the close, and Epic's frontend hands it to the page as the disconnect message.
 */
export const SIGNALLING_CLOSE = {
  /** No valid token, or the sign-in it belongs to has ended. */
  unauthorized: { code: 4401, reason: 'Sign in to watch an engine' },
  /**
   * The player's engine session ended (released, expired or failed): the engine may already be someone else's.
   * 1001 (going away) is the one close Epic's frontend does not answer by reconnecting.
   */
  sessionEnded: { code: 1001, reason: 'Your engine session has ended' },
  /** A streamer announced the id of one that is connected: the connected one keeps its stream. */
  streamerIdTaken: { code: 4409, reason: (streamerId: string) => `Streamer id ${streamerId} is already connected` },
} as const;

/**
 * Issue 33: how the studio treats a user who has stopped using it. After `idleMs` without input it warns and counts
 * down `countdownMs`; then it gives the engine back. The server decides (SESSION_IDLE_SECONDS); 0 never warns.
 */
export const sessionPolicySchema = z.object({
  idleMs: z.number().int().nonnegative(),
  countdownMs: z.number().int().positive(),
});
export type SessionPolicy = z.infer<typeof sessionPolicySchema>;

export const SESSION_POLICY_DEFAULTS: SessionPolicy = { idleMs: 5 * 60_000, countdownMs: 30_000 };
