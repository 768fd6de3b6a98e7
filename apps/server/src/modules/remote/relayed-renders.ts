import {
  ENGINE_PRESET,
  MAX_ANTI_ALIAS_SAMPLES,
  MAX_RENDER_RESOLUTION,
  RELAY_MESSAGES,
  RENDER_QUEUE_FUNCTIONS,
} from '@autostudio/protocol';

/**
 * The render functions a relayed call may reach, and the render service's limits they keep: a guest starts no render,
 * nobody renders through the relay larger or with more samples than the render API allows, and the render queue's
 * own functions (StartRenderJob and the rest) are the render service's alone, so no job skips the queue's fairness.
 * Names, keys and preset labels are matched without case, as the engine (and Unreal's FName) matches them; every
 * route that calls a function is looked into: an object call, a preset's function and each request of a batch.
 */
export interface RelayedRenderCaller {
  /** Whether the caller may start renders (the render service's rule: whoever may create a rendered asset). */
  mayRender: boolean;
}

const RENDER_STARTERS: Record<string, string> = {
  renderstill: 'RenderStill',
  'render mq': 'Render MQ',
};

/** The production-render functions, by their names without case: only the render service's runner calls them. */
const QUEUE_FUNCTIONS = new Map(Object.keys(RENDER_QUEUE_FUNCTIONS).map((name) => [name.toLowerCase(), name]));

/** The refusal of a relayed call, or null when it may go to the engine. */
export function relayedRenderRefusal(
  route: string,
  body: unknown,
  caller: RelayedRenderCaller,
  depth = 0,
): string | null {
  const path = decoded((route.split('?')[0] ?? '').replace(/\/+$/, ''));
  if (path === '/remote/object/call' && isRecord(body)) {
    const name = field(body, 'functionName');
    return typeof name === 'string' ? functionRefusal(name, field(body, 'parameters'), caller) : null;
  }
  const preset = /^\/remote\/preset\/[^/]+\/function\/([^/]+)$/.exec(path);
  if (preset) {
    const label = decoded(preset[1] ?? '');
    const bound = ENGINE_PRESET.functions.find((exposed) => exposed.label.toLowerCase() === label);
    const parameters = isRecord(body) ? field(body, 'Parameters') : undefined;
    return bound ? functionRefusal(bound.function, parameters, caller) : null;
  }
  if (path === '/remote/batch' && isRecord(body) && depth === 0) {
    const requests = field(body, 'Requests');
    if (!Array.isArray(requests)) return null;
    for (const request of requests) {
      if (!isRecord(request)) continue;
      const url = field(request, 'URL');
      if (typeof url !== 'string') continue;
      const refusal = relayedRenderRefusal(url, field(request, 'Body'), caller, depth + 1);
      if (refusal) return refusal;
    }
  }
  return null;
}

function functionRefusal(name: string, parameters: unknown, caller: RelayedRenderCaller): string | null {
  const queued = QUEUE_FUNCTIONS.get(name.toLowerCase());
  if (queued) return RELAY_MESSAGES.renderQueueOnly(queued);
  const starter = RENDER_STARTERS[name.toLowerCase()];
  if (!starter) return null;
  if (!caller.mayRender) return RELAY_MESSAGES.rendersNotForGuests(starter);
  const params = isRecord(parameters) ? parameters : {};
  const size = `at most ${MAX_RENDER_RESOLUTION.width}×${MAX_RENDER_RESOLUTION.height} pixels`;
  const tooLarge =
    exceeds(lastField(params, 'Width'), MAX_RENDER_RESOLUTION.width) ||
    exceeds(lastField(params, 'Height'), MAX_RENDER_RESOLUTION.height);
  if (starter === 'Render MQ') return tooLarge ? RELAY_MESSAGES.renderTooLarge(starter, size) : null;
  return tooLarge || exceeds(lastField(params, 'Samples'), MAX_ANTI_ALIAS_SAMPLES)
    ? RELAY_MESSAGES.renderTooLarge(starter, `${size} and ${MAX_ANTI_ALIAS_SAMPLES} samples`)
    : null;
}

/** A number over the limit; what is no number the engine refuses itself. */
function exceeds(value: unknown, limit: number): boolean {
  return typeof value === 'number' && value > limit;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value under `key`, whatever its case (as the engine reads it). */
function field(body: Record<string, unknown>, key: string): unknown {
  if (key in body) return body[key];
  const wanted = key.toLowerCase();
  const found = Object.keys(body).find((candidate) => candidate.toLowerCase() === wanted);
  return found === undefined ? undefined : body[found];
}

/** The value of the last key spelled `key` in any case: the one the engine's canonicalKeys keeps for parameters. */
function lastField(body: Record<string, unknown>, key: string): unknown {
  const wanted = key.toLowerCase();
  const found = Object.keys(body).findLast((candidate) => candidate.toLowerCase() === wanted);
  return found === undefined ? undefined : body[found];
}
