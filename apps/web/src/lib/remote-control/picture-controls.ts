import { ENGINE_PRESET, engineFunctionRole, type EngineFunctionName } from '@autostudio/protocol';

/** A control the engine confirmed, on the page's clock (performance.now()), for its control-to-photon time. */
export interface AnsweredControl {
  sentAt: number;
  answeredAt: number;
}

const field = (body: unknown, name: string): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;

const PRESET_FUNCTIONS = new Map<string, EngineFunctionName>(
  ENGINE_PRESET.functions.map((binding) => [binding.label.toLowerCase(), binding.function]),
);

const isControlFunction = (name: unknown): boolean =>
  typeof name === 'string' && engineFunctionRole(name) === 'control';

/**
 * Whether a Remote Control request changes what the camera shows, from the request alone (the socket client sees
 * only URLs and bodies): a catalogue function whose role is `control`, a property write, a preset property set, or a
 * preset function bound to a control. Reads (READ_ACCESS, Get… functions) and jobs (downloads, renders) are not.
 */
export function isPictureControl(url: string, method: string, body: unknown): boolean {
  if (method !== 'PUT') return false;
  const path = url.split('?')[0] ?? url;
  if (path === '/remote/object/call') return isControlFunction(field(body, 'functionName'));
  if (path === '/remote/object/property') {
    const access = field(body, 'access');
    return typeof access === 'string' && access.toUpperCase().startsWith('WRITE');
  }
  const preset = /^\/remote\/preset\/[^/]+\/(property|function)\/([^/]+)$/.exec(path);
  if (!preset?.[2]) return false;
  if (preset[1] === 'property') return field(body, 'propertyValue') !== undefined;
  return isControlFunction(PRESET_FUNCTIONS.get(decodeURIComponent(preset[2]).toLowerCase()));
}
