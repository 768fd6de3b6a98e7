import { z } from 'zod';
import { assetModelSchema, type AssetModel } from '@autostudio/protocol';
import { sessionStore } from '@/lib/session-storage';

const studioMemorySchema = z.object({ sessionId: z.string().min(1), product: assetModelSchema });

/** What a reload of /home needs to return to the same studio: the session it ran on and the product it loaded. */
export interface StudioMemory {
  sessionId: string;
  product: AssetModel;
}

/** Kept in the tab's session storage: a reload finds it, another tab or a new visit does not. */
export function rememberStudio(memory: StudioMemory): void {
  sessionStore.set('studio', JSON.stringify(memory));
}

/** The studio this tab was in, or null (none, or written by another version of the app). */
export function recallStudio(): StudioMemory | null {
  const stored = sessionStore.get('studio');
  if (!stored) return null;
  try {
    const parsed = studioMemorySchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function forgetStudio(): void {
  sessionStore.set('studio', null);
}
