import type { PresetType } from '@autostudio/protocol';

/** How the console names the two preset types of spec §3. */
export const PRESET_TYPE_LABELS: Record<PresetType, string> = {
  postProcess: 'Post-process',
  animation: 'Animation',
};
