import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUILT_IN_CAR_GLB } from '../built-in-car.js';
import { ChromiumRenderer } from '../renderer/chromium-renderer.js';
import { initialSceneState } from '../scene/initial-state.js';

/**
 * `npm run engine:export-car`: writes the built-in car, every trim, to apps/engine/assets/terra.glb, so that the
 * product-load path (Download File → LoadCarByPath) is exercised with a real file, and the server can offer it.
 */

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'autostudio-export-'));
  const renderer = new ChromiumRenderer({ width: 64, height: 64, dataDir });
  try {
    await renderer.start(initialSceneState({ width: 64, height: 64 }));
    const glb = await renderer.exportBuiltInCar();
    await mkdir(path.dirname(BUILT_IN_CAR_GLB), { recursive: true });
    await writeFile(BUILT_IN_CAR_GLB, glb);
    process.stdout.write(`Wrote ${BUILT_IN_CAR_GLB} (${(glb.length / 1024 / 1024).toFixed(2)} MB)\n`);
  } finally {
    await renderer.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
