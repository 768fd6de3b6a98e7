import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ChromiumRenderer } from '../renderer/chromium-renderer.js';
import type { SceneState } from '../contract/scene-state.js';

/**
 * A renderer on a throwaway data folder, started with `state`, for the length of `work`. `files` are written into the
 * folder first, by their path in it: images the state names, as the engine's imports would have fetched them.
 */
export async function withRenderer<T>(
  state: SceneState,
  work: (renderer: ChromiumRenderer) => Promise<T>,
  files: Record<string, Buffer> = {},
): Promise<T> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'autostudio-tool-'));
  const renderer = new ChromiumRenderer({ ...state.viewport, dataDir });
  try {
    for (const [name, bytes] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dataDir, name)), { recursive: true });
      await writeFile(path.join(dataDir, name), bytes);
    }
    await renderer.start(state);
    return await work(renderer);
  } finally {
    await renderer.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Runs a command-line tool: its failure is one line on stderr and exit code 1. */
export function runTool(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
