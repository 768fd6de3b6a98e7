import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BUILT_IN_CAR_GLB } from '../built-in-car.js';
import { initialSceneState } from '../scene/initial-state.js';
import { runTool, withRenderer } from './run-tool.js';

/**
 * `npm run engine:export-car`: writes the built-in car, every trim, to apps/engine/assets/terra.glb, so that the
 * product-load path (Download File → LoadCarByPath) is exercised with a real file, and the server can offer it.
 */
runTool(async () => {
  const glb = await withRenderer(initialSceneState({ width: 64, height: 64 }), (renderer) =>
    renderer.exportBuiltInCar(),
  );
  await mkdir(path.dirname(BUILT_IN_CAR_GLB), { recursive: true });
  await writeFile(BUILT_IN_CAR_GLB, glb);
  process.stdout.write(`Wrote ${BUILT_IN_CAR_GLB} (${(glb.length / 1024 / 1024).toFixed(2)} MB)\n`);
});
