import { writeFile } from 'node:fs/promises';
import { runTool, withRenderer } from './run-tool.js';
import { stillRequest } from './still-request.js';

/**
 * `npm run engine:still -- --out car.png [--trim "Terra Limited"] [--paint "cobalt blue"] [--environment studio]
 * [--yaw 30] [--pitch 10] [--width 1920] [--height 1080] [--samples 32] [--doors 0] [--renderer path-tracer]
 * [--time Sunset] [--sun-azimuth 245] [--tone-mapper AgX] [--hdri sky.exr] [--hdri-rotation 90] [--interior on]
 * [--focal-length 18]`: one still of the built-in car, without an engine server, for documentation and for looking
 * at the car.
 */
runTool(async () => {
  const request = await stillRequest(process.argv.slice(2));
  const started = Date.now();
  const image = await withRenderer(request.state, (renderer) => renderer.still(request.still), request.files);
  await writeFile(request.out, image);
  process.stdout.write(`Wrote ${request.out} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
});
