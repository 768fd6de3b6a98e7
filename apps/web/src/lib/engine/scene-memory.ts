import type { ImageSlot, ImageSlotName, StudioView } from './engine-store';

/** Not one of the spec's storage keys: the studio's own, kept for the tab's session like them. */
const KEY = 'autostudio.engineScene';

/** What the studio knows of a scene that the engine does not report: the view and the images it was given. */
export interface SceneMemory {
  view: StudioView;
  images: Partial<Record<ImageSlotName, ImageSlot>>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Kept per scene (an engine session): a reload that returns to the same scene finds it again. */
export function rememberScene(sceneKey: string, memory: SceneMemory): void {
  sessionStorage.setItem(KEY, JSON.stringify({ sceneKey, ...memory }));
}

/** What was remembered of this scene, or null for another scene (or nothing readable). */
export function recallScene(sceneKey: string): SceneMemory | null {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (!isObject(stored) || stored.sceneKey !== sceneKey) return null;
    const { view, images } = stored;
    if (!isObject(view) || !isObject(images)) return null;
    if (view.viewMode !== 'editor' && view.viewMode !== 'camera') return null;
    if (typeof view.compositionGuideVisible !== 'boolean' || typeof view.selectedLightId !== 'number') return null;
    return stored as unknown as SceneMemory;
  } catch {
    return null;
  }
}
