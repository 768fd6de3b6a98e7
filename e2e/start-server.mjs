// Starts the built server on a fresh data directory for one end-to-end run.
import fs from 'node:fs';
import path from 'node:path';

const dataDir = process.env.DATA_DIR;
if (!dataDir || !path.isAbsolute(dataDir)) throw new Error('DATA_DIR must be an absolute path');
fs.rmSync(dataDir, { recursive: true, force: true });
// The built-in car for the browser tests: a stand-in GLB (the test engine's renderer does not draw models).
if (!process.env.BUILT_IN_MODEL_FILE) {
  const builtIn = path.join(dataDir, 'built-in', 'terra.glb');
  fs.mkdirSync(path.dirname(builtIn), { recursive: true });
  fs.writeFileSync(builtIn, Buffer.concat([Buffer.from('glTF'), Buffer.alloc(64 * 1024, 7)]));
  process.env.BUILT_IN_MODEL_FILE = builtIn;
}
await import('../apps/server/dist/main.js');
