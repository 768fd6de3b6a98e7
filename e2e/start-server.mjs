// Starts the built server on a fresh data directory for one end-to-end run.
import fs from 'node:fs';
import path from 'node:path';

const dataDir = process.env.DATA_DIR;
if (!dataDir || !path.isAbsolute(dataDir)) throw new Error('DATA_DIR must be an absolute path');
fs.rmSync(dataDir, { recursive: true, force: true });
await import('@autostudio/server/testing/e2e-server');
