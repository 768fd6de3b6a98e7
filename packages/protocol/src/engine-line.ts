import { z } from 'zod';

/**
 * Issue 33: the waiting line for engines. When every engine is lent, a user who asks for one keeps a place in a
 * first-come line, held in the database so that every server copy sees the same line. A place lives while its page
 * asks for it every `pollMs`; one not asked for within `staleMs` (the page closed, its copy died and no other was
 * reached) counts no more, and the next in line moves up.
 */
export const ENGINE_LINE = {
  pollMs: 3000,
  staleMs: 20_000,
  /** The estimated wait learns from this many of the latest ended sessions. */
  historySessions: 20,
  /** A session already longer than the typical one may still end any moment: this is the least it is given. */
  minRemainingMs: 30_000,
} as const;

/** Where the caller stands: place 1 is the head of the line; 0, they hold an engine already. */
export const lineStandingSchema = z.object({
  place: z.number().int().nonnegative(),
  /** Everyone waiting, the caller included. */
  length: z.number().int().nonnegative(),
  /** When an engine should be the caller's, from recent session lengths; null before any session has ended. */
  estimatedWaitMs: z.number().int().nonnegative().nullable(),
  /** An engine may be the caller's now: ask for a session. */
  yourTurn: z.boolean(),
});
export type LineStanding = z.infer<typeof lineStandingSchema>;

export const lineEntrySchema = z.object({
  userId: z.string(),
  username: z.string().nullable(),
  place: z.number().int().positive(),
  joinedAt: z.string(),
  lastSeenAt: z.string(),
  estimatedWaitMs: z.number().int().nonnegative().nullable(),
});
export type LineEntry = z.infer<typeof lineEntrySchema>;

/** Administrators: the engines and who waits for them. */
export const engineLineSummarySchema = z.object({
  /** Most engines this server copy may lend, and how many of them are lent. */
  engines: z.object({ capacity: z.number().int().nonnegative(), inUse: z.number().int().nonnegative() }),
  /** The median length of the latest ended sessions, which the estimates use; null before any has ended. */
  typicalSessionMs: z.number().int().nonnegative().nullable(),
  /** First in line first. */
  waiting: z.array(lineEntrySchema),
});
export type EngineLineSummary = z.infer<typeof engineLineSummarySchema>;

export const LINE_MESSAGES = {
  place: (place: number) => `You are number ${place} in line`,
  /** The estimated wait as the line shows it. */
  wait: (ms: number | null) => {
    if (ms === null) return 'Estimating the wait…';
    if (ms < 60_000) return 'Estimated wait: less than a minute';
    return `Estimated wait: about ${Math.round(ms / 60_000)} min`;
  },
  hint: 'Every engine is in use. The studio opens by itself as soon as one is free; keep this page open to keep your place.',
  leave: 'Leave the line',
  left: 'You left the line.',
} as const;
