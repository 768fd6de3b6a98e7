import { ENGINE_LINE } from '@autostudio/protocol';
import { median } from '../../lib/median.js';

/** The median of the lengths of recent sessions: what a session typically lasts here; null with none to learn from. */
export function typicalSessionMs(lengthsMs: readonly number[]): number | null {
  const middle = median(lengthsMs);
  return middle === null ? null : Math.round(middle);
}

export interface WaitInput {
  /** 1 at the head of the line. */
  place: number;
  /** Engines not lent: the first `free` in line are let in at once. */
  free: number;
  /** How long each lent engine's session has run. */
  activeAgesMs: readonly number[];
  typicalMs: number | null;
}

/**
 * When the user at `place` should get an engine: each lent session is expected to last the typical length (one
 * already longer may end any moment, so it is given ENGINE_LINE.minRemainingMs), and engines free in that order,
 * each taking the next in line; past the last of them, every engine turns over once per typical session.
 */
export function estimateWaitMs({ place, free, activeAgesMs, typicalMs }: WaitInput): number | null {
  const releasesNeeded = place - free;
  if (releasesNeeded <= 0) return 0;
  if (typicalMs === null || activeAgesMs.length === 0) return null;
  const remaining = activeAgesMs
    .map((age) => Math.max(typicalMs - age, ENGINE_LINE.minRemainingMs))
    .sort((a, b) => a - b);
  const index = releasesNeeded - 1;
  const round = Math.floor(index / remaining.length);
  return (remaining[index % remaining.length] ?? 0) + round * typicalMs;
}
