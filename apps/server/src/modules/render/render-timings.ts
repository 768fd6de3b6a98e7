import type { RenderTiming } from '@autostudio/protocol';
import { median } from '../../lib/median.js';

/** One finished render: its work (pixels × samples × frames) and how long it took. */
export interface TimedRender {
  work: number;
  seconds: number;
}

/**
 * seconds = fixedSeconds + secondsPerWork × work, fitted to finished renders by least squares. With renders of
 * too alike a size to tell the fixed part from the rest (or a fit that would make either part negative), all of the
 * time counts as work, at the median rate: one odd render does not move it.
 */
export function fitRenderTiming(
  renders: readonly TimedRender[],
): Pick<RenderTiming, 'fixedSeconds' | 'secondsPerWork'> {
  const usable = renders.filter(({ work, seconds }) => work > 0 && Number.isFinite(seconds) && seconds >= 0);
  if (usable.length === 0) throw new Error('fitRenderTiming needs a finished render');
  const works = usable.map(({ work }) => work);
  if (usable.length >= 3 && Math.max(...works) >= 1.5 * Math.min(...works)) {
    const n = usable.length;
    const meanWork = works.reduce((sum, work) => sum + work, 0) / n;
    const meanSeconds = usable.reduce((sum, { seconds }) => sum + seconds, 0) / n;
    let covariance = 0;
    let variance = 0;
    for (const { work, seconds } of usable) {
      covariance += (work - meanWork) * (seconds - meanSeconds);
      variance += (work - meanWork) ** 2;
    }
    const secondsPerWork = covariance / variance;
    const fixedSeconds = meanSeconds - secondsPerWork * meanWork;
    if (secondsPerWork > 0 && fixedSeconds >= 0) return { fixedSeconds, secondsPerWork };
  }
  return { fixedSeconds: 0, secondsPerWork: median(usable.map(({ work, seconds }) => seconds / work)) ?? 0 };
}
