import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';

export interface ScriptWeight {
  /** The script's path on the server. */
  path: string;
  /** Gzipped, as a browser receives it from a server that compresses. */
  kb: number;
}

/**
 * Weighs every script the page loads from now on (entry, static imports, modulepreloads, lazy chunks: whatever the
 * browser really fetched), each gzipped. `weights()` waits for the bodies still arriving.
 */
export function recordScripts(page: Page): { weights: () => Promise<ScriptWeight[]> } {
  const pending: Promise<ScriptWeight | null>[] = [];
  const seen = new Set<string>();
  const weigh = async (response: Response): Promise<ScriptWeight | null> => {
    const body = await response.body().catch(() => null);
    return body ? { path: new URL(response.url()).pathname, kb: gzipSync(body).length / 1000 } : null;
  };
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js') || seen.has(url.pathname)) return;
    seen.add(url.pathname);
    pending.push(weigh(response));
  });
  return {
    weights: async () =>
      (await Promise.all(pending))
        .filter((weight): weight is ScriptWeight => weight !== null)
        .sort((a, b) => b.kb - a.kb),
  };
}

export const totalKb = (weights: ScriptWeight[]) => weights.reduce((sum, { kb }) => sum + kb, 0);
